import { collections, type Collection } from "../content/collections";
import { collectionPaths } from "../content/collections.server";
import { validateContent } from "../content/validate";
import { pages, roleTemplatePath, type PageEntry } from "./pages";

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

/** Every collection's feed address. */
export function feedPaths(list: readonly Collection[] = collections): string[] {
  return list.flatMap((c) => (c.feed ? [c.feed.path] : []));
}

/** What React Router prerenders: every page, each feed, and the careers role template. */
export async function prerenderedFiles(): Promise<string[]> {
  return [...(await prerenderList()), roleTemplatePath];
}

/** Every file React Router writes at build and the server sends as it is: the pages and each collection's feed. */
export async function prerenderList(site: SiteTables = siteTables): Promise<string[]> {
  return [...(await prerenderPaths(site)), ...feedPaths(site.collections)];
}

/**
 * Every page rendered to static HTML at build time and served as it is (the role template aside):
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
