import Fastify from "fastify";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { securityHeaders, strictCsp } from "../plugins/security-headers";
import type { SiteManifest } from "../site-manifest";
import { publishedPeriods } from "../../contracts/retention-periods";
import { siteRoutes } from "./site";

/** A miniature build: two pages with .br/.gz siblings, the 404 stand-ins, their CSP hashes and the site manifest. */
function fakeBuild(): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "site-build-"));
  const client = path.join(root, "client");
  const hashes: Record<string, string[]> = {};
  const page = (dir: string, text: string) => {
    const file = dir ? `${dir}/index.html` : "index.html";
    const html = Buffer.from(`<!doctype html><title>${text}</title><p>${text}</p>`);
    fs.mkdirSync(path.join(client, dir), { recursive: true });
    fs.writeFileSync(path.join(client, file), html);
    fs.writeFileSync(path.join(client, `${file}.br`), zlib.brotliCompressSync(html));
    fs.writeFileSync(path.join(client, `${file}.gz`), zlib.gzipSync(html));
    hashes[file] = [`'sha256-${text}'`];
  };
  page("", "home");
  page("about-us", "about");
  page("404", "not-found");
  page("case-studies/__missing", "missing-study");
  page("case-studies/category/__missing", "missing-category");
  // A feed, long enough to be precompressed as the build does (scripts/precompress.ts).
  const feed = Buffer.from(`<?xml version="1.0"?><rss version="2.0"><channel>${"<item/>".repeat(60)}</channel></rss>`);
  fs.writeFileSync(path.join(client, "case-studies/feed.xml"), feed);
  fs.writeFileSync(path.join(client, "case-studies/feed.xml.br"), zlib.brotliCompressSync(feed));
  fs.writeFileSync(path.join(client, "case-studies/feed.xml.gz"), zlib.gzipSync(feed));
  fs.writeFileSync(path.join(root, "csp-hashes.json"), JSON.stringify(hashes));
  const manifest: SiteManifest = {
    pages: ["/", "/about-us"],
    feeds: ["/case-studies/feed.xml"],
    atomFeeds: [],
    redirects: [{ from: "/aboutus", to: "/about-us" }],
    notFound: "/404",
    notFoundUnder: [
      { prefix: "/case-studies/category/", page: "/case-studies/category/__missing" },
      { prefix: "/case-studies/", page: "/case-studies/__missing" },
    ],
    statedPeriods: publishedPeriods(),
  };
  fs.writeFileSync(path.join(root, "site-manifest.json"), JSON.stringify(manifest));
  return root;
}

