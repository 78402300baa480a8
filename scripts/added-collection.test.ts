/**
 * A content collection added as scripts/test-support/added-collection.ts adds one (its registry
 * entry, its list page, two Markdown articles; no other file changed) appears wherever a
 * collection's items must: the prerender list, the sitemap, its RSS feed, the page meta, the site
 * manifest, and the server, which answers its items and its feed and gives an unknown item's
 * address the collection's own "not found" page with status 404.
 */
import Fastify from "fastify";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from "react-router";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { collections, type Collection } from "../app/content/collections";
import { loadItems } from "../app/content/collections.server";
import { collectionRoutes, pageRoutes } from "../app/routes";
import * as itemPage from "../app/routes/collection-item";
import { feedXml } from "../app/content/feed.server";
import { collectionItemMeta } from "../app/lib/collection-meta";
import { absoluteUrl } from "../app/site/company";
import { prerenderList, sitemapPaths } from "../app/site/prerender";
import { siteRoutes } from "../server/routes/site";
import { notes, notesPage, siteWithNotes } from "./test-support/added-collection";
import { validRss } from "./test-support/rss";
import { siteManifest, sitemapXml } from "./site-files";

const articles = ["/notes/platform-teams", "/notes/migration-waves"];

describe("a collection added to the registry", () => {
  it("is prerendered: its list page, each item, its 404 stand-in and its feed", async () => {
    const paths = await prerenderList(siteWithNotes);
    expect(paths).toEqual(expect.arrayContaining(["/notes", ...articles, "/notes/__missing", "/notes/feed.xml"]));
    // The case studies are still there beside it.
    expect(paths).toEqual(expect.arrayContaining(["/case-studies/cloud-migration", "/case-studies/feed.xml"]));
    expect(new Set(paths).size).toBe(paths.length);
  });

  it("gets its routes: its list page's, its items' on the generic template, and its feed's", () => {
    const routes = [...pageRoutes(siteWithNotes.pages), ...collectionRoutes(siteWithNotes.collections)];
    const route = (path: string) => routes.find((r) => r.path === path);
    expect(route("/notes")).toMatchObject({ file: "routes/collection-list.tsx" });
    expect(route("/notes/:id")).toMatchObject({ file: "routes/collection-item.tsx", id: "notes/item" });
    expect(route("/notes/feed.xml")).toMatchObject({ file: "routes/collection-feed.ts", id: "notes/feed" });
    // The case studies keep their own modules.
    expect(route("/case-studies/:id")).toMatchObject({ file: "routes/case-study.tsx" });
    expect(route("/case-studies/category/:group")).toMatchObject({ file: "routes/case-study-category.tsx" });
  });

  it("is in the sitemap: the list page and each item, not its stand-in or feed", async () => {
    const xml = sitemapXml(await sitemapPaths(siteWithNotes.collections), "2026-11-01", siteWithNotes.pages);
    for (const p of [notesPage.path, ...articles]) expect(xml).toContain(`<loc>${absoluteUrl(p)}</loc>`);
    expect(xml).not.toContain("__missing");
    expect(xml).not.toContain("feed.xml");
  });

  it("has an RSS 2.0 feed of its items, newest first, each linking its page", () => {
    const channel = validRss(feedXml(notes, loadItems(notes)), absoluteUrl("/notes/feed.xml"));
    expect(channel.title).toBe("Altiva Cloud notes");
    expect(channel.link).toBe(absoluteUrl("/notes"));
    expect(channel.item.map((i) => i.link)).toEqual(articles.map(absoluteUrl));
    expect(channel.lastBuildDate).toBe("Wed, 14 Oct 2026 00:00:00 GMT");
  });

  it("gives each item its page meta, and the stand-in the collection's not-found title, kept out of search", () => {
    const [newest] = loadItems(notes);
    const meta = collectionItemMeta(notes, newest!.data);
    expect(meta).toContainEqual({ title: `${newest!.data.title} | Altiva Cloud` });
    expect(meta).toContainEqual({ tagName: "link", rel: "canonical", href: absoluteUrl(articles[0]!) });
    expect(meta).toContainEqual({ name: "keywords", content: "note, Altiva Cloud" });
    expect(collectionItemMeta(notes, null)).toEqual([
      { title: "Note Not Found" },
      { name: "robots", content: "noindex" },
    ]);
  });

  it("is in the site manifest: items as pages, its feed, and its 404 stand-in by prefix", async () => {
    const manifest = await siteManifest(siteWithNotes);
    expect(manifest.pages).toEqual(expect.arrayContaining(["/notes", ...articles]));
    expect(manifest.pages).not.toContain("/notes/__missing");
    expect(manifest.pages).not.toContain("/notes/feed.xml");
    expect(manifest.feeds).toEqual(["/case-studies/feed.xml", "/insights/feed.xml", "/notes/feed.xml"]);
    // Only the insights' feed is Atom; the server sends the others as RSS.
    expect(manifest.atomFeeds).toEqual(["/insights/feed.xml"]);
    expect(manifest.notFoundUnder).toContainEqual({ prefix: "/notes/", page: "/notes/__missing" });
  });
});

