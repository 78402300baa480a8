/**
 * After `react-router build`: writes sitemap.xml and robots.txt from the page table, inlines each
 * page's critical CSS, starts its JavaScript (the islands entry, decision 041) only after the
 * first paint (boot-after-paint.ts),
 * records the CSP hashes of each page's inline scripts (build/csp-hashes.json, read by the
 * server), writes what the server needs of the page table (build/site-manifest.json: pages,
 * redirects, 404 pages; the server never imports app/), deletes what React Router's build wrote
 * that no page loads any more (unreferenced-files.ts), and precompresses every text file
 * (brotli and gzip) so the server never compresses per request.
 */
import Beasties from "beasties";
import fs from "node:fs";
import path from "node:path";
import { sitemapPaths } from "../app/site/prerender";
import { bootAfterPaint } from "./boot-after-paint";
import { islandsOfPage, readIslandsManifest } from "./islands-manifest";
import { islandsManifest } from "../vite.islands.config";
import { precompress } from "./precompress";
import { withoutClosedPopovers } from "./closed-popovers";
import { trimCriticalCss } from "./trim-critical-css";
import { siteManifestFile } from "../server/site-manifest";
import { inlineScriptHashes, robotsTxt, siteManifest, sitemapXml } from "./site-files";
import { withRenderedSamples } from "./careers-templates";
import { careersRendererFile } from "../server/careers/renderer-file";
import { unreferencedFiles } from "./unreferenced-files";
import type { CareersRenderer } from "../contracts/careers/pages-renderer";

const buildDir = path.resolve("build/client");

function* files(dir: string): Generator<string> {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* files(full);
    else yield full;
  }
}

fs.writeFileSync(path.join(buildDir, "sitemap.xml"), sitemapXml(await sitemapPaths()));
fs.writeFileSync(path.join(buildDir, "robots.txt"), robotsTxt());
await (await import("./og-images")).writeShareImages(buildDir); // share pictures named by the pages' og:image

/*
 * The one stylesheet holds every rule of every page and widget state (21.7 KB gzip); fetched in
 * <head> it holds back the first paint until it arrives, which on a slow phone link was most of
 * the LCP. Each page instead carries, inline, the rules its own markup uses, and fetches the full
 * sheet only after its first paint (boot-after-paint.ts), with a <noscript> link for browsers
 * without JavaScript. The full sheet stays unchanged, so client-side navigation and opened
 * widgets find every rule.
 */
const beasties = new Beasties({
  path: buildDir,
  publicPath: "/",
  preload: "media-script",
  noscriptFallback: true,
  pruneSource: false,
  // Match only once the head scripts have run (the cookie notice's class, the chosen colour
  // theme), so no element carries them at build time; without them the first paint of a
  // visitor who chose dark would be light.
  allowRules: [/\.show-cookie-notice/, /\[data-bs-theme/, /\[data-theme-choice/],
  // The stylesheet declares no web font (app/styles/web-font.ts loads the brand face by script);
  // the fallback's faces are inline in <head> and stay as they are.
  inlineFonts: false,
  preloadFonts: false,
  reduceInlineStyles: false,
  logLevel: "warn",
});
/** Each inline <style> of a page, trimmed to what its first paint can use (trim-critical-css.ts). */
function withTrimmedCss(html: string): string {
  const styles = /<style>([^<]*)<\/style>/g;
  const markup = html.replace(styles, "");
  return html.replace(styles, (_m, css: string) => `<style>${trimCriticalCss(css, markup)}</style>`);
}

// Built before this step (package.json "build"): the careers templates' samples are written back
// as the server's renderer renders them, so that the server can find them (careers-templates.ts).
const { renderer: careers } = (await import(careersRendererFile(buildDir))) as { renderer: CareersRenderer };

// Built before this step (package.json "build"): the islands entry and chunks every page starts
// (decision 041). The manifest is the build's own bookkeeping, not a file to serve.
const islands = readIslandsManifest(buildDir, islandsManifest);
fs.rmSync(path.join(buildDir, islandsManifest));

// React Router's SPA shell (it refuses to build without one): the site serves prerendered pages
// only, and the shell is the one page that would still boot the client router.
fs.rmSync(path.join(buildDir, "__spa-fallback.html"));

const cspHashes: Record<string, string[]> = {};
for (const file of files(buildDir)) {
  if (!file.endsWith(".html")) continue;
  // The rules of closed popovers are left to the full stylesheet (closed-popovers.ts).
  const popovers = withoutClosedPopovers(fs.readFileSync(file, "utf8"));
  // beasties marks <html> for its own bookkeeping; the page has no use for the attribute.
  const inlined = popovers.restore((await beasties.process(popovers.html)).replace(" data-beasties-container", ""));
  const booted = bootAfterPaint(withTrimmedCss(inlined), {
    entry: islands.entry,
    preload: islands.preloadFor(islandsOfPage(inlined)),
  });
  const rel = path.relative(buildDir, file).split(path.sep).join("/");
  const html = withRenderedSamples(`/${rel.replace(/\/?index\.html$/, "")}`, booted.html, careers);
  const { extraScriptHashes } = booted;
  fs.writeFileSync(file, html);
  cspHashes[rel] = [...inlineScriptHashes(html), ...extraScriptHashes];
}
fs.writeFileSync(path.resolve("build/csp-hashes.json"), JSON.stringify(cspHashes, null, 1));
const manifest = await siteManifest();
for (const page of manifest.pages) {
  const file = path.join(buildDir, page === "/" ? "index.html" : `${page.slice(1)}/index.html`);
  if (!fs.existsSync(file)) throw new Error(`postbuild: the page ${page} was not prerendered (${file})`);
}
fs.writeFileSync(siteManifestFile(buildDir), JSON.stringify(manifest, null, 1));

// React Router's browser entry (react-dom's client, 68 KB gzip), route chunks, route manifest and
// loader data (.data): its build still writes them, but since the islands (decision 041) no page
// starts the client router, so nothing loads them. Left in build/client they would only be served
// to whoever guessed a name. Deleted once every page's HTML is final, so the islands entry and
// preloads written above count as references (unreferenced-files.ts says what counts).
const dead = unreferencedFiles(buildDir);
const deadBytes = dead.reduce((sum, rel) => sum + fs.statSync(path.join(buildDir, rel)).size, 0);
for (const rel of dead) fs.rmSync(path.join(buildDir, rel));

let count = 0;
for (const file of files(buildDir)) {
  if (precompress(file)) count++;
}
console.log(
  `postbuild: sitemap, robots, site manifest, CSP hashes for ${Object.keys(cspHashes).length} pages, ${dead.length} unreferenced files removed (${Math.round(deadBytes / 1024)} KB), ${count} files precompressed`,
);
