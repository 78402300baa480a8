/**
 * The figures of decision 041's table: gzip bytes of a policy page's scripts (the islands entry,
 * its imports, and the header, cookie notice and scroll-to-top chunks) and of the contact form's
 * island on first use, read from an islands build's manifest.
 *
 *   npx vite build -c vite.islands.config.ts --outDir /tmp/islands-preact --emptyOutDir
 *   ISLANDS_RUNTIME=react npx vite build -c vite.islands.config.ts --outDir /tmp/islands-react --emptyOutDir
 *   npx tsx scripts/islands-runtime-size.ts /tmp/islands-preact /tmp/islands-react
 */
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import { islandsManifest } from "../vite.islands.config";

interface Chunk {
  file: string;
  imports?: string[];
  isEntry?: boolean;
}

for (const dir of process.argv.slice(2)) {
  const manifest = JSON.parse(fs.readFileSync(path.join(dir, islandsManifest), "utf8")) as Record<string, Chunk>;
  const closure = (key: string, into: Set<string>, except = new Set<string>()) => {
    if (into.has(key) || except.has(key)) return;
    into.add(key);
    for (const k of manifest[key]!.imports ?? []) closure(k, into, except);
  };
  const gz = (keys: Set<string>) =>
    [...keys].reduce(
      (n, k) => n + zlib.gzipSync(fs.readFileSync(path.join(dir, manifest[k]!.file)), { level: 9 }).length,
      0,
    );
  const page = new Set<string>();
  closure(
    Object.keys(manifest).find((k) => manifest[k]!.isEntry)!,
    page,
  );
  for (const name of ["site-header", "cookie-notice", "scroll-to-top"]) closure(`app/islands/parts/${name}.tsx`, page);
  const form = new Set<string>();
  closure("app/islands/parts/contact-form.tsx", form, page);
  const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
  console.log(`${dir}: policy page ${kb(gz(page))} in ${page.size} scripts; contact form on first use ${kb(gz(form))}`);
}
