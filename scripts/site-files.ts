/** Build-time artefacts made from the page table and the built HTML: sitemap, robots, CSP hashes, site manifest. */
import { absoluteUrl } from "../app/site/company";
import { caseStudyPaths, pages, redirects } from "../app/site/pages";
import { missingCaseStudyPaths, notFoundPath, prerenderPaths } from "../app/site/prerender";
import { publishedPeriods } from "../contracts/retention-periods";
import { siteManifestSchema, type SiteManifest } from "../server/site-manifest";

export function sitemapXml(
  extraPaths: readonly string[] = [],
  lastmod = new Date().toISOString().slice(0, 10),
): string {
  const paths = [...pages.filter((p) => p.sitemap).map((p) => p.path), ...extraPaths];
  const urls = paths
    .map((p) => `  <url><loc>${escapeXml(absoluteUrl(p))}</loc><lastmod>${lastmod}</lastmod></url>`)
    .join("\n");
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
}

export function robotsTxt(): string {
  return `User-agent: *\nAllow: /\nDisallow: /api/\nDisallow: /admin\n\nSitemap: ${absoluteUrl("/sitemap.xml")}\n`;
}

function escapeXml(s: string): string {
  return s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

/**
 * The CSP source expressions ('sha256-...') of a page's inline scripts, found by the HTML parser
 * (server/render/post-render.ts, which hashes every page it finishes). JSON-LD data blocks are
 * not executed, so they need no hash; speculation rules are not executed either, but the browser
 * applies script-src to them (speculation-rules.tsx).
 */
export { inlineScriptHashes, sha256Source } from "../server/render/post-render";

/** What the server needs to know of the page table (server/site-manifest.ts): pages, redirects and the 404 stand-ins. */
export async function siteManifest(): Promise<SiteManifest> {
  const notFoundUnder = [
    // Categories first: their prefix lies inside the case studies' one.
    { prefix: caseStudyPaths.category(""), page: missingCaseStudyPaths.category },
    { prefix: caseStudyPaths.detail(""), page: missingCaseStudyPaths.detail },
  ];
  const standIns = new Set([notFoundPath, ...notFoundUnder.map((s) => s.page)]);
  return siteManifestSchema.parse({
    pages: (await prerenderPaths()).filter((p) => !standIns.has(p)),
    redirects: redirects.map(({ from, to }) => ({ from, to })),
    notFound: notFoundPath,
    notFoundUnder,
    // The same table the legal pages' periods are written from (app/content/markdown.server.ts).
    statedPeriods: publishedPeriods(),
  } satisfies SiteManifest);
}
