import { collections, type Collection, type FeedFormat } from "../content/collections";
import { groupPath, groupSlug, itemPath } from "../content/collections";
import { collectionPaths, groupsWithItems, loadItems } from "../content/collections.server";
import { validateContent } from "../content/validate";
import { pages, type PageEntry } from "./pages";

/** Path whose prerendered HTML the server answers, with status 404, for every unknown URL. */
export const notFoundPath = "/404";

/** The two tables the site's addresses come from; a test passes its own (server/test-support/added-collection.ts). */
export interface SiteTables {
  pages: readonly PageEntry[];
  collections: readonly Collection[];
}

export const siteTables: SiteTables = { pages, collections };

/** Public paths beyond the page table (each collection's items and groups), listed in the sitemap. */
export async function sitemapPaths(list: readonly Collection[] = collections): Promise<string[]> {
  return list.flatMap((c) => collectionPaths(c).pages);
}

/** Each collection's 404 stand-ins by prefix, the longer prefix first across collections too. */
export function collectionNotFoundUnder(list: readonly Collection[] = collections) {
  return list.flatMap((c) => collectionPaths(c).notFoundUnder).sort((a, b) => b.prefix.length - a.prefix.length);
}

/**
 * One page of each kind a collection adds, for the per-route browser checks (axe, headings, the
 * layout walks) that would take too long over every item: its newest item and the first of its
 * group pages, per collection, from the content.
 */
export function collectionSamples(list: readonly Collection[] = collections): string[] {
  return list.flatMap((c) => {
    const items = loadItems(c);
    const [group] = groupsWithItems(c, items);
    return [
      ...(items[0] ? [itemPath(c, items[0].data.id)] : []),
      ...(group !== undefined ? [groupPath(c, groupSlug(group))] : []),
    ];
  });
}

/** Every collection's feed address (`format`: only those of that format). */
export function feedPaths(list: readonly Collection[] = collections, format?: FeedFormat): string[] {
  return list.flatMap((c) => (c.feed && (!format || c.feed.format === format) ? [c.feed.path] : []));
}

/**
 * Pages of the page table the server renders per request from the database through React Router's
 * server build (server/careers/, docs/decisions/055) instead of serving a prerendered file.
 */
export const renderedPerRequest: readonly string[] = ["/career"];

/** What React Router prerenders: every page and each feed, but those rendered per request. */
export async function prerenderedFiles(): Promise<string[]> {
  return (await prerenderList()).filter((path) => !renderedPerRequest.includes(path));
}

/** Every file React Router writes at build and the server sends as it is: the pages and each collection's feed. */
export async function prerenderList(site: SiteTables = siteTables): Promise<string[]> {
  return [...(await prerenderPaths(site)), ...feedPaths(site.collections)];
}

/**
 * Every path of the site's pages (listed in the site manifest), those rendered per request included:
 * the page table's, each collection's items, groups and 404 stand-ins, and the 404 page.
 */
export async function prerenderPaths(site: SiteTables = siteTables): Promise<string[]> {
  validateContent();
  for (const c of site.collections) {
    if (!site.pages.some((p) => p.path === c.list))
      throw new Error(`The collection ${c.name} lists its items on ${c.list}, which is not in the page table`);
  }
  return [
    ...site.pages.map((p) => p.path),
    ...(await sitemapPaths(site.collections)),
    ...collectionNotFoundUnder(site.collections).map((s) => s.page),
    notFoundPath,
  ];
}
