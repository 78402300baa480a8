import type { MetaDescriptor } from "react-router";
import { pageMetaContent } from "~/content/page-meta";
import { absoluteUrl, company } from "~/site/company";
import { normalizePath } from "~/site/current-page";
import { pageByPath, type PagePath } from "~/site/pages";
import { shareImageAlt, shareImagePath, shareImageSize } from "./share-image";

export interface PageSeo {
  /** The page's own path: the canonical link always points to itself. */
  path: string;
  title: string;
  description: string;
  keywords?: readonly string[];
  /** Structured data objects, each emitted as one application/ld+json script. */
  jsonLd?: readonly object[];
  /** What a content collection calls this page (its share picture's kind: share-image.ts). */
  collectionKind?: string;
  /** An uploaded share picture (a stored item's, decision 079) in place of the one drawn for the path. */
  share?: { path: string; type: string; width: number; height: number; alt: string };
}

/** A page's title as its <title> says it: the page's own words and the company's name. */
export const pageTitle = (title: string) => `${title} | ${company.shortName}`;

/** The <title> of a page-table page (an answer to a form post starts with it, form-answer.tsx). */
export function titleForPath(pathname: string): string {
  const page = pageByPath(normalizePath(pathname));
  return page ? pageTitle(page.title) : company.shortName;
}

/**
 * Title, description, keywords, canonical link, Open Graph and Twitter tags (with the page's share
 * picture, drawn at build by scripts/og-images.ts: share-image.ts), JSON-LD.
 */
export function pageMeta({
  path,
  title,
  description,
  keywords,
  jsonLd = [],
  collectionKind,
  share,
}: PageSeo): MetaDescriptor[] {
  const fullTitle = pageTitle(title);
  const url = absoluteUrl(path);
  const image = absoluteUrl(share?.path ?? shareImagePath(path));
  return [
    { title: fullTitle },
    { name: "description", content: description },
    ...(keywords?.length ? [{ name: "keywords", content: keywords.join(", ") }] : []),
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:type", content: "website" },
    { property: "og:site_name", content: company.name },
    { property: "og:title", content: fullTitle },
    { property: "og:description", content: description },
    { property: "og:url", content: url },
    { property: "og:image", content: image },
    { property: "og:image:type", content: share?.type ?? "image/png" },
    { property: "og:image:width", content: String(share?.width ?? shareImageSize.width) },
    { property: "og:image:height", content: String(share?.height ?? shareImageSize.height) },
    { property: "og:image:alt", content: share?.alt ?? shareImageAlt(path, title, collectionKind) },
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:title", content: fullTitle },
    { name: "twitter:description", content: description },
    ...jsonLd.map((data) => ({ "script:ld+json": data })),
  ];
}

/** Metadata of a page-table page: its title, its description and keywords from content. */
export function metaForPath(pathname: string, jsonLd: readonly object[] = []): MetaDescriptor[] {
  const page = pageByPath(normalizePath(pathname));
  if (!page) return [];
  const text = pageMetaContent[page.path as PagePath];
  return pageMeta({ path: page.path, title: page.title, ...text, jsonLd });
}
