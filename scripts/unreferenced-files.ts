/**
 * Which files of the client build nothing can load any more (postbuild.ts deletes them; a build
 * test checks none is left).
 *
 * React Router's build still writes its browser entry (entry.client, react-dom's client: 68 KB
 * gzip), the route modules and their shared chunks, its route manifest, and a `.data` file of
 * loader data per prerendered page. Since the islands (decision 041) no page starts the client
 * router, so nothing asks for them; the server serves whatever lies in build/client, so they
 * would stay fetchable dead weight.
 *
 * A file in `assets/` has a hashed name that only a reference can know, and a `.data` file is
 * fetched only by the client router: these are the candidates. Everything else (the pages and
 * the careers templates, robots.txt, the sitemap, the favicon, images, share pictures) is served
 * by its own address and counts as a root. A candidate is kept when its name appears in a root or
 * in a text file a root reaches: Vite writes every chunk, stylesheet, font and picture URL
 * literally (imports, preload lists, url()), and postbuild writes each page's entry and preloads
 * into its HTML. A `.br`/`.gz` sibling goes with the file it compresses.
 */
import fs from "node:fs";
import path from "node:path";
import { compressible } from "./precompress";

function* files(dir: string): Generator<string> {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* files(full);
    else yield full;
  }
}

const sibling = /\.(br|gz)$/;
const isCandidate = (rel: string) => rel.startsWith("assets/") || rel.endsWith(".data");

/**
 * The files under clientDir (relative, with "/") that nothing served refers to, siblings included.
 * `kept` are candidates no page links that the server reads at run time: the site's stylesheet,
 * which the post-render step cuts for each page it renders (decision 061).
 */
export function unreferencedFiles(clientDir: string, kept: readonly string[] = []): string[] {
  const all = [...files(clientDir)].map((f) => path.relative(clientDir, f).split(path.sep).join("/"));
  const originals = all.filter((f) => !sibling.test(f));
  const reached = new Set(originals.filter((f) => !isCandidate(f) || kept.includes(f)));
  const waiting = originals.filter((f) => !reached.has(f));
  const toRead = [...reached];
  while (toRead.length > 0) {
    const rel = toRead.pop()!;
    if (!compressible.test(rel)) continue;
    const text = fs.readFileSync(path.join(clientDir, rel), "utf8");
    for (let i = waiting.length - 1; i >= 0; i--) {
      const candidate = waiting[i]!;
      if (!text.includes(path.posix.basename(candidate))) continue;
      waiting.splice(i, 1);
      reached.add(candidate);
      toRead.push(candidate);
    }
  }
  return all.filter((f) => !reached.has(f.replace(sibling, ""))).sort();
}
