/**
 * Where each stored collection's pages are (contracts/content/site-context.ts), from the
 * collections table and the page table: the site's root route exports it, and the server reads it
 * from the server build to know which addresses it renders from the store (decision 067).
 */
import type { LiveCollectionPages } from "../../contracts/content/site-context";
import { pages, type Template } from "../site/pages";
import { collections, feedMediaType, itemPath, missingId, type Collection } from "./collections";
import { proofBlocks, type ProofBlock } from "./proof-blocks";

const pathsOf = (templates: readonly Template[] | undefined) =>
  pages.filter((p) => templates?.includes(p.template)).map((p) => p.path);

export function livePagesOf(
  list: readonly Collection[] = collections,
  blocks: readonly ProofBlock[] = proofBlocks,
): LiveCollectionPages[] {
  const withPages = list.flatMap((c) =>
    c.store
      ? [
          {
            collection: c.store,
            list: c.list,
            itemsUnder: c.itemsUnder,
            ...(c.groups && c.groupField ? { groups: { under: c.groups.under, field: c.groupField } } : {}),
            ...(c.feed ? { feed: c.feed.path, feedType: feedMediaType[c.feed.format] } : {}),
            shownOn: pathsOf(c.shownOn),
            missing: itemPath(c, missingId),
          },
        ]
      : [],
  );
  // Proof blocks have only the pages that show them.
  return [...withPages, ...blocks.map((b) => ({ collection: b.store, shownOn: pathsOf(b.shownOn) }))];
}

export const livePages = livePagesOf();
