/**
 * Each page's share picture (Open Graph image): where it lives, what kind of page it names, what it
 * says and its text alternative. The SEO builder (seo.ts) points every page's `og:image` here; the
 * build (scripts/og-images.ts) draws the picture each prerendered page's head names, and the server
 * draws a role page's (server/careers/routes.ts, through the careers renderer's `sharePicture`),
 * from the same functions, so that head and picture cannot disagree
 * (docs/decisions/044-web-font-display-and-share-images.md, 046-role-share-pictures.md).
 */
import { careerPath } from "@contracts/careers/roles";
import { shareImageDir, shareImageSize, type SharePictureContent } from "@contracts/share-image";
import { company, siteUrl } from "~/site/company";
import { pageByPath, type Template } from "~/site/pages";

export { shareImageDir, shareImageSize };

/**
 * Role pages (/career/<slug>) are rendered by the server from data HR edits at run time, after the
 * build: their pictures are drawn by the server too, not by the build.
 */
export const drawnByServer = (path: string) => path.startsWith(`${careerPath}/`);

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
  "insight-list": "Insights",
  /** A collection's own list page says its name instead (shareImageKind). */
  "collection-list": "Collection",
  portfolio: "Portfolio",
  team: "Team",
  about: "About us",
};

/**
 * `collectionKind`: a content collection's page says what its collection calls it
 * (collectionPageKind in app/content/collections.ts, passed in by its callers so that this module,
 * which every page's meta and so some islands import, stays clear of the collections' schemas).
 */
export function shareImageKind(path: string, collectionKind?: string): string {
  if (drawnByServer(path)) return kindOfTemplate.career;
  if (collectionKind) return collectionKind;
  const page = pageByPath(path);
  if (page?.template === "collection-list") return page.label;
  return page ? kindOfTemplate[page.template] : "Page";
}

/** The picture's path on the site: the page's own path under /og/ ("/" is /og/index.png). */
export function shareImagePath(path: string): string {
  return `/${shareImageDir}${path === "/" ? "/index" : path}.png`;
}

/** What the picture shows, in words. `title` is the page's title (without the company's name). */
export function shareImageAlt(path: string, title: string, collectionKind?: string): string {
  return `${shareImageKind(path, collectionKind)}: ${title}. ${company.name}`;
}

/** What the picture of the page at `path`, titled `title`, says. */
export function sharePictureContent(path: string, title: string, collectionKind?: string): SharePictureContent {
  return {
    title,
    kind: shareImageKind(path, collectionKind),
    brand: company.shortName,
    host: new URL(siteUrl).host.replace(/^www\./, ""),
  };
}
