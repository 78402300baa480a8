/**
 * The content collections: one entry per kind of Markdown content with a page per item (case
 * studies and insights). The routes (app/routes.ts), the prerender list and the sitemap
 * (app/site/prerender.ts), the 404 stand-ins and the server's site manifest (scripts/site-files.ts),
 * the item pages' meta (app/lib/seo.ts), the feeds (app/content/feed.server.ts) and the feed links
 * in every page's head (app/root.tsx) all iterate this list. Adding a collection is an entry here,
 * its list page in the page table with its page meta, and its Markdown files (decision 056).
 */
import type { z } from "zod";
import type { CollectionName } from "../../contracts/content/items";
import { groupNamesOf, groupSlug } from "../../contracts/content/site-context";
import type { Template } from "../site/pages";
import { team } from "./company-pages";
import { caseStudySchema, insightSchema, type CollectionItem } from "./schemas";

export { groupSlug };

export interface Collection<Item extends CollectionItem = CollectionItem> {
  /** Its name in build errors and route ids. */
  name: string;
  /** Its folder of Markdown files, one per item (<id>.md), under app/content/ (a fixture's may be absolute). */
  folder: string;
  /** The items' front matter; read and checked at build, a bad file fails it naming the file. */
  schema: z.ZodType<Item, unknown>;
  /** Its list page, a page of the page table (menus, page meta and its route come from there). */
  list: `/${string}`;
  /** Where its items live: an item's address is this followed by its id. */
  itemsUnder: `/${string}/`;
  /** What one item is (the word above the title on its share picture). */
  itemKind: string;
  /** The words of the page an unknown item's address answers, with status 404. */
  notFound: { title: string; text: string; back: string };
  /** Groups with a page each (case studies' categories, insights' tags); only a group with an item gets one. */
  groups?: {
    under: `/${string}/`;
    /**
     * The item field that names the groups an item belongs to, as shown: one category for a case
     * study, several tags for an insight. Read by `groupsOf` here and by the server from the store.
     * A plain string so a collection of any items fits the list of them all; each collection says
     * `satisfies GroupField<…>` of its own, so a field that names no group fails the typecheck.
     */
    field: string;
    /** The order of their filters; a group not named here follows them. */
    order: readonly string[];
    /** What a group page is called (the word above the title on its share picture). */
    kind: string;
    /** The group page's route module (under app/). */
    template: string;
  };
  /** Its feed, RSS 2.0 or Atom: written at build beside the pages, and linked from every page's head. */
  feed?: { path: `/${string}.xml`; format: FeedFormat; title: string; description: string };
  /** The item page's route module (under app/); without one it is routes/collection-item.tsx. */
  itemTemplate?: string;
  /**
   * Its collection in the content store (contracts/content/items.ts): once the store holds a live
   * item of it, the server renders its pages per request from the store (decision 067).
   */
  store?: CollectionName;
  /** The page kinds (of the page table) that show its items, rendered per request with it. */
  shownOn?: readonly Template[];
}

/** The fields of an item that can name its groups: a name or a list of names. */
export type GroupField<Item> = {
  [K in keyof Item]-?: Item[K] extends string | readonly string[] ? K : never;
}[keyof Item] &
  string;

/** The groups an item belongs to, as its collection's group field names them (none without groups). */
export function groupsOf<Item extends CollectionItem>(collection: Collection<Item>, item: Item): string[] {
  return groupNamesOf(item, collection.groups?.field);
}

export type FeedFormat = "rss" | "atom";

/** The media type a feed is sent and linked as. */
export const feedMediaType: Record<FeedFormat, string> = {
  rss: "application/rss+xml",
  atom: "application/atom+xml",
};

/** The company's case-study categories, in the order their filters appear; a category shows only once it has a study. */
export const caseStudyCategories = ["Mobile App", "Cloud", "Web", "AI"] as const;

export const caseStudies: Collection<z.infer<typeof caseStudySchema>> = {
  name: "case-studies",
  folder: "case-studies",
  schema: caseStudySchema,
  list: "/case-study",
  itemsUnder: "/case-studies/",
  itemKind: "Case study",
  notFound: {
    title: "Case Study Not Found",
    text: "We could not find that case study. It may have moved or never existed.",
    back: "Back to Case Studies",
  },
  groups: {
    under: "/case-studies/category/",
    field: "category" satisfies GroupField<z.infer<typeof caseStudySchema>>,
    order: caseStudyCategories,
    kind: "Case studies",
    template: "routes/case-study-category.tsx",
  },
  feed: {
    path: "/case-studies/feed.xml",
    format: "rss",
    title: "Altiva Cloud case studies",
    description:
      "New case studies from Altiva Cloud: the client's challenge, what our engineers built and the results we measured.",
  },
  itemTemplate: "routes/case-study.tsx",
  store: "case-studies",
  shownOn: ["home", "service", "technology"],
};

