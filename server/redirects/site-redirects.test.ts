/**
 * The site's 301 step (decision 062) through real Fastify servers on SQLite and PostgreSQL: two
 * instances of the site share one database, as two containers do; a redirect added through one
 * answers on the other once its copy's stamp is read again (the clock is moved, nothing waits),
 * before the site's own files, pages and 404, and never towards another site.
 */
import Fastify, { type FastifyInstance } from "fastify";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { publishedPeriods } from "../../contracts/retention-periods";
import { openStorage, type Storage } from "../db/db";
import { siteRoutes } from "../routes/site";
import type { SiteManifest } from "../site-manifest";
import { backends, useBackend } from "../test-support/backends";
import { addRedirect, removeRedirect } from "./redirects";
import { SiteRedirects } from "./site-redirects";

/** A miniature build: three pages, the 404 page, one file, their CSP hashes and the manifest. */
function fakeBuild(): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "redirects-build-"));
  const client = path.join(root, "client");
  for (const [dir, text] of [
    ["", "home"],
    ["about-us", "about"],
    ["case-studies/old-study", "old-study"],
    ["404", "not-found"],
  ]) {
    fs.mkdirSync(path.join(client, dir!), { recursive: true });
    fs.writeFileSync(path.join(client, dir!, "index.html"), `<!doctype html><title>${text}</title><p>${text}</p>`);
  }
  fs.writeFileSync(path.join(client, "robots.txt"), "User-agent: *\n");
  fs.writeFileSync(path.join(root, "csp-hashes.json"), "{}");
  const manifest: SiteManifest = {
    pages: ["/", "/about-us", "/case-studies/old-study"],
    feeds: [],
    atomFeeds: [],
    redirects: [],
    notFound: "/404",
    notFoundUnder: [],
    statedPeriods: publishedPeriods(),
  };
  fs.writeFileSync(path.join(root, "site-manifest.json"), JSON.stringify(manifest));
  return root;
}

const start = Date.parse("2027-03-01T09:00:00.000Z");

