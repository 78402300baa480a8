/**
 * What the server hands React Router's server build when it renders a page from the content store
 * (issue 41, docs/decisions/067): the load context's `content` key. The routes that show a
 * collection's items read them from here when it is given, and the build's Markdown otherwise (the
 * prerender, which has no context). The server decides which addresses it renders this way from
 * the table the site's root route exports (`livePages`), so a collection goes live by being an
 * entry of contracts/content/items.ts and app/content/collections.ts, without server code.
 */
import type { ImageAnswer } from "./image";
import type { CollectionName } from "./items";

/** What a page needs of an uploaded image to write its `<picture>` (ResponsiveImage). */
export type ImageMeta = Pick<ImageAnswer, "id" | "rev" | "renditions">;

/** A live item: its published data, which passed the collection's schema when it went live. */
export interface LiveItem {
  slug: string;
  data: Record<string, unknown>;
  /** When this version went live (ISO): the sitemap's lastmod and the JSON-LD's dateModified. */
  publishedAt: string;
}

export interface SiteContent {
  /**
   * The live items of each collection the store holds any for. A collection absent here is shown
   * from the build's files; one present is shown from these alone.
   */
  items: Partial<Record<CollectionName, LiveItem[]>>;
  /** The metadata of every image the items name (hero, share picture, rich-text figures), by id. */
  images: Record<string, ImageMeta>;
  /** A preview (/preview/<token>): this item's draft stands in `items`; the page says noindex. */
  preview?: { collection: CollectionName; slug: string };
}

/**
 * Where a stored collection's pages are on the site: exported by the site's root route for the
 * server. A collection with no pages of its own (a proof block: testimonials, client logos,
 * partner badges) has no list, item or missing address, only the pages that show it.
 */
export interface LiveCollectionPages {
  collection: CollectionName;
  /** The list page (/case-study), or the one page that shows them all (/team); none for proof blocks. */
  list?: string;
  /**
   * An item's address is this followed by its slug (/case-studies/). None: the items have no page
   * of their own (team members, portfolio items, proof blocks), only the list and the pages that show them.
   */
  itemsUnder?: string;
  /** Its group pages: the address prefix and the item field whose value (one name or a list), as `groupSlug`, names them. */
  groups?: { under: string; field: string };
  /** Its feed's address, answered per request too. */
  feed?: string;
  /** The media type its feed is sent as (RSS or Atom); RSS when not said (an older build). */
  feedType?: string;
  /** The other pages that show the collection's items (the home page, service and technology pages). */
  shownOn: string[];
  /** The address the collection's "not found" page is rendered at (an item nobody can have); with `itemsUnder`. */
  missing?: string;
}

/**
 * The group names an item's field holds: one (a case study's category) or a list (an insight's
 * tags). The one reading of a collection's groups, for its Markdown files and its stored items alike.
 */
export function groupNamesOf(data: object, field: string | undefined): string[] {
  const value: unknown = field ? (data as Record<string, unknown>)[field] : undefined;
  if (typeof value === "string") return [value];
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === "string") : [];
}

/** A group's name as it appears in its address ("Mobile App" is mobile-app). */
export function groupSlug(name: string): string {
  return name.trim().toLowerCase().replace(/\s+/g, "-");
}
