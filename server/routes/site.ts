import fastifyStatic from "@fastify/static";
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from "fastify";
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { pickEncoding as acceptedEncoding } from "../careers/page-cache";
import { pageCsp, strictCsp } from "../plugins/security-headers";
import type { SiteRedirects } from "../redirects/site-redirects";
import type { StoredSheet } from "../render/site-render";
import { notFoundPage, readSiteManifest } from "../site-manifest";

export interface SiteOptions {
  buildDir: string;
  /** Other origins the pages call (API hosts), added to connect-src. */
  connectSrc?: readonly string[];
  /**
   * Pages another plugin answers (the careers pages, rendered per request: server/careers/). They
   * stay pages for the address rules (/career/ and /Career lead to /career) but are not served from here.
   */
  servedElsewhere?: readonly string[];
  /** Told of each page not found (GET): its path without the query, and the Referer header (decision 057). */
  onNotFound?: (path: string, referer: string | undefined) => void;
  /**
   * The redirects people and the content store add (decision 062), answered with a 301 before
   * any of the site's own answers: its pages, files, aliases and 404. Reading them may fail (the
   * database away): the site then answers from the last copy it read, and `onRedirectsUnread` is told.
   */
  redirects?: SiteRedirects;
  onRedirectsUnread?: (err: unknown) => void;
  /**
   * The pages the content store holds (server/content/live-routes.ts, decision 067): asked after
   * the redirects and before the prerendered files; true when it answered, false to fall through.
   */
  live?: (req: FastifyRequest, reply: FastifyReply) => Promise<boolean>;
  /**
   * The sheets of the pages the server renders (decision 085: site-render.ts keeps them), and the
   * whole stylesheet that stands in for one this instance does not hold.
   */
  pageSheets?: { get(name: string): StoredSheet | undefined; whole: string };
}

/** A page's sheet: `/assets/page-<hash>.css` (post-render.ts `sheetName`). */
const pageSheetPath = /^\/assets\/(page-[\w-]{10}\.css)$/;

/** Per-page script hashes written by scripts/postbuild.ts next to the client build. */
export function readCspHashes(buildDir: string): Record<string, string[]> {
  const file = path.join(buildDir, "..", "csp-hashes.json");
  if (!fs.existsSync(file)) throw new Error(`Missing ${file}: run "npm run build" to make it.`);
  return JSON.parse(fs.readFileSync(file, "utf8")) as Record<string, string[]>;
}

type Encoding = "br" | "gzip" | "identity";

/** A prerendered page held in memory: its bytes in each encoding and the headers it is sent with. */
interface Page {
  bodies: Partial<Record<Encoding, Buffer>> & { identity: Buffer };
  headers: Record<string, string>;
  etag: string;
  modified: Date;
}

/**
 * Reads a page and its precompressed .br/.gz siblings once at start. Pages are few and small, so
 * answering one from memory costs no file system call: that is what lets Node come close to
 * nginx's gzip_static on them (docs/decisions/008-pages-from-memory.md).
 */
function loadPage(buildDir: string, file: string, csp: string, type = "text/html; charset=utf-8"): Page {
  const full = path.join(buildDir, file);
  const identity = fs.readFileSync(full);
  const sibling = (ext: string) => (fs.existsSync(full + ext) ? fs.readFileSync(full + ext) : undefined);
  const etag = `W/"${crypto.createHash("sha256").update(identity).digest("base64url").slice(0, 27)}"`;
  const modified = fs.statSync(full).mtime;
  modified.setMilliseconds(0);
  return {
    bodies: { identity, br: sibling(".br"), gzip: sibling(".gz") },
    etag,
    modified,
    headers: {
      "Content-Type": type,
      "Cache-Control": "no-cache",
      Vary: "Accept-Encoding",
      ETag: etag,
      "Last-Modified": modified.toUTCString(),
      "Content-Security-Policy": csp,
    },
  };
}

/** Brotli, then gzip, when the client accepts them (q > 0, or through "*"); else the plain file. */
function pickEncoding(acceptEncoding: string | undefined, page: Page): Encoding {
  if (!acceptEncoding) return "identity";
  const accepted = new Map<string, number>();
  for (const part of acceptEncoding.toLowerCase().split(",")) {
    const [name = "", ...params] = part.split(";").map((t) => t.trim());
    const q = params.find((t) => t.startsWith("q="));
    accepted.set(name, q ? Number(q.slice(2)) : 1);
  }
  for (const encoding of ["br", "gzip"] as const) {
    const q = accepted.get(encoding) ?? accepted.get("*");
    if (page.bodies[encoding] && q !== undefined && q > 0) return encoding;
  }
  return "identity";
}

