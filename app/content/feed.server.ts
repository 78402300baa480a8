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

/** `items` newest first (loadItems' order). The feed's date is its newest item's, so a rebuild writes the same bytes. */
export function feedXml<Item extends CollectionItem>(
  collection: Collection<Item>,
  items: readonly MarkdownEntry<Item>[],
): string {
  if (!collection.feed) throw new Error(`The collection ${collection.name} has no feed`);
  const updated = new Date(Math.max(0, ...items.map((i) => i.data.date.getTime())));
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
  for (const { data, html } of items) {
    const url = absoluteUrl(itemPath(collection, data.id));
    const group = collection.groups?.of(data);
    feed.addItem({
      title: data.title,
      id: url,
      link: url,
      date: data.date,
      description: data.excerpt,
      content: html,
      ...(group ? { category: [{ name: group }] } : {}),
    });
  }
  return feed.rss2();
}