/** The words of a case study's page around its fields (its not-found words are the collection's). */
export const caseStudyPageWords = {
  client: "Client",
  industry: "Industry",
  results: "Results at a glance",
  challenge: "Challenge",
  solution: "Solution",
} as const;

/** An insight's byline names someone the team page introduces, in the position it gives them. */
const insightByTeam = insightSchema.superRefine((insight, ctx) => {
  const member = team.find((m) => m.name === insight.author.name);
  if (!member) {
    ctx.addIssue({
      code: "custom",
      path: ["author", "name"],
      message: `must be a name on the team page: ${team.map((m) => m.name).join(", ")}`,
    });
  } else if (member.position !== insight.author.title) {
    ctx.addIssue({
      code: "custom",
      path: ["author", "title"],
      message: `must be "${member.position}", as the team page says`,
    });
  }
});

/** Articles by the team on the work the company does: a list, a page per tag and an Atom feed (decision 069). */
export const insights: Collection<z.infer<typeof insightSchema>> = {
  name: "insights",
  folder: "insights",
  schema: insightByTeam,
  list: "/insights",
  itemsUnder: "/insights/",
  itemKind: "Insight",
  notFound: {
    title: "Insight Not Found",
    text: "We could not find that article. It may have moved or never existed.",
    back: "Back to Insights",
  },
  groups: {
    under: "/insights/tag/",
    field: "tags" satisfies GroupField<z.infer<typeof insightSchema>>,
    // Tags have no company order: they follow in the order the articles first name them.
    order: [],
    kind: "Insights",
    template: "routes/insight-tag.tsx",
  },
  feed: {
    path: "/insights/feed.xml",
    format: "atom",
    title: "Altiva Cloud insights",
    description:
      "Articles by Altiva Cloud's engineers and leads on cloud migration, platform engineering and applied AI, from the projects we run.",
  },
  itemTemplate: "routes/insight.tsx",
  store: "insights",
  // No other page shows articles; the list, the items, the tags and the feed follow the store.
  shownOn: [],
};

/** The words of an insight tag page beside its articles. */
export const insightTagWords = { allInsights: "All insights" } as const;

export const collections: readonly Collection[] = [caseStudies, insights];

/**
 * A stored collection whose items have no page of their own: they show on one page of the page
 * table (the team on /team), which the server renders per request from the store's live items
 * once it holds any, and the prerender draws from the repository's data (decision 078).
 */
export interface ShownCollection {
  /** Its collection in the content store (contracts/content/items.ts). */
  store: CollectionName;
  /** The page of the page table that lists its items; none for the proof blocks, shown only on others. */
  page?: `/${string}`;
  /** Other page kinds (of the page table) that show its items. */
  shownOn?: readonly Template[];
}

export const shownCollections: readonly ShownCollection[] = [
  { store: "team", page: "/team" },
  { store: "portfolio", page: "/portfolio" },
];

/** A shown collection by its store name (its page's route reads it from there). */
export function shownCollection(store: CollectionName): ShownCollection {
  const found = shownCollections.find((c) => c.store === store);
  if (!found) throw new Error(`No shown collection ${store}`);
  return found;
}

/** The id of the prerendered stand-in each collection's unknown items (and groups) are answered with, with status 404. */
export const missingId = "__missing";

export function itemPath(collection: Collection, id: string): string {
  return `${collection.itemsUnder}${encodeURIComponent(id)}`;
}

export function groupPath(collection: Collection, slug: string): string {
  if (!collection.groups) throw new Error(`The collection ${collection.name} has no groups`);
  return `${collection.groups.under}${encodeURIComponent(slug.toLowerCase())}`;
}

/** The collection whose items (or groups) live under this address, if any. */
export function collectionAt(pathname: string, list: readonly Collection[] = collections): Collection | undefined {
  return list.find((c) => pathname.startsWith(c.itemsUnder) || (c.groups && pathname.startsWith(c.groups.under)));
}

/** The word above the title on a collection page's share picture, or undefined off the collections. */
export function collectionPageKind(pathname: string, list: readonly Collection[] = collections): string | undefined {
  const collection = collectionAt(pathname, list);
  if (!collection) return undefined;
  return collection.groups && pathname.startsWith(collection.groups.under)
    ? collection.groups.kind
    : collection.itemKind;
}

/** Case studies' addresses, for the pages that link them. */
export const caseStudyPaths = {
  detail: (id: string) => itemPath(caseStudies, id),
  category: (slug: string) => groupPath(caseStudies, slug),
};

/** The <link rel="alternate"> of every feed, for every page's head. */
export function feedLinks(list: readonly Collection[] = collections) {
  return list.flatMap((c) =>
    c.feed ? [{ rel: "alternate", type: feedMediaType[c.feed.format], title: c.feed.title, href: c.feed.path }] : [],
  );
}
