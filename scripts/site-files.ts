/** Build-time artefacts made from the page table and the built HTML: sitemap, robots, CSP hashes, site manifest. */
import crypto from "node:crypto";
import { absoluteUrl } from "../app/site/company";
import { caseStudyPaths, pages, redirects } from "../app/site/pages";
import { missingCaseStudyPaths, notFoundPath, prerenderPaths } from "../app/site/prerender";
import { publishedPeriods } from "../contracts/retention-periods";
import { siteManifestSchema, type SiteManifest } from "../server/site-manifest";

export function sitemapXml(
  extraPaths: readonly string[] = [],
  lastmod = new Date().toISOString().slice(0, 10),
): string {
  const paths = [...pages.filter((p) => p.sitemap).map((p) => p.path), ...extraPaths];
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
 * The CSP source expressions ('sha256-...') of every inline script a page carries. JSON-LD
 * data blocks are not executed, so they need no hash; speculation rules are not executed either,
 * but the browser applies script-src to them (speculation-rules.tsx).
 */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const match of html.matchAll(/<script(\s[^>]*)?>([\s\S]*?)<\/script>/gi)) {
    const attrs = match[1] ?? "";
    if (/\ssrc=/i.test(attrs)) continue;
    const type = /\stype="([^"]*)"/i.exec(attrs)?.[1];
    if (type && !["module", "text/javascript", "speculationrules"].includes(type)) continue;
    hashes.add(sha256Source(match[2] ?? ""));
  }
  return [...hashes];
}

/** The CSP source expression that allows an inline script with exactly this text. */
export function sha256Source(text: string): string {
  return `'sha256-${crypto.createHash("sha256").update(text, "utf8").digest("base64")}'`;
}

/** What the server needs to know of the page table (server/site-manifest.ts): pages, redirects and the 404 stand-ins. */
export async function siteManifest(): Promise<SiteManifest> {
  const notFoundUnder = [
    // Categories first: their prefix lies inside the case studies' one.
    { prefix: caseStudyPaths.category(""), page: missingCaseStudyPaths.category },
    { prefix: caseStudyPaths.detail(""), page: missingCaseStudyPaths.detail },
  ];
  const standIns = new Set([notFoundPath, ...notFoundUnder.map((s) => s.page)]);
  return siteManifestSchema.parse({
    pages: (await prerenderPaths()).filter((p) => !standIns.has(p)),
    redirects: redirects.map(({ from, to }) => ({ from, to })),
    notFound: notFoundPath,
    notFoundUnder,
    // The same table the legal pages' periods are written from (app/content/markdown.server.ts).
    statedPeriods: publishedPeriods(),
  } satisfies SiteManifest);
}
