/** Build-time artefacts made from the page table and the built HTML: sitemap, robots, CSP hashes, site manifest. */
import { absoluteUrl } from "../app/site/company";
import { pages, redirects, type PageEntry } from "../app/site/pages";
import { collectionNotFoundUnder, feedPaths, notFoundPath, prerenderPaths, siteTables } from "../app/site/prerender";
import { publishedPeriods } from "../contracts/retention-periods";
import { siteManifestSchema, type SiteManifest } from "../server/site-manifest";

/** `extraPaths`: the collections' pages (sitemapPaths); `pageTable`: a test's own. */
export function sitemapXml(
  extraPaths: readonly string[] = [],
  lastmod = new Date().toISOString().slice(0, 10),
  pageTable: readonly PageEntry[] = pages,
): string {
  const paths = [...pageTable.filter((p) => p.sitemap).map((p) => p.path), ...extraPaths];
  const urls = paths
    .map((p) => `  <url><loc>${escapeXml(absoluteUrl(p))}</loc><lastmod>${lastmod}</lastmod></url>`)
    .join("\n");
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
}

export function robotsTxt(): string {
  return `User-agent: *\nAllow: /\nDisallow: /api/\nDisallow: /admin\n\nSitemap: ${absoluteUrl("/sitemap.xml")}\n`;
}

function escapeXml(s: string): string {
  return s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

/**
 * The CSP source expressions ('sha256-...') of a page's inline scripts, found by the HTML parser
 * (server/render/post-render.ts, which hashes every page it finishes). JSON-LD data blocks are
 * not executed, so they need no hash; speculation rules are not executed either, but the browser
 * applies script-src to them (speculation-rules.tsx).
 */
export { inlineScriptHashes, sha256Source } from "../server/render/post-render";

/**
 * What the server needs to know of the page table and the collections (server/site-manifest.ts):
 * pages, feeds, redirects and the 404 stand-ins.
 */
export async function siteManifest(site = siteTables): Promise<SiteManifest> {
  const notFoundUnder = collectionNotFoundUnder(site.collections);
  const feeds = feedPaths(site.collections);
  const standIns = new Set([notFoundPath, ...notFoundUnder.map((s) => s.page)]);
  return siteManifestSchema.parse({
    pages: (await prerenderPaths(site)).filter((p) => !standIns.has(p)),
    feeds,
    atomFeeds: feedPaths(site.collections, "atom"),
    redirects: redirects.map(({ from, to }) => ({ from, to })),
    notFound: notFoundPath,
    notFoundUnder,
    // The same table the legal pages' periods are written from (app/content/markdown.server.ts).
    statedPeriods: publishedPeriods(),
  } satisfies SiteManifest);
}
