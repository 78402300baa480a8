/**
 * The redirects' rules (decision 062) on SQLite and PostgreSQL: loops refused however long the
 * chain, chains flattened to one hop in both directions, the addresses a redirect may not start
 * from, malformed paths and query strings refused, a slug change replacing what it must, and the
 * stamp every instance's cache compares moving with each change.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { sitePathOf } from "../../contracts/redirects";
import { openStorage, type Storage } from "../db/db";
import { backends, useBackend } from "../test-support/backends";
import {
  addRedirect,
  listRedirects,
  redirectMap,
  RedirectRefused,
  redirectsStamp,
  removeRedirect,
  type RedirectActor,
} from "./redirects";

const at = new Date("2027-03-01T09:00:00.000Z");
const later = new Date("2027-03-01T09:05:00.000Z");

/** The refusal `work` throws, or a failure naming what it did instead. */
async function refusal(work: Promise<unknown>): Promise<RedirectRefused> {
  try {
    await work;
  } catch (error) {
    if (error instanceof RedirectRefused) return error;
    throw error;
  }
  throw new Error("the redirect was added, not refused");
}

describe("a redirect's paths", () => {
  it("keep the site's shape, dropping a trailing slash, and refuse anything that could leave the site", () => {
    expect(sitePathOf("/old-page/")).toBe("/old-page");
    expect(sitePathOf(" /services/cloud ")).toBe("/services/cloud");
    expect(sitePathOf("/")).toBe("/");
    for (const bad of [
      "",
      "old-page",
      "//evil.example",
      "/\\evil.example",
      "https://evil.example/",
      "/a//b",
      "/a/../admin",
      "/./a",
      "/caf%C3%A9",
      "/a b",
      `/${"a".repeat(200)}`,
    ])
      expect(sitePathOf(bad), bad).toBeUndefined();
  });
});