/** True when the client's cached copy is current (If-None-Match first, as RFC 9110 says). */
function notModified(req: FastifyRequest, page: Page): boolean {
  const match = req.headers["if-none-match"];
  if (match !== undefined) {
    return match === "*" || match.split(",").some((tag) => tag.trim().replace(/^W\//, "") === page.etag.slice(2));
  }
  const since = req.headers["if-modified-since"];
  return since !== undefined && page.modified.getTime() <= Date.parse(since);
}

/** Serves the prerendered site: pages, feeds, hashed assets, the 301 aliases and a real 404 page. */
export const siteRoutes: FastifyPluginAsync<SiteOptions> = async (
  app,
  { buildDir, connectSrc = [], servedElsewhere = [], onNotFound, redirects, onRedirectsUnread, live, pageSheets },
) => {
  if (!fs.existsSync(path.join(buildDir, "index.html"))) {
    throw new Error(`No built site in ${buildDir}: run "npm run build" first.`);
  }
  const hashes = readCspHashes(buildDir);
  const manifest = readSiteManifest(buildDir);
  const load = (pagePath: string) => {
    const file = pagePath === "/" ? "index.html" : `${pagePath.slice(1)}/index.html`;
    return loadPage(buildDir, file, pageCsp(hashes[file] ?? [], connectSrc));
  };
  const sendPage = (req: FastifyRequest, reply: FastifyReply, page: Page) => {
    reply.headers(page.headers);
    if (reply.statusCode === 200 && notModified(req, page)) return reply.code(304).send();
    const encoding = pickEncoding(req.headers["accept-encoding"], page);
    if (encoding !== "identity") reply.header("Content-Encoding", encoding);
    return reply.send(page.bodies[encoding] ?? page.bodies.identity);
  };

  if (redirects) {
    // First of this plugin's hooks, so it runs before the static files, the pages and the 404
    // handler of this context. Answered from memory without awaiting while the copy is fresh.
    app.addHook("onRequest", (req, reply, done) => {
      if (req.method !== "GET" && req.method !== "HEAD") return done();
      const answer = () => {
        const location = redirects.location(req.url);
        if (location === undefined) return done();
        // no-cache: browsers keep a 301 for good otherwise, and an admin may remove this one.
        void reply.header("Cache-Control", "no-cache").redirect(location, 301);
      };
      if (redirects.fresh()) return answer();
      // A failed reading keeps the last copy (tried again after stampEvery, not per request).
      redirects.refresh().then(answer, (err: unknown) => {
        onRedirectsUnread?.(err);
        answer();
      });
    });
  }

  if (live) {
    // After the redirects' hook (an old slug's 301 comes first), before the files and pages.
    app.addHook("onRequest", async (req, reply) => {
      if (req.method !== "GET" && req.method !== "HEAD") return;
      if (await live(req, reply)) return reply;
    });
  }

  if (pageSheets) {
    // A sheet the server made for a page it rendered, from memory; the build's own are files.
    app.addHook("onRequest", async (req, reply) => {
      if (req.method !== "GET" && req.method !== "HEAD") return;
      const name = pageSheetPath.exec(req.url)?.[1];
      const sheet = name && pageSheets.get(name);
      if (!sheet) return;
      const encoding = acceptedEncoding(req.headers["accept-encoding"]);
      if (encoding) reply.header("Content-Encoding", encoding);
      return reply
        .headers({
          "Content-Type": "text/css; charset=utf-8",
          "Cache-Control": "public, max-age=31536000, immutable",
          Vary: "Accept-Encoding",
        })
        .send(encoding ? sheet[encoding] : sheet.css);
    });
  }

  await app.register(fastifyStatic, {
    root: buildDir,
    preCompressed: true,
    index: false,
    redirect: false,
    wildcard: true,
    // Folders are not pages: let them fall through to the 404 page. Nothing under a page another
    // plugin answers is a file to serve either: under /career lies the role page's template, whose
    // sample role must never be served (its JobPosting would outlive the role).
    allowedPath: (pathName) =>
      !pathName.endsWith("/") && !servedElsewhere.some((page) => pathName.startsWith(`${page}/`)),
    setHeaders(reply, filePath) {
      const hashedAsset = filePath.includes(`${path.sep}assets${path.sep}`);
      reply.header("Cache-Control", hashedAsset ? "public, max-age=31536000, immutable" : "no-cache");
    },
  });

  const pagePaths = new Set(manifest.pages);
  for (const pagePath of pagePaths) {
    if (servedElsewhere.includes(pagePath)) continue;
    const page = load(pagePath);
    app.get(pagePath, (req, reply) => sendPage(req, reply, page));
  }
  // A collection's feed, from memory like a page, as RSS or Atom (a file server would call it application/xml).
  for (const feedPath of manifest.feeds) {
    const type = manifest.atomFeeds.includes(feedPath) ? "application/atom+xml" : "application/rss+xml";
    const feed = loadPage(buildDir, feedPath.slice(1), strictCsp, `${type}; charset=utf-8`);
    app.get(feedPath, (req, reply) => sendPage(req, reply, feed));
  }
  const standIns = new Map(
    [manifest.notFound, ...manifest.notFoundUnder.map((s) => s.page)].map((p) => [p, load(p)] as const),
  );
  for (const { from, to } of manifest.redirects) {
    app.get(from, (_req, reply) => reply.redirect(to, 301));
  }

  app.setNotFoundHandler((req, reply) => {
    const [pathname = "/", query] = req.url.split("?");
    if (pathname.startsWith("/api/")) {
      return reply.code(404).send({ status: false, message: "Not found." });
    }
    // A page's sheet this instance does not hold (another rendered the page, or this one before a
    // restart): the whole stylesheet styles the page alike, each sheet being a cut of it in its order.
    if (pageSheets && pageSheetPath.test(pathname) && (req.method === "GET" || req.method === "HEAD"))
      return reply.header("Cache-Control", "no-cache").redirect(pageSheets.whole, 302);
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
    if (req.method === "GET") onNotFound?.(pathname, req.headers.referer);
    // Unknown case studies and categories get their own "not found" wording, still with 404.
    return sendPage(req, reply.code(404), standIns.get(notFoundPage(manifest, pathname))!);
  });
};
