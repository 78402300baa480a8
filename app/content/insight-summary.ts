import type { RichTextDoc } from "@contracts/content/rich-text";
import type { StudyPicture } from "./case-study-summary";
import type { ItemSeo } from "./item-seo";
import type { Insight } from "./schemas";

/**
 * An insight as the pages show it, from either source (app/content/insights.server.ts): `data`
 * holds what the Markdown's front matter and a stored item share (the registry's groups read its
 * tags), the picture is a site file or an upload, the body the Markdown's HTML or the store's rich text.
 */
export interface InsightView {
  data: Pick<Insight, "id" | "title" | "excerpt" | "date" | "author" | "tags">;
  picture: StudyPicture | null;
  body: { html: string } | { doc: RichTextDoc };
  /** When a stored version went live (ISO); none for Markdown. */
  published?: string;
  /** A stored article's search title, description and share picture (its page's meta). */
  seo?: ItemSeo;
}

/** An insight as its card shows it (the list and the tag pages): no body. Dates as ISO text. */
export interface InsightSummary extends Pick<Insight, "id" | "title" | "excerpt" | "author"> {
  date: string;
  picture: StudyPicture | null;
  /** Its tags as shown, with their pages' addresses. */
  tags: { name: string; path: string }[];
}

/** "14 October 2026": an article's date as its byline shows it, in UTC (the date the file names). */
export function articleDate(iso: string): string {
  return new Date(iso).toLocaleDateString("en-GB", { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" });
}
