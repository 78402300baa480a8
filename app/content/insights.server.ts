/**
 * The insights the site's pages show. Today they are the Markdown files, read at build; when the
 * content store renders pages per request (issue 41's live part), this one function reads them
 * from the load context instead (`context.content`) and the routes stay as they are.
 */
import { groupPath, groupSlug, insights } from "./collections";
import { loadItems } from "./collections.server";
import type { InsightSummary } from "./insight-summary";
import type { MarkdownEntry } from "./markdown.server";
import type { Insight } from "./schemas";

/** Every insight, newest first. `_context`: the route's load context (unused until the store serves them). */
export function insightsFrom(_context?: unknown, root?: string): MarkdownEntry<Insight>[] {
  return loadItems(insights, root);
}

/** An insight's tags with their pages' addresses. */
export function tagLinks(tags: readonly string[]): InsightSummary["tags"] {
  return tags.map((name) => ({ name, path: groupPath(insights, groupSlug(name)) }));
}

export function insightSummary({ data }: MarkdownEntry<Insight>): InsightSummary {
  const { id, title, excerpt, image, imageAlt, author, date, tags } = data;
  return { id, title, excerpt, image, imageAlt, author, date: date.toISOString(), tags: tagLinks(tags) };
}
