import type { ImageMeta } from "@contracts/content/site-context";
import type { RichTextDoc } from "@contracts/content/rich-text";
import type { ItemSeo } from "./item-seo";
import type { CaseStudy } from "./schemas";

/**
 * A case study's picture: one of the site's own files (the Markdown studies), or an image uploaded
 * in the console, written as `<picture>` from its metadata (the store's studies, decision 063).
 */
export type StudyPicture = { src: string; alt: string } | { image: ImageMeta; alt: string };

/**
 * A case study as the pages show it, from either source (app/content/case-studies.server.ts): the
 * build's Markdown or the content store's live items. The story is the Markdown's HTML, or the
 * store's Challenge and Solution as rich text.
 */
export interface CaseStudyView extends Pick<
  CaseStudy,
  "id" | "title" | "category" | "excerpt" | "client" | "industry" | "results"
> {
  /** When the work was delivered (YYYY-MM-DD). */
  date: string;
  /** When this version went live (ISO), for a stored study: its JSON-LD's dateModified. */
  published?: string;
  picture: StudyPicture | null;
  quote?: CaseStudy["quote"];
  team: CaseStudy["team"];
  services: string[];
  technologies: string[];
  story: { html: string } | { challenge: RichTextDoc; solution: RichTextDoc };
  /** A stored study's search title, description and share picture (its page's meta). */
  seo?: ItemSeo;
}

/** A case study as its card shows it: the home page, the list, and the service and technology pages. */
export type CaseStudySummary = Pick<
  CaseStudyView,
  "id" | "title" | "category" | "excerpt" | "picture" | "client" | "industry" | "results"
>;
