/**
 * What the build tells the server about the site beyond its files: its pages, its feeds, the permanent
 * redirects, which prerendered page answers an unknown address and the retention periods the
 * legal pages state. scripts/postbuild.ts writes it from the page
 * table; the server reads it at start, so it never imports the site's source (app/) at run time.
 */
import fs from "node:fs";
import path from "node:path";
import { z } from "zod";
import { legalPages, periodNames } from "../contracts/retention-periods";

const sitePath = z.string().regex(/^\/[^?#]*$/, "a site path starting with /");

export const siteManifestSchema = z.object({
  /** Every prerendered page answered with status 200, at the path its HTML file is under. */
  pages: z.array(sitePath).min(1),
  /** The content collections' feeds (app/content/collections.ts): files beside the pages, sent as RSS... */
  feeds: z.array(sitePath.regex(/\.xml$/, "a feed's address ends in .xml")).default([]),
  /** ...but these of them, sent as Atom (insights' feed: decision 069). */
  atomFeeds: z.array(sitePath).default([]),
  /** Old addresses answered with a 301 to their page. */
  redirects: z.array(z.object({ from: sitePath, to: sitePath })),
  /** The page answered, with status 404, for an unknown address. */
  notFound: sitePath,
  /**
   * Pages answered, with status 404, for unknown addresses under a prefix (an unknown case study
   * names what is missing: each content collection's items and groups), most specific prefix
   * first; the first that matches wins.
   */
  notFoundUnder: z.array(z.object({ prefix: sitePath, page: sitePath })),
  /**
   * The retention periods the legal pages state, as the build wrote them into the pages
   * (contracts/retention-periods.ts): start-up refuses settings that differ (published-periods.ts).
   */
  statedPeriods: z.partialRecord(
    z.enum(periodNames),
    z.object({
      amount: z.number().int().positive(),
      unit: z.enum(["months", "days", "hours", "minutes"]),
      pages: z.array(z.enum(legalPages)).min(1),
    }),
  ),
});

export type SiteManifest = z.infer<typeof siteManifestSchema>;

/** Where the build writes it: next to the client build, like the CSP hashes, so it is never served. */
export function siteManifestFile(buildDir: string): string {
  return path.join(buildDir, "..", "site-manifest.json");
}

export function readSiteManifest(buildDir: string): SiteManifest {
  const file = siteManifestFile(buildDir);
  if (!fs.existsSync(file)) throw new Error(`Missing ${file}: run "npm run build" to make it.`);
  const parsed = siteManifestSchema.safeParse(JSON.parse(fs.readFileSync(file, "utf8")));
  if (!parsed.success) throw new Error(`${file} is not a site manifest: ${z.prettifyError(parsed.error)}`);
  return parsed.data;
}

/** The stand-in page for an unknown address. */
export function notFoundPage(manifest: SiteManifest, pathname: string): string {
  return manifest.notFoundUnder.find((s) => pathname.startsWith(s.prefix))?.page ?? manifest.notFound;
}
