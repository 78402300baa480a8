/**
 * The site as `react-router build` makes it, without its prerender (the server bundle that
 * renders the careers pages, docs/decisions/055, and the stylesheet), small static pages of our
 * own where the server needs one (/ and /404), in a folder of their own, with the files postbuild would add that
 * the server reads: sitemap.xml, csp-hashes.json, site-manifest.json and page-boot.json (every
 * island preloading nothing: the islands build is not under test). For server tests of the careers
 * pages and of the pages that answer a browser's own form post (the form routes, decision 060).
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, inject } from "vitest";
import { pageBootFile } from "../render/page-boot";
import type { PageBoot } from "../render/post-render";
import { publishedPeriods } from "../../contracts/retention-periods";
import "./run-context";

function run(args: string[], env: Record<string, string> = {}) {
  const build = spawnSync(process.execPath, args, {
    encoding: "utf8",
    timeout: 180_000,
    // As `npm run build` runs it: vitest's NODE_ENV=test would make a development JSX build.
    env: { ...process.env, NODE_ENV: "production", ...env },
  });
  if (build.status !== 0) throw new Error(`${args.join(" ")} failed: ${build.stderr}`);
}

/** Builds the site into `root` (its client folder is `root/client`). */
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

/**
 * The site built once per run for the files that need it (server/careers/careers.test.ts,
 * server/console/positions.test.ts and the other files that answer form posts): a react-router build, 25-40 s on a loaded machine.
 * The run's folder comes from vitest.config.ts's globalSetup (server/test-support/shared-run.ts);
 * the first file to ask builds into it, and a file asking meanwhile waits for that build. Without
 * a run folder (another config), the file builds into a folder of its own. Answers the root and
 * the client folder to give as BUILD_DIR; no test may write into either.
 */
export function useSiteBuild(): { root: string; client: string; build: () => Promise<void> } {
  const shared = inject("siteBuildFolder");
  const root = shared ? path.join(shared, "site") : fs.mkdtempSync(path.join(os.tmpdir(), "site-build-"));
  if (!shared) afterAll(() => fs.rmSync(root, { recursive: true, force: true }));
  let built: Promise<void> | undefined;
  return {
    root,
    client: path.join(root, "client"),
    build: () => (built ??= shared ? buildShared(shared, root) : Promise.resolve().then(() => void buildSite(root))),
  };
}

/** The run's one build: the file that takes the lock (an atomic mkdir) builds, the others wait for its verdict. */
async function buildShared(shared: string, root: string): Promise<void> {
  const done = path.join(shared, "built");
  const failed = path.join(shared, "failed");
  try {
    fs.mkdirSync(path.join(shared, "lock"));
  } catch {
    // Another file is building; its verdict is one of two files, looked for 4 times a second.
    while (!fs.existsSync(done)) {
      if (fs.existsSync(failed)) throw new Error(`the site build failed: ${fs.readFileSync(failed, "utf8")}`);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    return;
  }
  try {
    buildSite(root);
    fs.writeFileSync(done, "");
  } catch (error) {
    fs.writeFileSync(failed, (error as Error).message);
    throw error;
  }
}