describe("the server, on a build with the added collection", () => {
  let root: string;
  const app = Fastify();

  /** A build as postbuild leaves it, each prerendered file a stub naming its path. */
  beforeAll(async () => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), "added-collection-"));
    const client = path.join(root, "client");
    const manifest = await siteManifest(siteWithNotes);
    const write = (rel: string, text: string) => {
      fs.mkdirSync(path.dirname(path.join(client, rel)), { recursive: true });
      fs.writeFileSync(path.join(client, rel), text);
    };
    const standIns = [manifest.notFound, ...manifest.notFoundUnder.map((s) => s.page)];
    for (const page of [...manifest.pages, ...standIns]) {
      write(page === "/" ? "index.html" : `${page.slice(1)}/index.html`, `<!doctype html><p>page ${page}</p>`);
    }
    for (const feed of manifest.feeds) write(feed.slice(1), `<?xml version="1.0"?><rss version="2.0"/>`);
    fs.writeFileSync(path.join(root, "csp-hashes.json"), "{}");
    fs.writeFileSync(path.join(root, "site-manifest.json"), JSON.stringify(manifest));
    await app.register(siteRoutes, { buildDir: client });
  });
  afterAll(async () => {
    await app.close();
    fs.rmSync(root, { recursive: true, force: true });
  });

  it("answers each item with its page", async () => {
    for (const url of articles) {
      const res = await app.inject({ url });
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain(`page ${url}`);
    }
  });

  it("answers an unknown item with the collection's stand-in and status 404", async () => {
    const res = await app.inject({ url: "/notes/no-such-article" });
    expect(res.statusCode).toBe(404);
    expect(res.body).toContain("page /notes/__missing");
  });

  it("sends its feed as RSS", async () => {
    const res = await app.inject({ url: "/notes/feed.xml" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("application/rss+xml; charset=utf-8");
  });

  it("sends an Atom feed of the manifest as Atom (the insights')", async () => {
    const res = await app.inject({ url: "/insights/feed.xml" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("application/atom+xml; charset=utf-8");
  });
});

describe("its item pages, from the generic template (app/routes/collection-item.tsx)", () => {
  // Registered as its entry in app/content/collections.ts would be, for this test only.
  beforeAll(() => void (collections as Collection[]).push(notes));
  afterAll(() => void (collections as Collection[]).splice(collections.indexOf(notes), 1));

  /** The page at `url` as the prerender renders it: the route's loader, then its component. */
  async function render(url: string) {
    const handler = createStaticHandler([
      { id: "item", path: "/notes/:id", loader: itemPage.loader, Component: itemPage.default },
    ]);
    const context = await handler.query(new Request(`http://localhost${url}`));
    if (context instanceof Response) throw new Error(`${url} answered ${context.status}`);
    const router = createStaticRouter(handler.dataRoutes, context);
    const html = renderToStaticMarkup(createElement(StaticRouterProvider, { router, context, hydrate: false }));
    const loaderData = context.loaderData.item as Awaited<ReturnType<typeof itemPage.loader>>;
    return { html, meta: itemPage.meta({ loaderData } as Parameters<typeof itemPage.meta>[0]) };
  }

  it("renders an item's title, Markdown and the way back to its list, with its meta", async () => {
    const { html, meta } = await render("/notes/migration-waves");
    expect(html).toContain("<h1");
    expect(html).toContain("Planning a cloud migration in waves, not in one weekend</h1>");
    expect(html).toContain("<h2>The first wave</h2>");
    expect(html).toMatch(/<a href="\/notes"[^>]*>Back to Notes<\/a>/);
    expect(meta).toContainEqual({ tagName: "link", rel: "canonical", href: absoluteUrl("/notes/migration-waves") });
  });

  it("renders the stand-in of an unknown item with the collection's not-found words, kept out of search", async () => {
    const { html, meta } = await render("/notes/__missing");
    expect(html).toMatch(/<h1[^>]*>Note Not Found<\/h1>/);
    expect(html).toContain("We could not find that article.");
    expect(meta).toContainEqual({ name: "robots", content: "noindex" });
  });
});
