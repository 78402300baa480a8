import { pages } from "./pages";

/** Path whose prerendered HTML the server answers, with status 404, for every unknown URL. */
export const notFoundPath = "/404";

/** Public paths beyond the page table (case studies), listed in the sitemap. */
export async function sitemapPaths(): Promise<string[]> {
  return [];
}

/** Every path rendered to static HTML at build time. */
export async function prerenderPaths(): Promise<string[]> {
  return [...pages.map((p) => p.path), ...(await sitemapPaths()), notFoundPath];
}
