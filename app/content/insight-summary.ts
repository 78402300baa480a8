import type { Insight } from "./schemas";

/** An insight as its card shows it (the list and the tag pages): no body. Dates as ISO text. */
export interface InsightSummary extends Pick<Insight, "id" | "title" | "excerpt" | "image" | "imageAlt" | "author"> {
  date: string;
  /** Its tags as shown, with their pages' addresses. */
  tags: { name: string; path: string }[];
}

/** "14 October 2026": an article's date as its byline shows it, in UTC (the date the file names). */
export function articleDate(iso: string): string {
  return new Date(iso).toLocaleDateString("en-GB", { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" });
}