describe.each(backends)("redirects on %s", (backend) => {
  const env = useBackend(backend);
  let storage: Storage;
  let admin: RedirectActor;
  beforeAll(async () => {
    storage = await openStorage({ databaseUrl: env.config.databaseUrl, dataDir: env.dataDir });
    const { id } = await storage.db
      .insertInto("staff")
      .values({
        email: "ada@altivacloud.com",
        name: "Ada Admin",
        role: "admin",
        created_at: at.toISOString(),
        revoked_at: null,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    admin = { reason: "added", staffId: id };
  }, 60_000);
  afterAll(() => storage.close());
  beforeEach(async () => {
    await storage.db.deleteFrom("redirects").execute();
  });

  const add = (from: string, to: string, actor: RedirectActor = admin, now = at) =>
    addRedirect(storage.db, { from, to }, actor, now);
  const table = async () => Object.fromEntries(await redirectMap(storage.db));

  it("refuses a redirect to itself, with or without the trailing slash", async () => {
    expect((await refusal(add("/old", "/old"))).reason).toBe("loop");
    expect((await refusal(add("/old/", "/old"))).chain).toEqual(["/old", "/old"]);
    expect(await table()).toEqual({});
  });

  it("refuses a → b while b → a exists, and names the loop", async () => {
    await add("/b", "/a");
    const refused = await refusal(add("/a", "/b"));
    expect(refused.reason).toBe("loop");
    expect(refused.chain).toEqual(["/a", "/b", "/a"]);
    expect(refused.message).toBe(
      "This redirect would make a loop (/a → /b → /a): a visitor would be sent round and never reach a page.",
    );
    expect(await table()).toEqual({ "/b": "/a" });
  });

  it("refuses a longer chain that comes back: c → a while a → b → c", async () => {
    await add("/a", "/b");
    await add("/b", "/c");
    const refused = await refusal(add("/c", "/a"));
    expect(refused.reason).toBe("loop");
    expect(refused.chain).toEqual(["/c", "/a", "/c"]);
    expect(await table()).toEqual({ "/a": "/c", "/b": "/c" });
  });

  it("refuses a loop through rows written past these rules: an unflattened chain put in by hand", async () => {
    const stamp = at.toISOString();
    for (const [from, to] of [
      ["/a", "/b"],
      ["/b", "/c"],
    ])
      await storage.db
        .insertInto("redirects")
        .values({
          from_path: from!,
          to_path: to!,
          reason: "added",
          created_by: null,
          created_at: stamp,
          updated_at: stamp,
        })
        .execute();
    const refused = await refusal(add("/c", "/a"));
    expect([refused.reason, refused.chain]).toEqual(["loop", ["/c", "/a", "/b", "/c"]]);
  });

  it("flattens forward: a → b while b → c exists is stored as a → c", async () => {
    await add("/b", "/c");
    const added = await add("/a", "/b");
    expect(added.to).toBe("/c");
    expect(await table()).toEqual({ "/a": "/c", "/b": "/c" });
  });

  it("flattens backward: b → c while a → b exists moves a to c, with its change time", async () => {
    await add("/a", "/b");
    await add("/b", "/c", admin, later);
    expect(await table()).toEqual({ "/a": "/c", "/b": "/c" });
    const a = (await listRedirects(storage.db)).find((r) => r.from === "/a")!;
    expect([a.createdAt, a.updatedAt]).toEqual([at.toISOString(), later.toISOString()]);
    // Every row points at a page, never at another redirect's `from`: one hop at most.
    await add("/c", "/d");
    expect(await table()).toEqual({ "/a": "/d", "/b": "/d", "/c": "/d" });
  });

  it("refuses the addresses others answer, and the built site's pages when told of them", async () => {
    for (const from of [
      "/",
      "/admin",
      "/admin/redirects",
      "/api/contact",
      "/career",
      "/career/qa-engineer",
      "/healthz",
    ])
      expect((await refusal(add(from, "/services"))).reason, from).toBe("served");
    const pages = new Set(["/services", "/assets/entry.js"]);
    const isSitePage = (p: string) => pages.has(p);
    for (const from of ["/services", "/assets/entry.js"]) {
      const refused = await refusal(addRedirect(storage.db, { from, to: "/" }, admin, at, { isSitePage }));
      expect(refused.reason).toBe("served");
    }
    // Not a page: allowed.
    await addRedirect(storage.db, { from: "/old-services", to: "/services" }, admin, at, { isSitePage });
    expect(await table()).toEqual({ "/old-services": "/services" });
  });

  it("refuses malformed paths and query strings, on either end, and never an address off the site", async () => {
    for (const [from, to, reason] of [
      ["/old?utm_source=x", "/new", "query"],
      ["/old", "/new?page=2", "query"],
      ["/old#top", "/new", "query"],
      ["old", "/new", "shape"],
      ["/old", "https://evil.example/", "shape"],
      ["/old", "//evil.example", "shape"],
      ["/old", "/\\evil.example", "shape"],
      ["/../admin", "/new", "shape"],
    ] as const)
      expect((await refusal(add(from, to))).reason, `${from} → ${to}`).toBe(reason);
    expect(await table()).toEqual({});
  });

  it("keeps one redirect per address: a second target is refused, the same one is no change", async () => {
    await add("/old", "/new");
    expect((await refusal(add("/old/", "/other"))).reason).toBe("taken");
    await add("/old", "/new");
    expect(await table()).toEqual({ "/old": "/new" });
  });

  it("on a slug change, replaces the old address's redirect and drops one from the new address, which is live again", async () => {
    const store: RedirectActor = { reason: "slug change", staffId: admin.staffId };
    await add("/case-studies/x", "/case-studies/y", store);
    await add("/case-studies/y", "/case-studies/z", store);
    expect(await table()).toEqual({ "/case-studies/x": "/case-studies/z", "/case-studies/y": "/case-studies/z" });
    // Back to its first address: x serves again, z redirects to it. No loop, no redirect from x.
    await add("/case-studies/z", "/case-studies/x", store);
    expect(await table()).toEqual({ "/case-studies/y": "/case-studies/x", "/case-studies/z": "/case-studies/x" });
    // A person's redirect from a live address is refused as before.
    expect((await refusal(add("/case-studies/x", "/case-studies/y"))).reason).toBe("loop");
  });

  it("lists newest first with who made it, and a former staff member's redirects stand", async () => {
    const { id } = await storage.db
      .insertInto("staff")
      .values({
        email: "leo@altivacloud.com",
        name: "Leo Left",
        role: "admin",
        created_at: at.toISOString(),
        revoked_at: null,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await add("/first", "/services");
    await add("/second", "/about-us", { reason: "added", staffId: id }, later);
    await storage.db.deleteFrom("staff").where("id", "=", id).execute();
    const list = await listRedirects(storage.db);
    expect(list.map((r) => [r.from, r.to, r.reason, r.createdByName])).toEqual([
      ["/second", "/about-us", "added", null],
      ["/first", "/services", "added", "Ada Admin"],
    ]);
  });

  it("moves the stamp with each addition and removal, not with a refusal", async () => {
    const before = await redirectsStamp(storage.db);
    const added = await add("/old", "/new");
    const afterAdd = await redirectsStamp(storage.db);
    expect(afterAdd).not.toBe(before);
    await refusal(add("/new", "/old"));
    expect(await redirectsStamp(storage.db)).toBe(afterAdd);
    expect((await removeRedirect(storage.db, added.id))?.from).toBe("/old");
    expect(await redirectsStamp(storage.db)).not.toBe(afterAdd);
    expect(await removeRedirect(storage.db, added.id)).toBeUndefined();
    expect(await table()).toEqual({});
  });
});
