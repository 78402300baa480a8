/**
 * A content collection added as a new kind of content would be: insights, in this file (its
 * registry entry and its list page in the page table) and its two articles (insights/*.md), three
 * files. On the site it is an entry in app/content/collections.ts, a page in app/site/pages.ts
 * with its page meta in app/content/page-meta.ts, and the Markdown files. scripts/added-collection.test.ts
 * follows it into the prerender list, the sitemap, its feed, the site manifest and the server's 404.
 */
import { fileURLToPath } from "node:url";
import { collections, type Collection } from "../../app/content/collections";
import { collectionItemSchema } from "../../app/content/schemas";
import { pages, type PageEntry } from "../../app/site/pages";
import type { SiteTables } from "../../app/site/prerender";

export const insights: Collection = {
  name: "insights",
  folder: fileURLToPath(new URL("./insights", import.meta.url)),
  schema: collectionItemSchema,
  list: "/insights",
  itemsUnder: "/insights/",
  itemKind: "Insight",
  notFound: {
    title: "Insight Not Found",
    text: "We could not find that article. It may have moved or never existed.",
    back: "Back to Insights",
  },
  feed: {
    path: "/insights/feed.xml",
    title: "Altiva Cloud insights",
    description: "What our engineers learned building, migrating and running software for clients.",
  },
};

export const insightsPage = {
  path: "/insights",
  slug: "insights",
  label: "Insights",
  title: "Insights",
  template: "collection-list",
  sitemap: true,
} as const satisfies PageEntry;

export const siteWithInsights: SiteTables = {
  pages: [...pages, insightsPage],
  collections: [...collections, insights],
};
