/**
 * Every island of the site, by name: the parts of a prerendered page that hydrate in the browser
 * (docs/decisions/041-islands.md). The rest of a page is static HTML from the same components.
 * Each part is a module of ./parts/ named for its island: the prerender renders it from here; in
 * the browser, entry.ts loads the module of each island a page holds (and postbuild preloads it).
 */
import * as careerForm from "./parts/career-form";
import * as contactForm from "./parts/contact-form";
import * as cookieNotice from "./parts/cookie-notice";
import * as cookieSettings from "./parts/cookie-settings";
import * as feedbackForm from "./parts/feedback-form";
import * as scrollToTop from "./parts/scroll-to-top";
import * as siteHeader from "./parts/site-header";
import * as statsStrip from "./parts/stats-strip";

export const islandParts = {
  "site-header": siteHeader,
  "cookie-notice": cookieNotice,
  "cookie-settings": cookieSettings,
  "scroll-to-top": scrollToTop,
  "stats-strip": statsStrip,
  "contact-form": contactForm,
  "career-form": careerForm,
  "feedback-form": feedbackForm,
};

export type IslandName = keyof typeof islandParts;
