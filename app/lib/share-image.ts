/**
 * Each page's share picture (Open Graph image): where it lives, what kind of page it names, and its
 * text alternative. The SEO builder (seo.ts) points every page's `og:image` here, and the build
 * (scripts/og-images.ts) draws the picture each page's head names, from the same functions, so
 * the two cannot disagree (docs/decisions/044-web-font-display-and-share-images.md).
 */
import { company } from "~/site/company";
import { pageByPath, type Template } from "~/site/pages";

/** The size LinkedIn, Slack, X and Facebook show large (1.91:1). */
export const shareImageSize = { width: 1200, height: 630 } as const;

/** Where the pictures are written under build/client and served from. */
export const shareImageDir = "og";

const careerPath = "/career";

/**
 * Role pages (/career/<slug>) are rendered by the server from data HR edits at run time, after the
 * build: they share the careers page's picture.
 */
export const sharesCareersImage = (path: string) => path.startsWith(`${careerPath}/`);

/** The word above the title, naming what kind of page this is. */
const kindOfTemplate: Record<Template, string> = {
  home: "IT services company",
  "services-overview": "Services",
  service: "Service",
  "technology-overview": "Technologies",
  technology: "Technology",
  legal: "Policy",
  "cookie-settings": "Settings",
  feedback: "Feedback",
  contact: "Contact",
  career: "Careers",
  "case-study-list": "Case studies",
  portfolio: "Portfolio",
  team: "Team",
  about: "About us",
};

export function shareImageKind(path: string): string {
  if (sharesCareersImage(path)) return kindOfTemplate.career;
  if (path.startsWith("/case-studies/category/")) return "Case studies";
  if (path.startsWith("/case-studies/")) return "Case study";
  const page = pageByPath(path);
  return page ? kindOfTemplate[page.template] : "Page";
}

/** The picture's path on the site: the page's own path under /og/ ("/" is /og/index.png). */
export function shareImagePath(path: string): string {
  const own = sharesCareersImage(path) ? careerPath : path;
  return `/${shareImageDir}${own === "/" ? "/index" : own}.png`;
}

/**
 * What the picture shows, in words. `title` is the page's title; a role page's picture is the
 * careers page's, so it is described with that page's title.
 */
export function shareImageAlt(path: string, title: string): string {
  const shown = sharesCareersImage(path) ? (pageByPath(careerPath)?.title ?? title) : title;
  return `${shareImageKind(path)}: ${shown}. ${company.name}`;
}
