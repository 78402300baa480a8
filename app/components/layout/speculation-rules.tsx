/**
 * Speculation rules (https://developer.chrome.com/docs/web-platform/prerender-pages): once pages
 * no longer route on the client, a click to another page is a full document load. The browser
 * fetches or renders that page ahead of the click instead, so it still paints at once.
 *
 * - Every same-site page link is prerendered when the visitor shows intent: a hover of 200 ms or
 *   a press ("moderate"). A prerender runs the page, so only GET pages without side effects
 *   qualify: never the API (it holds the form answers and their confirmation pages), the staff
 *   console, files (a dot in the path: sitemap.xml, résumés, images), downloads or new tabs.
 * - The header's top-level links and its call to action, a handful of small HTML pages the next
 *   click most often goes to, are prefetched as soon as the browser sees fit ("eager"): the HTML
 *   only, no scripts run. The footer's and the dropdowns' many links are left to hover, so a
 *   page load does not fetch twenty other pages on a phone's data plan.
 *
 * The text is the same on every page: scripts/site-files.ts hashes it into each page's CSP
 * (inline speculation rules obey script-src), which also covers the careers pages the server
 * renders from the same templates.
 */
const samePages = {
  and: [
    { href_matches: "/*" },
    { not: { href_matches: ["/api/*", "/admin", "/admin/*", "/*.*"] } },
    { not: { selector_matches: "[download], [target=_blank], [rel~=nofollow], [rel~=external]" } },
  ],
};

export const speculationRules = {
  prerender: [{ where: samePages, eagerness: "moderate" }],
  prefetch: [
    {
      where: { and: [samePages, { selector_matches: ".site-nav > .nav-item > .nav-link, .site-header__cta" }] },
      eagerness: "eager",
    },
  ],
};

export const speculationRulesText = JSON.stringify(speculationRules);

export function SpeculationRules() {
  // Written into the prerendered HTML only; hydration keeps that text, so the browser bundle leaves it out.
  return (
    <script
      type="speculationrules"
      dangerouslySetInnerHTML={{ __html: import.meta.env.SSR ? speculationRulesText : "" }}
      suppressHydrationWarning
    />
  );
}
