/**
 * A content collection added as a new kind of content would be: notes, in this file (its
 * registry entry and its list page in the page table) and its two articles (notes/*.md), three
 * files. On the site it is an entry in app/content/collections.ts, a page in app/site/pages.ts
 * with its page meta in app/content/page-meta.ts, and the Markdown files. scripts/added-collection.test.ts
 * follows it into the prerender list, the sitemap, its feed, the site manifest and the server's 404.
 */
import { fileURLToPath } from "node:url";
import { collections, type Collection } from "../../app/content/collections";
import { collectionItemSchema } from "../../app/content/schemas";
import { pages, type PageEntry } from "../../app/site/pages";
import type { SiteTables } from "../../app/site/prerender";

export const notes: Collection = {
  name: "notes",
  folder: fileURLToPath(new URL("./notes", import.meta.url)),
  schema: collectionItemSchema,
  list: "/notes",
  itemsUnder: "/notes/",
  itemKind: "Note",
  notFound: {
    title: "Note Not Found",
    text: "We could not find that article. It may have moved or never existed.",
    back: "Back to Notes",
  },
  feed: {
    path: "/notes/feed.xml",
    format: "rss",
    title: "Altiva Cloud notes",
    description: "What our engineers learned building, migrating and running software for clients.",
  },
};

export const notesPage = {
  path: "/notes",
  slug: "notes",
  label: "Notes",
  title: "Notes",
  template: "collection-list",
  sitemap: true,
} as const satisfies PageEntry;

export const siteWithNotes: SiteTables = {
  pages: [...pages, notesPage],
  collections: [...collections, notes],
};
