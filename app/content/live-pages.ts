/**
 * Where each stored collection's pages are (contracts/content/site-context.ts), from the
 * collections table and the page table: the site's root route exports it, and the server reads it
 * from the server build to know which addresses it renders from the store (decision 067).
 */
import type { LiveCollectionPages } from "../../contracts/content/site-context";
import { pages } from "../site/pages";
import { collections, feedMediaType, itemPath, missingId, type Collection } from "./collections";

export function livePagesOf(list: readonly Collection[] = collections): LiveCollectionPages[] {
  return list.flatMap((c) =>
    c.store
      ? [
          {
            collection: c.store,
            list: c.list,
            itemsUnder: c.itemsUnder,
            ...(c.groups && c.groupField ? { groups: { under: c.groups.under, field: c.groupField } } : {}),
            ...(c.feed ? { feed: c.feed.path, feedType: feedMediaType[c.feed.format] } : {}),
            shownOn: pages.filter((p) => c.shownOn?.includes(p.template)).map((p) => p.path),
            missing: itemPath(c, missingId),
          },
        ]
      : [],
  );
}

export const livePages = livePagesOf();