describe("prerendered pages", () => {
  let root: string;
  const app = Fastify();
  const notFound: [string, string | undefined][] = [];
  beforeAll(async () => {
    root = fakeBuild();
    await app.register(securityHeaders);
    await app.register(siteRoutes, {
      buildDir: path.join(root, "client"),
      onNotFound: (p, referer) => notFound.push([p, referer]),
    });
  });

  it("tells of each page not found by its path without the query, with the Referer; found pages and posts not", async () => {
    notFound.length = 0;
    const missing = await app.inject({
      url: "/old-page?utm_campaign=x&email=a",
      headers: { referer: "https://partner.example.com/links?id=7" },
    });
    expect(missing.statusCode).toBe(404);
    expect((await app.inject({ url: "/about-us" })).statusCode).toBe(200);
    await app.inject({ method: "POST", url: "/old-form" });
    expect(notFound).toEqual([["/old-page", "https://partner.example.com/links?id=7"]]);
  });
  afterAll(async () => {
    await app.close();
    fs.rmSync(root, { recursive: true, force: true });
  });

  it("sends brotli, then gzip, then the plain page, as the client accepts", async () => {
    const br = await app.inject({ url: "/", headers: { "accept-encoding": "gzip, deflate, br" } });
    expect(br.statusCode).toBe(200);
    expect(br.headers["content-encoding"]).toBe("br");
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toContain("<p>home</p>");
    expect(br.headers.vary).toBe("Accept-Encoding");
    expect(br.headers["content-type"]).toBe("text/html; charset=utf-8");
    expect(br.headers["cache-control"]).toBe("no-cache");

    const gzip = await app.inject({ url: "/about-us", headers: { "accept-encoding": "br;q=0, gzip" } });
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    expect(zlib.gunzipSync(gzip.rawPayload).toString()).toContain("<p>about</p>");

    const plain = await app.inject({ url: "/about-us" });
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body).toContain("<p>about</p>");
  });

  it("gives each page its own script hashes in the Content-Security-Policy", async () => {
    const res = await app.inject({ url: "/about-us" });
    expect(res.headers["content-security-policy"]).toContain("script-src 'self' 'sha256-about'");
    expect(res.headers["x-content-type-options"]).toBe("nosniff");
  });

  it("answers 304 to a current ETag or date, and the page to a stale one", async () => {
    const first = await app.inject({ url: "/" });
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^W\/"/);
    expect((await app.inject({ url: "/", headers: { "if-none-match": etag } })).statusCode).toBe(304);
    const modified = first.headers["last-modified"] as string;
    expect((await app.inject({ url: "/", headers: { "if-modified-since": modified } })).statusCode).toBe(304);
    const stale = await app.inject({ url: "/", headers: { "if-none-match": 'W/"other"' } });
    expect(stale.statusCode).toBe(200);
    expect(stale.body).toContain("<p>home</p>");
  });

  it("answers unknown paths with the matching prerendered stand-in and status 404", async () => {
    const cases = [
      ["/nowhere", "not-found"],
      ["/case-studies/nope", "missing-study"],
      ["/case-studies/category/nope", "missing-category"],
    ];
    for (const [url, text] of cases) {
      const res = await app.inject({ url, headers: { "if-none-match": "*" } });
      expect(res.statusCode).toBe(404);
      expect(res.body).toContain(`<p>${text}</p>`);
      expect(res.headers["content-security-policy"]).toContain(`'sha256-${text}'`);
    }
  });

  it("sends a collection's feed as RSS, compressed as the client accepts, under the strict policy", async () => {
    const br = await app.inject({ url: "/case-studies/feed.xml", headers: { "accept-encoding": "gzip, br" } });
    expect(br.statusCode).toBe(200);
    expect(br.headers["content-type"]).toBe("application/rss+xml; charset=utf-8");
    expect(br.headers["content-encoding"]).toBe("br");
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toMatch(/^<\?xml[^>]*\?><rss version="2.0">/);
    expect(br.headers["content-security-policy"]).toBe(strictCsp);
    const plain = await app.inject({ url: "/case-studies/feed.xml" });
    expect(plain.headers["content-type"]).toBe("application/rss+xml; charset=utf-8");
    expect(plain.headers["content-encoding"]).toBeUndefined();
  });

  it("sends the manifest's old addresses to their page with a 301", async () => {
    const res = await app.inject({ url: "/aboutus" });
    expect(res.statusCode).toBe(301);
    expect(res.headers.location).toBe("/about-us");
  });

  it("does not answer a stand-in at its own address with status 200", async () => {
    const res = await app.inject({ url: "/404" });
    expect(res.statusCode).toBe(404);
  });

  it("answers HEAD with the headers only", async () => {
    const res = await app.inject({ method: "HEAD", url: "/", headers: { "accept-encoding": "br" } });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-encoding"]).toBe("br");
    expect(res.body).toBe("");
  });
});

describe("a build without its site manifest", () => {
  it("stops the server at start with the command that makes it", async () => {
    const root = fakeBuild();
    fs.rmSync(path.join(root, "site-manifest.json"));
    const app = Fastify();
    await expect(app.register(siteRoutes, { buildDir: path.join(root, "client") }).ready()).rejects.toThrow(
      /site-manifest\.json: run "npm run build"/,
    );
    await app.close();
    fs.rmSync(root, { recursive: true, force: true });
  });
});