describe.each(backends)("the site's redirects on %s", (backend) => {
  const env = useBackend(backend);
  let root: string;
  const clock = { at: start };
  const now = () => new Date(clock.at);
  const instances: { app: FastifyInstance; storage: Storage; url: string; notFound: string[] }[] = [];
  beforeAll(async () => {
    root = fakeBuild();
    for (let i = 0; i < 2; i++) {
      // Each instance opens the database itself, as a second server process does.
      const storage = await openStorage({ databaseUrl: env.config.databaseUrl, dataDir: env.dataDir });
      const app = Fastify();
      const notFound: string[] = [];
      await app.register(siteRoutes, {
        buildDir: path.join(root, "client"),
        redirects: new SiteRedirects(storage, now, 5_000),
        onNotFound: (p) => notFound.push(p),
      });
      const url = await app.listen({ host: "127.0.0.1", port: 0 });
      instances.push({ app, storage, url, notFound });
    }
  }, 60_000);
  afterAll(async () => {
    for (const { app, storage } of instances) {
      await app.close();
      await storage.close();
    }
    fs.rmSync(root, { recursive: true, force: true });
  });

  const get = (instance: number, url: string, method = "GET") =>
    fetch(instances[instance]!.url + url, { method, redirect: "manual" });
  const answer = async (instance: number, url: string, method = "GET") => {
    const res = await get(instance, url, method);
    return [res.status, res.headers.get("location")];
  };
  const staff = { reason: "added", staffId: null } as const;

  it("answers a redirect added through one instance on the other within the stamp's 5 s, with a trailing slash and the query passed on", async () => {
    expect(await answer(0, "/old-page")).toEqual([404, null]);
    expect(await answer(1, "/old-page")).toEqual([404, null]);
    await addRedirect(instances[0]!.storage.db, { from: "/old-page", to: "/about-us" }, staff, now());
    // Both copies were read at this moment: still the old answer, from memory.
    expect(await answer(1, "/old-page")).toEqual([404, null]);
    clock.at += 5_000;
    expect(await answer(1, "/old-page")).toEqual([301, "/about-us"]);
    expect(await answer(0, "/old-page/")).toEqual([301, "/about-us"]);
    expect(await answer(1, "/old-page?utm_campaign=spring")).toEqual([301, "/about-us?utm_campaign=spring"]);
    expect(await answer(1, "/old-page", "HEAD")).toEqual([301, "/about-us"]);
    const res = await get(1, "/old-page");
    expect(res.headers.get("cache-control")).toBe("no-cache");
    // A redirected address is not a page not found; the two asked before the redirect were.
    expect(instances[1]!.notFound).toEqual(["/old-page", "/old-page"]);
    // Only GET and HEAD are sent on: a form posted to the old address is not.
    expect((await get(1, "/old-page", "POST")).status).toBe(404);
  });

  it("answers before the site's own files and prerendered pages", async () => {
    // addRedirect refuses these to a person (the console passes the build's pages); the store's
    // slug change may leave a prerendered page behind it, and the 301 must win over that page.
    await addRedirect(instances[0]!.storage.db, { from: "/robots.txt", to: "/" }, staff, now());
    await addRedirect(
      instances[0]!.storage.db,
      { from: "/case-studies/old-study", to: "/about-us" },
      { reason: "slug change", staffId: null },
      now(),
    );
    expect(await answer(0, "/case-studies/old-study")).toEqual([200, null]);
    clock.at += 5_000;
    expect(await answer(0, "/robots.txt")).toEqual([301, "/"]);
    expect(await answer(1, "/case-studies/old-study")).toEqual([301, "/about-us"]);
    expect(await answer(1, "/about-us")).toEqual([200, null]);
  });

  it("stops answering a removed redirect on every instance", async () => {
    const db = instances[0]!.storage.db;
    const row = await db
      .selectFrom("redirects")
      .select("id")
      .where("from_path", "=", "/old-page")
      .executeTakeFirstOrThrow();
    await removeRedirect(db, row.id);
    clock.at += 5_000;
    expect(await answer(0, "/old-page")).toEqual([404, null]);
    expect(await answer(1, "/old-page")).toEqual([404, null]);
  });

  it("keeps answering from its last copy while the database is away, and tries again only after the stamp's 5 s", async () => {
    const own = await openStorage({ databaseUrl: env.config.databaseUrl, dataDir: env.dataDir });
    await addRedirect(own.db, { from: "/while-away", to: "/about-us" }, staff, now());
    const redirects = new SiteRedirects(own, now, 5_000);
    await redirects.refresh();
    await own.close();
    clock.at += 5_000;
    expect(redirects.fresh()).toBe(false);
    await expect(redirects.refresh()).rejects.toThrow();
    expect(redirects.location("/while-away?x=1")).toBe("/about-us?x=1");
    // The failed reading counts as one: no query per request until the next try.
    expect(redirects.fresh()).toBe(true);
  });

  it("never sends a visitor off the site, whatever the table holds", async () => {
    // Rows written past addRedirect's checks (by hand in the database): not followed.
    const at = now().toISOString();
    for (const [from, to] of [
      ["/to-other-site", "//evil.example/x"],
      ["/to-absolute", "https://evil.example/"],
      ["/to-backslash", "/\\evil.example"],
    ])
      await instances[0]!.storage.db
        .insertInto("redirects")
        .values({ from_path: from!, to_path: to!, reason: "added", created_by: null, created_at: at, updated_at: at })
        .execute();
    await instances[0]!.storage.db
      .updateTable("counters")
      .set((eb) => ({ value: eb("value", "+", 1) }))
      .where("name", "=", "redirects")
      .execute();
    clock.at += 5_000;
    for (const from of ["/to-other-site", "/to-absolute", "/to-backslash"])
      expect(await answer(0, from), from).toEqual([404, null]);
  });
});
