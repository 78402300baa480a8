/**
 * After `react-router build`: writes sitemap.xml and robots.txt from the page table and
 * precompresses every text file (brotli and gzip) so the server never compresses per request.
 */
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";

const buildDir = path.resolve("build/client");

function* textFiles(dir: string): Generator<string> {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* textFiles(full);
    else if (/\.(html|js|css|svg|xml|txt|json|data|webmanifest)$/.test(entry.name)) yield full;
  }
}

let count = 0;
for (const file of textFiles(buildDir)) {
  const body = fs.readFileSync(file);
  if (body.length < 256) continue;
  fs.writeFileSync(`${file}.gz`, zlib.gzipSync(body, { level: 9 }));
  fs.writeFileSync(
    `${file}.br`,
    zlib.brotliCompressSync(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }),
  );
  count++;
}
console.log(`postbuild: precompressed ${count} files`);
