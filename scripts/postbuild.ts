/**
 * After `react-router build`: writes sitemap.xml and robots.txt from the page table, finishes each
 * prerendered page with the post-render step the server runs too (server/render/post-render.ts:
 * its CSS in a sheet of its own, its JavaScript, the islands entry of decision 041, started after the first paint,
 * precompressed bytes), records the CSP hashes of each page's inline scripts (build/csp-hashes.json,
 * read by the server), writes what the server needs of the page table (build/site-manifest.json: pages,
 * redirects, 404 pages; the server never imports app/), deletes what React Router's build wrote
 * that no page loads any more (unreferenced-files.ts), and precompresses every text file
 * (brotli and gzip) so the server never compresses per request.
 */
import fs from "node:fs";
import path from "node:path";
import { renderedPerRequest, sitemapPaths } from "../app/site/prerender";
import { readIslandsManifest } from "./islands-manifest";
import { pageBootFile } from "../server/render/page-boot";
import { attr, elements, parseHtml } from "../server/render/html-edits";
import { postRenderer, sheetName } from "../server/render/post-render";
import { islandsManifest } from "../vite.islands.config";
import { precompress } from "./precompress";
import { siteManifestFile } from "../server/site-manifest";
import { robotsTxt, siteManifest, sitemapXml } from "./site-files";
import { unreferencedFiles } from "./unreferenced-files";

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

// Each page finished by the one post-render step the server runs too (server/render/post-render.ts):
// the page's CSS in a sheet of its own, the after-paint loader with its islands' preloads, CSP hashes, brotli and gzip.
// Built before this step (package.json "build"): the islands entry and chunks every page starts
// (decision 041). The manifest is the build's own bookkeeping, not a file to serve; what the pages
// need of it is kept for the server's post-render step (build/page-boot.json).
const boot = readIslandsManifest(buildDir, islandsManifest);
fs.rmSync(path.join(buildDir, islandsManifest));
fs.writeFileSync(pageBootFile(buildDir), JSON.stringify(boot, null, 1));
// A page's sheet (its CSS, linked render-blocking: decision 085) and its later sheet (its forms'
// rules, loaded on first use: decision 061) are files of the client build named for their bytes,
// so pages with the same rules share one.
const sheetFile = (kind: "page" | "form") => (css: string) => {
  const name = sheetName(kind, css);
  fs.writeFileSync(path.join(buildDir, "assets", name), css);
  return `/assets/${name}`;
};
const finish = postRenderer({ clientDir: buildDir, boot, pageSheet: sheetFile("page"), laterSheet: sheetFile("form") });

const cspHashes: Record<string, string[]> = {};
// The stylesheet the pages link before the step gives each its own sheet: no page links it
// afterwards, but the server cuts it for each page it renders on a request, and sends a browser to
// it for a page's sheet it does not hold (decision 085).
const sheets = new Set<string>();
for (const file of files(buildDir)) {
  if (!file.endsWith(".html")) continue;
  const html = fs.readFileSync(file, "utf8");
  for (const link of elements(parseHtml(html), (el) => el.name === "link" && attr(el, "rel") === "stylesheet"))
    sheets.add(attr(link, "href")!.replace(/^\//, ""));
  const page = await finish(html);
  fs.writeFileSync(file, page.html);
  fs.writeFileSync(`${file}.br`, page.br);
  fs.writeFileSync(`${file}.gz`, page.gzip);
  cspHashes[path.relative(buildDir, file).split(path.sep).join("/")] = page.scriptHashes;
}
fs.writeFileSync(path.resolve("build/csp-hashes.json"), JSON.stringify(cspHashes, null, 1));
const manifest = await siteManifest();
for (const page of manifest.pages.filter((p) => !renderedPerRequest.includes(p))) {
  const file = path.join(buildDir, page === "/" ? "index.html" : `${page.slice(1)}/index.html`);
  if (!fs.existsSync(file)) throw new Error(`postbuild: the page ${page} was not prerendered (${file})`);
}
fs.writeFileSync(siteManifestFile(buildDir), JSON.stringify(manifest, null, 1));

// React Router's browser entry (react-dom's client, 68 KB gzip), route chunks, route manifest and
// loader data (.data): its build still writes them, but since the islands (decision 041) no page
// starts the client router, so nothing loads them. Left in build/client they would only be served
// to whoever guessed a name. Deleted once every page's HTML is final, so the islands entry and
// preloads written above count as references (unreferenced-files.ts says what counts).
const dead = unreferencedFiles(buildDir, [...sheets]);
const deadBytes = dead.reduce((sum, rel) => sum + fs.statSync(path.join(buildDir, rel)).size, 0);
for (const rel of dead) fs.rmSync(path.join(buildDir, rel));

let count = 0;
for (const file of files(buildDir)) {
  // Pages came precompressed from the post-render step.
  if (file.endsWith(".html") ? fs.existsSync(`${file}.br`) : precompress(file)) count++;
}
console.log(
  `postbuild: sitemap, robots, site manifest, CSP hashes for ${Object.keys(cspHashes).length} pages, ${dead.length} unreferenced files removed (${Math.round(deadBytes / 1024)} KB), ${count} files precompressed`,
);
