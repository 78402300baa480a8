/**
 * A collection's items, read from its Markdown files at build time (the route loaders and the
 * prerender list that call this run only while prerendering), and the addresses they make.
 */
import { caseStudies, groupPath, groupSlug, itemPath, missingId, type Collection } from "./collections";
import { readMarkdownCollection, type MarkdownEntry } from "./markdown.server";
import type { CollectionItem } from "./schemas";

/** Every item, newest first; a file whose id is not its name fails the build. `root`: a test's content folder. */
export function loadItems<Item extends CollectionItem>(
  collection: Collection<Item>,
  root?: string,
): MarkdownEntry<Item>[] {
  const entries = readMarkdownCollection(collection.folder, collection.schema, root);
  for (const e of entries) {
    if (e.slug !== e.data.id)
      throw new Error(`Content error in ${collection.name}/${e.slug}.md: id must equal the file name`);
  }
  return entries.sort((a, b) => b.data.date.getTime() - a.data.date.getTime());
}

export const loadCaseStudies = (root?: string) => loadItems(caseStudies, root);

/**
 * The groups that have at least one item, as shown (the company's own spelling when it names the
 * group), in the company's order. Only these get a page and a filter: a group without an item
 * would be a dead end.
 */
export function groupsWithItems<Item extends CollectionItem>(
  collection: Collection<Item>,
  items: readonly MarkdownEntry<Item>[],
): string[] {
  const groups = collection.groups;
  if (!groups) return [];
  const present = new Map(items.map((i) => [groupSlug(groups.of(i.data)), groups.of(i.data)]));
  const known = groups.order.filter((g) => present.has(groupSlug(g)));
  const others = [...present].filter(([slug]) => !known.some((g) => groupSlug(g) === slug)).map(([, g]) => g);
  return [...known, ...others];
}

export interface CollectionPaths {
  /** Each item's page and each group's page: prerendered, served with status 200, in the sitemap. */
  pages: string[];
  /** The pages answered, with status 404, for an unknown address under a prefix, the longer prefix first. */
  notFoundUnder: { prefix: string; page: string }[];
  /** The feed's address, if it has one. */
  feed?: string;
}

export function collectionPaths(collection: Collection, root?: string): CollectionPaths {
  const items = loadItems(collection, root);
  const groups = collection.groups;
  return {
    pages: [
      ...items.map((i) => itemPath(collection, i.data.id)),
      ...groupsWithItems(collection, items).map((g) => groupPath(collection, groupSlug(g))),
    ],
    notFoundUnder: [
      // A group's prefix lies inside the items' one, so it comes first.
      ...(groups ? [{ prefix: groups.under, page: groupPath(collection, missingId) }] : []),
      { prefix: collection.itemsUnder, page: itemPath(collection, missingId) },
    ],
    feed: collection.feed?.path,
  };
}
