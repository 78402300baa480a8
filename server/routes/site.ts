import fastifyStatic from "@fastify/static";
import type { FastifyPluginAsync, FastifyReply } from "fastify";
import fs from "node:fs";
import path from "node:path";
import { redirects } from "../../app/site/pages";
import { missingCaseStudyPaths, notFoundPath } from "../../app/site/prerender";
import { pageCsp } from "../plugins/security-headers";

export interface SiteOptions {
  buildDir: string;
  /** Other origins the pages call (API hosts), added to connect-src. */
  connectSrc?: readonly string[];
}

/** Paths of every prerendered page in the build folder ("/" and each "<path>/index.html"). */
function prerenderedPages(buildDir: string): string[] {
  const found: string[] = [];
  const walk = (dir: string, urlPath: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      if (entry.isDirectory() && entry.name !== "assets") walk(path.join(dir, entry.name), `${urlPath}/${entry.name}`);
      else if (entry.name === "index.html") found.push(urlPath || "/");
    }
  };
  walk(buildDir, "");
  const standIns: string[] = [notFoundPath, missingCaseStudyPaths.detail, missingCaseStudyPaths.category];
  return found.filter((p) => !standIns.includes(p));
}

/** Per-page script hashes written by scripts/postbuild.ts next to the client build. */
function readCspHashes(buildDir: string): Record<string, string[]> {
  const file = path.join(buildDir, "..", "csp-hashes.json");
  if (!fs.existsSync(file)) throw new Error(`Missing ${file}: run "npm run build" to make it.`);
  return JSON.parse(fs.readFileSync(file, "utf8")) as Record<string, string[]>;
}

/** Serves the prerendered site: pages, hashed assets, the 301 aliases and a real 404 page. */
export const siteRoutes: FastifyPluginAsync<SiteOptions> = async (app, { buildDir, connectSrc = [] }) => {
  if (!fs.existsSync(path.join(buildDir, "index.html"))) {
    throw new Error(`No built site in ${buildDir}: run "npm run build" first.`);
  }
  const hashes = readCspHashes(buildDir);
  const sendPage = (reply: FastifyReply, file: string) =>
    reply.header("Content-Security-Policy", pageCsp(hashes[file] ?? [], connectSrc)).sendFile(file);

  await app.register(fastifyStatic, {
    root: buildDir,
    preCompressed: true,
    index: false,
    redirect: false,
    wildcard: true,
    // Folders are not pages: let them fall through to the 404 page.
    allowedPath: (pathName) => !pathName.endsWith("/"),
    setHeaders(reply, filePath) {
      const hashedAsset = filePath.includes(`${path.sep}assets${path.sep}`);
      reply.header("Cache-Control", hashedAsset ? "public, max-age=31536000, immutable" : "no-cache");
    },
  });

  const pagePaths = new Set(prerenderedPages(buildDir));
  for (const page of pagePaths) {
    const file = page === "/" ? "index.html" : `${page.slice(1)}/index.html`;
    app.get(page, (_req, reply) => sendPage(reply, file));
  }
  for (const { from, to } of redirects) {
    app.get(from, (_req, reply) => reply.redirect(to, 301));
  }

  app.setNotFoundHandler((req, reply) => {
    const [pathname = "/", query] = req.url.split("?");
    if (pathname.startsWith("/api/")) {
      return reply.code(404).send({ status: false, message: "Not found." });
    }
    // "/about-us/" and the like: one canonical address per page.
    const trimmed = pathname.replace(/\/+$/, "");
    if (trimmed !== pathname && pagePaths.has(trimmed) && (req.method === "GET" || req.method === "HEAD")) {
      return reply.redirect(query ? `${trimmed}?${query}` : trimmed, 301);
    }
    // Category and other paths differ from a page only by letter case: send people to the real one.
    const lower = trimmed.toLowerCase();
    if (lower !== pathname && pagePaths.has(lower) && (req.method === "GET" || req.method === "HEAD")) {
      return reply.redirect(query ? `${lower}?${query}` : lower, 301);
    }
    // Unknown case studies and categories get their own "not found" wording, still with 404.
    const standIn = pathname.startsWith("/case-studies/category/")
      ? missingCaseStudyPaths.category
      : pathname.startsWith("/case-studies/")
        ? missingCaseStudyPaths.detail
        : notFoundPath;
    return sendPage(reply.code(404), `${standIn.slice(1)}/index.html`);
  });
};
