/**
 * The site as `react-router build` makes it, without its prerender (the server bundle that
 * renders the careers pages, docs/decisions/055, and the stylesheet), small static pages of our
 * own where the server needs one (/, /404 and the other form pages), and the no-JavaScript answer renderer
 * (vite.form-answers.config.ts), in a folder of their own, with the files postbuild would add that
 * the server reads: sitemap.xml, csp-hashes.json, site-manifest.json and page-boot.json (every
 * island preloading nothing: the islands build is not under test). For server tests of the careers
 * pages and of what the answer pages offer.
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll } from "vitest";
import { rendererFile } from "../forms/answer-pages";
import { pageBootFile } from "../render/page-boot";
import type { PageBoot } from "../render/post-render";
import { publishedPeriods } from "../../contracts/retention-periods";

function run(args: string[], env: Record<string, string> = {}) {
  const build = spawnSync(process.execPath, args, {
    encoding: "utf8",
    timeout: 180_000,
    // As `npm run build` runs it: vitest's NODE_ENV=test would make a development JSX build.
    env: { ...process.env, NODE_ENV: "production", ...env },
  });
  if (build.status !== 0) throw new Error(`${args.join(" ")} failed: ${build.stderr}`);
}

/** Builds the site and the answer renderer into `root` (its client folder is `root/client`). */
export function buildSite(root: string): string {
  const client = path.join(root, "client");
  // Without the prerender: the server renders the careers pages from the server bundle, and the
  // few static pages the server needs are small ones of our own (below).
  run([path.resolve("node_modules/@react-router/dev/bin.js"), "build"], {
    SITE_BUILD_DIR: root,
    SITE_PRERENDER: "none",
  });
  const write = (page: string, html: string) => {
    fs.mkdirSync(path.join(client, page.slice(1)), { recursive: true });
    fs.writeFileSync(path.join(client, page.slice(1), "index.html"), html);
  };
  write("/", "<!DOCTYPE html><html><head><title>Home</title></head><body><main>Home</main></body></html>");
  write("/404", "<!DOCTYPE html><html><head><title>Not found</title></head><body><main>404</main></body></html>");
  for (const page of ["/contact", "/feedback"]) {
    write(
      page,
      `<!DOCTYPE html><html><head><title>Form</title></head><body><main><form method="post"></form></main></body></html>`,
    );
  }
  run([
    path.resolve("node_modules/vite/bin/vite.js"),
    "build",
    "-c",
    "vite.form-answers.config.ts",
    "--outDir",
    path.dirname(rendererFile(client)),
  ]);
  const islands = fs.readdirSync("app/islands/parts").map((f) => f.replace(/\.tsx$/, ""));
  const boot: PageBoot = {
    entry: "/assets/islands.js",
    base: ["/assets/islands.js"],
    islands: Object.fromEntries(islands.map((name) => [name, []])),
    scripts: Object.fromEntries(islands.map((name) => [name, []])),
  };
  // The entry's text is read for the class names it holds (server/render/page-css.ts).
  fs.mkdirSync(path.join(client, "assets"), { recursive: true });
  fs.writeFileSync(path.join(client, "assets", "islands.js"), "");
  fs.writeFileSync(pageBootFile(client), JSON.stringify(boot));
  fs.writeFileSync(path.join(root, "csp-hashes.json"), JSON.stringify({}));
  fs.writeFileSync(
    path.join(client, "sitemap.xml"),
    `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n  <url><loc>https://www.altivacloud.com/career</loc><lastmod>2026-11-20</lastmod></url>\n</urlset>\n`,
  );
  fs.writeFileSync(
    path.join(root, "site-manifest.json"),
    JSON.stringify({
      pages: ["/", "/career"],
      redirects: [],
      notFound: "/404",
      notFoundUnder: [],
      statedPeriods: publishedPeriods(),
    }),
  );
  return client;
}

/** Builds once per test file; answers the client folder to give as BUILD_DIR. */
export function useSiteBuild(): { client: string; build: () => Promise<void> } {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "site-build-"));
  afterAll(() => fs.rmSync(root, { recursive: true, force: true }));
  let built: Promise<void> | undefined;
  return {
    client: path.join(root, "client"),
    build: () => (built ??= Promise.resolve().then(() => void buildSite(root))),
  };
}
