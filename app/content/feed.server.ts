/**
 * A collection's RSS 2.0 feed, written with the maintained `feed` library at build (the feed's
 * resource route, app/routes/collection-feed.ts, is prerendered to a file beside the pages).
 */
import { Feed } from "feed";
import { absoluteUrl, company } from "../site/company";
import { itemPath, type Collection } from "./collections";
import type { MarkdownEntry } from "./markdown.server";
import type { CollectionItem } from "./schemas";

/** The feed's media type, as the server sends it. */
export const feedType = "application/rss+xml";

/** One entry of a feed: from a Markdown file or a stored item. */
export interface FeedEntry {
  id: string;
  title: string;
  date: Date;
  excerpt: string;
  group?: string;
  /** The item's body as HTML; a stored item's rich text is rendered to it by React (every word escaped). */
  html: string;
}

/** `items` newest first (loadItems' order). The feed's date is its newest item's, so a rebuild writes the same bytes. */
export function feedXml<Item extends CollectionItem>(
  collection: Collection<Item>,
  items: readonly MarkdownEntry<Item>[],
): string {
  return feedOf(
    collection,
    items.map(({ data, html }) => ({
      id: data.id,
      title: data.title,
      date: data.date,
      excerpt: data.excerpt,
      group: collection.groups?.of(data),
      html,
    })),
  );
}

/** The feed of these entries, newest first. */
export function feedOf(collection: Collection, items: readonly FeedEntry[]): string {
  if (!collection.feed) throw new Error(`The collection ${collection.name} has no feed`);
  const updated = new Date(Math.max(0, ...items.map((i) => i.date.getTime())));
  const feed = new Feed({
    title: collection.feed.title,
    description: collection.feed.description,
    id: absoluteUrl(collection.list),
    link: absoluteUrl(collection.list),
    language: "en",
    copyright: `© ${company.legalName}`,
    updated,
    generator: false,
    feedLinks: { rss: absoluteUrl(collection.feed.path) },
  });
  for (const { id, title, date, excerpt, group, html } of items) {
    const url = absoluteUrl(itemPath(collection, id));
    feed.addItem({
      title,
      id: url,
      link: url,
      date,
      description: excerpt,
      content: html,
      ...(group ? { category: [{ name: group }] } : {}),
    });
  }
  return feed.rss2();
}
