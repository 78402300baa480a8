/**
 * A collection's feed, RSS 2.0 or Atom as its entry says, written with the maintained `feed`
 * library at build (the feed's resource route, app/routes/collection-feed.ts, is prerendered to a
 * file beside the pages).
 */
import { Feed } from "feed";
import { absoluteUrl, company } from "../site/company";
import { feedMediaType, groupSlug, groupsOf, itemPath, type Collection } from "./collections";
import type { MarkdownEntry } from "./markdown.server";
import type { CollectionItem } from "./schemas";

/** The media type a collection's feed is sent as. */
export function feedType(collection: Collection): string {
  if (!collection.feed) throw new Error(`The collection ${collection.name} has no feed`);
  return feedMediaType[collection.feed.format];
}

/** One entry of a feed: from a Markdown file or a stored item. */
export interface FeedEntry {
  id: string;
  title: string;
  date: Date;
  excerpt: string;
  /** Its groups (a case study's category, an insight's tags). */
  groups: readonly string[];
  /** Who it is by, when its collection names a person (an insight's author). */
  author?: { name: string };
  /** The item's body as HTML; a stored item's rich text is rendered to it by React (every word escaped). */
  html: string;
}

/** Who an item is by, when its collection names a person (an insight's author). */
function authorOf(data: CollectionItem): { name: string } | undefined {
  const author = (data as { author?: unknown }).author;
  return author && typeof author === "object" && "name" in author && typeof author.name === "string"
    ? { name: author.name }
    : undefined;
}

/** `items` newest first (loadItems' order). */
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
      groups: groupsOf(collection, data),
      author: authorOf(data),
      html,
    })),
  );
}

/**
 * The feed of these entries, newest first. The feed's date is its newest item's, so a rebuild
 * writes the same bytes. Atom requires an author of the feed or of every entry: the company is the
 * feed's, and an item naming a person has them as its entry's.
 */
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
    feedLinks: { [collection.feed.format]: absoluteUrl(collection.feed.path) },
    author: { name: company.name, link: absoluteUrl("/") },
  });
  for (const { id, title, date, excerpt, groups, author, html } of items) {
    const url = absoluteUrl(itemPath(collection, id));
    feed.addItem({
      title,
      id: url,
      link: url,
      date,
      description: excerpt,
      content: html,
      published: date,
      // Atom's category needs its term: the group's address segment; RSS shows the name.
      category: groups.map((name) => ({ name, term: groupSlug(name) })),
      ...(author ? { author: [author] } : {}),
    });
  }
  return collection.feed.format === "atom" ? feed.atom1() : feed.rss2();
}
