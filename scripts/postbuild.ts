/**
 * After `react-router build`: writes sitemap.xml and robots.txt from the page table, records the
 * CSP hashes of each page's inline scripts (build/csp-hashes.json, read by the server), and
 * precompresses every text file (brotli and gzip) so the server never compresses per request.
 */
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import { sitemapPaths } from "../app/site/prerender";
import { inlineScriptHashes, robotsTxt, sitemapXml } from "./site-files";

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

const cspHashes: Record<string, string[]> = {};
for (const file of files(buildDir)) {
  if (!file.endsWith(".html")) continue;
  const rel = path.relative(buildDir, file).split(path.sep).join("/");
  cspHashes[rel] = inlineScriptHashes(fs.readFileSync(file, "utf8"));
}
fs.writeFileSync(path.resolve("build/csp-hashes.json"), JSON.stringify(cspHashes, null, 1));

let count = 0;
for (const file of files(buildDir)) {
  if (!/\.(html|js|css|svg|xml|txt|json|data|webmanifest)$/.test(file)) continue;
  const body = fs.readFileSync(file);
  if (body.length < 256) continue;
  fs.writeFileSync(`${file}.gz`, zlib.gzipSync(body, { level: 9 }));
  fs.writeFileSync(
    `${file}.br`,
    zlib.brotliCompressSync(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }),
  );
  count++;
}
console.log(
  `postbuild: sitemap, robots, CSP hashes for ${Object.keys(cspHashes).length} pages, ${count} files precompressed`,
);
