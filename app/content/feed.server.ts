/**
 * A collection's feed, RSS 2.0 or Atom as its entry says, written with the maintained `feed`
 * library at build (the feed's resource route, app/routes/collection-feed.ts, is prerendered to a
 * file beside the pages).
 */
import { Feed } from "feed";
import { absoluteUrl, company } from "../site/company";
import { feedMediaType, groupSlug, itemPath, type Collection } from "./collections";
import type { MarkdownEntry } from "./markdown.server";
import type { CollectionItem } from "./schemas";

/** The media type a collection's feed is sent as. */
export function feedType(collection: Collection): string {
  if (!collection.feed) throw new Error(`The collection ${collection.name} has no feed`);
  return feedMediaType[collection.feed.format];
}

/** Who an item is by, when its collection names a person (an insight's author). */
function authorOf(data: CollectionItem): { name: string } | undefined {
  const author = (data as { author?: unknown }).author;
  return author && typeof author === "object" && "name" in author && typeof author.name === "string"
    ? { name: author.name }
    : undefined;
}

/**
 * `items` newest first (loadItems' order). The feed's date is its newest item's, so a rebuild
 * writes the same bytes. Atom requires an author of the feed or of every entry: the company is the
 * feed's, and an item naming a person has them as its entry's.
 */
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
    feedLinks: { [collection.feed.format]: absoluteUrl(collection.feed.path) },
    author: { name: company.name, link: absoluteUrl("/") },
  });
  for (const { data, html } of items) {
    const url = absoluteUrl(itemPath(collection, data.id));
    const groups = collection.groups?.of(data) ?? [];
    const author = authorOf(data);
    feed.addItem({
      title: data.title,
      id: url,
      link: url,
      date: data.date,
      description: data.excerpt,
      content: html,
      published: data.date,
      // Atom's category needs its term: the group's address segment; RSS shows the name.
      category: groups.map((name) => ({ name, term: groupSlug(name) })),
      ...(author ? { author: [author] } : {}),
    });
  }
  return collection.feed.format === "atom" ? feed.atom1() : feed.rss2();
}
