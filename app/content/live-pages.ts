/**
 * Where each stored collection's pages are (contracts/content/site-context.ts), from the
 * collections table and the page table: the site's root route exports it, and the server reads it
 * from the server build to know which addresses it renders from the store (decision 067).
 */
import type { LiveCollectionPages } from "../../contracts/content/site-context";
import { pages, type Template } from "../site/pages";
import {
  collections,
  feedMediaType,
  itemPath,
  missingId,
  shownCollections,
  type Collection,
  type ShownCollection,
} from "./collections";
import { proofBlocks } from "./proof-blocks";

const pathsOf = (templates: readonly Template[] | undefined) =>
  pages.filter((p) => templates?.includes(p.template)).map((p) => p.path);

export function livePagesOf(
  list: readonly Collection[] = collections,
  shown: readonly ShownCollection[] = [...shownCollections, ...proofBlocks],
): LiveCollectionPages[] {
  const withPages = list.flatMap((c) =>
    c.store
      ? [
          {
            collection: c.store,
            list: c.list,
            itemsUnder: c.itemsUnder,
            ...(c.groups ? { groups: { under: c.groups.under, field: c.groups.field } } : {}),
            ...(c.feed ? { feed: c.feed.path, feedType: feedMediaType[c.feed.format] } : {}),
            shownOn: pathsOf(c.shownOn),
            missing: itemPath(c, missingId),
          },
        ]
      : [],
  );
  // Items without pages of their own (the team, the portfolio, the proof blocks): only the page
  // listing them, if they have one, and the pages showing them render per request.
  const onPages = shown.map((c) => ({
    collection: c.store,
    ...(c.page ? { list: c.page } : {}),
    shownOn: pathsOf(c.shownOn),
  }));
  return [...withPages, ...onPages];
}

export const livePages = livePagesOf();
