/**
 * Marketing's content store and its API (issue 41, decision 065), against the real server on
 * SQLite and PostgreSQL, with a fixed clock moved by hand: marketing creates, autosaves and
 * publishes a case study, each change audited; a save based on an old version is refused with
 * 409 naming who changed it and when, and loses nothing; a scheduled publish goes live when the
 * clock passes its time, once, with two servers over one database ticking together; restoring a
 * revision brings its words back as a revision of its own; a live item's changed slug hands the
 * old address to the redirects part; preview links verify only signed and unexpired; HR and
 * sales are refused every content route; a schedule whose person was revoked since, or lost
 * content:publish, does not go live.
 */
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  conflictAnswer,
  insightItem,
  itemAnswer,
  itemListAnswer,
  previewLinkAnswer,
  revisionsAnswer,
  type ItemAnswer,
} from "../../contracts/content/items";
import { buildApp } from "../app";
import { previewKey, verifyPreview } from "../content/preview";
import type { AddRedirect } from "../content/redirect-seam";
import type { ImageUses } from "../content/image-seam";
import { contentStamp, dueItems, liveItemBySlug, publishScheduled, saveDraft } from "../content/store";
import { backends, useBackend } from "../test-support/backends";
import { caseStudy } from "../test-support/case-study";
import { insight } from "../test-support/insight";
import { signedInStaff } from "../test-support/staff";
import { deepStrict } from "../test-support/strict-schema";
import { verifyAuditChain } from "./audit";
import { publishDueContent } from "./content-schedule";
import { importCaseStudies } from "../content/import-case-studies";
import { importInsights } from "../content/import-insights";
import { importTeam, personSlug } from "../content/import-team";

type App = Awaited<ReturnType<typeof buildApp>>;
const origin = "https://www.altivacloud.com";
const base = "/admin/api/content/case-studies";

describe.each(backends)("the content store on %s", (backend) => {
  const env = useBackend(backend, { RATE_LIMIT_MAX: "0" });
  let app: App;
  /** A second server over the same database: another instance. */
  let other: App;
  let clock = new Date("2026-11-23T09:00:00.000Z");
  const redirects: { from: string; to: string; by: string | undefined }[] = [];
  const recordRedirect: AddRedirect = async (_db, redirect, actor) => {
    redirects.push({ ...redirect, by: actor?.name });
  };
  /** The images part's use counting, as calls: "use <image> <item>" and "release <image> <item>". */
  const imageCalls: string[] = [];
  /** The images whose release the images part answers as their last use, deleting them. */
  const lastUses = new Set<string>();
  const recordUses: ImageUses = {
    use: async (_db, imageId, itemRef) => imageCalls.push(`use ${imageId} ${itemRef}`),
    release: async (_db, imageId, itemRef) => {
      imageCalls.push(`release ${imageId} ${itemRef}`);
      return { deleted: lastUses.has(imageId) };
    },
  };
  const people = {} as Record<"mia" | "max" | "hr" | "sales" | "admin", Awaited<ReturnType<typeof signedInStaff>>>;

  beforeAll(async () => {
    app = await buildApp(env.config, {
      serveSite: false,
      now: () => clock,
      addRedirect: recordRedirect,
      imageUses: recordUses,
    });
    await app.ready();
    other = await buildApp(env.config, {
      serveSite: false,
      now: () => clock,
      addRedirect: recordRedirect,
      imageUses: recordUses,
    });
    await other.ready();
    for (const [key, role, name] of [
      ["mia", "marketing", "Mia Marketer"],
      ["max", "marketing", "Max Writer"],
      ["hr", "hr", "Hana Recruiter"],
      ["sales", "sales", "Sol Vendas"],
      ["admin", "admin", "Ada Admin"],
    ] as const) {
      people[key] = await signedInStaff(app.storage.db, { role, name }, clock);
    }
  }, 60_000);
  afterAll(async () => {
    await other.close();
    await app.close();
  });

  const get = (url: string, cookie = people.mia.cookie) => app.inject({ method: "GET", url, headers: { cookie } });
  const post = (url: string, payload: object, cookie = people.mia.cookie) =>
    app.inject({ method: "POST", url, headers: { cookie, origin, "content-type": "application/json" }, payload });
  const strictItem = deepStrict(itemAnswer);
  const itemOf = (res: { statusCode: number; body: string; json: () => { data: unknown } }, code = 200) => {
    expect(res.statusCode, res.body).toBe(code);
    return strictItem.parse(res.json().data);
  };
  const create = async (data: object) => itemOf(await post(base, { data }), 201);
  const save = async (item: ItemAnswer, data: object, cookie?: string) =>
    post(`${base}/${item.id}`, { version: item.version, data }, cookie);
  const act = (item: ItemAnswer, how: string, extra: object = {}, cookie?: string) =>
    post(`${base}/${item.id}/${how}`, { version: item.version, ...extra }, cookie);
  const revisions = async (item: ItemAnswer) =>
    deepStrict(revisionsAnswer).parse((await get(`${base}/${item.id}/revisions`)).json().data).revisions;
  const auditOf = (action: string) =>
    app.storage.db
      .selectFrom("audit_log")
      .select(["staff_name", "subject", "detail"])
      .where("action", "=", action)
      .orderBy("id")
      .execute();
  const tick = (seconds: number) => (clock = new Date(clock.getTime() + seconds * 1000));

  it("lets marketing create a draft, autosave half-written fields, publish it and list it, each change audited", async () => {
    const draft = await create({ slug: "retail-checkout-rebuild", title: "Rebuilding a retail checkout" });
    expect(draft).toMatchObject({ status: "draft", version: 1, liveSlug: null, published: null, changed: true });
    expect(draft.issues.map((i) => i.path)).toContain("challenge");
    expect(draft.createdBy).toEqual({ id: people.mia.id, name: "Mia Marketer" });

    tick(5);
    // An autosave with a results row still being typed is kept as typed.
    const half = { ...caseStudy({ slug: "retail-checkout-rebuild" }), results: [{ value: "3x" }] };
    const saved = itemOf(await save(draft, half));
    expect(saved.version).toBe(2);
    expect(saved.draft.results).toEqual([{ value: "3x" }]);
    const refused = await act(saved, "publish");
    expect(refused.statusCode).toBe(400);
    expect((refused.json() as { issues: { path: string }[] }).issues.map((i) => i.path)).toContain("results");

    const whole = itemOf(await save(saved, caseStudy({ slug: "retail-checkout-rebuild" })));
    const live = itemOf(await act(whole, "publish"));
    expect(live).toMatchObject({
      status: "published",
      liveSlug: "retail-checkout-rebuild",
      changed: false,
      issues: [],
    });
    expect(live.publishedBy).toEqual({ id: people.mia.id, name: "Mia Marketer" });

    const listAnswer = deepStrict(itemListAnswer).parse((await get(base)).json().data);
    expect(listAnswer.items.find((i) => i.id === live.id)).toMatchObject({
      status: "published",
      title: caseStudy().title,
    });
    // The console's schedule form reads and shows times in the company's zone (COMPANY_TIME_ZONE).
    expect(listAnswer.timeZone).toBe("Europe/London");

    expect((await auditOf("content created")).at(-1)).toMatchObject({
      staff_name: "Mia Marketer",
      subject: "case study: Rebuilding a retail checkout",
      detail: "draft at /case-studies/retail-checkout-rebuild, version 1",
    });
    expect((await auditOf("content saved")).length).toBeGreaterThanOrEqual(2);
    expect((await auditOf("content published")).at(-1)).toMatchObject({
      staff_name: "Mia Marketer",
      detail: `/case-studies/retail-checkout-rebuild, version ${live.version}; revision 1`,
    });
    expect(await verifyAuditChain(app.storage.db)).toMatchObject({ ok: true });
  });

  it("refuses a save based on an old version with 409 naming who changed it and when, and keeps their words", async () => {
    const opened = await create(caseStudy({ slug: "two-editors" }));
    tick(60);
    const first = itemOf(
      await save(
        opened,
        caseStudy({ slug: "two-editors", excerpt: "Max's excerpt, written first, long enough to be kept as it is." }),
        people.max.cookie,
      ),
    );
    // Mia still has version 1 open.
    const late = await save(
      opened,
      caseStudy({
        slug: "two-editors",
        excerpt: "Mia's excerpt, written second, would overwrite Max's without the check.",
      }),
    );
    expect(late.statusCode).toBe(409);
    const body = deepStrict(conflictAnswer).parse(late.json());
    expect(body.conflict).toEqual({ by: { id: people.max.id, name: "Max Writer" }, at: first.updatedAt, version: 2 });
    expect(body.message).toContain("Max Writer changed this item at 09:0");
    expect(body.message).toContain("UTC on 23 November 2026");
    const now = itemOf(await get(`${base}/${opened.id}`));
    expect(now.draft.excerpt).toMatch(/^Max's excerpt/);
    // Publishing from a stale version is refused the same way.
    expect((await act(opened, "publish")).statusCode).toBe(409);

    // A person removed since is named as such, not by a blank.
    await app.storage.db
      .updateTable("content_items")
      .set({ updated_by: 987_654 })
      .where("id", "=", opened.id)
      .execute();
    const gone = (await save(opened, caseStudy({ slug: "two-editors" }))).json() as { message: string };
    expect(gone.message).toMatch(/^A removed colleague changed this item/);
  });

  it("refuses a save from a version the item has moved past, keeping the first writer's words (domain)", async () => {
    const item = await create(caseStudy({ slug: "race-on-save" }));
    const actor = { id: people.mia.id, name: "Mia Marketer" };
    const one = await saveDraft(
      app.storage.db,
      "case-studies",
      item.id,
      1,
      caseStudy({ slug: "race-on-save", title: "First writer's title wins here" }),
      actor,
      clock,
    );
    const two = await saveDraft(
      app.storage.db,
      "case-studies",
      item.id,
      1,
      caseStudy({ slug: "race-on-save", title: "Second writer's title is refused" }),
      actor,
      clock,
    );
    expect(one.ok).toBe(true);
    expect(two).toMatchObject({ ok: false, reason: "stale" });
    expect(itemOf(await get(`${base}/${item.id}`)).draft.title).toBe("First writer's title wins here");
  });

  it("publishes a scheduled item once the clock passes its time, once, with two instances ticking together", async () => {
    const item = await create(caseStudy({ slug: "scheduled-study", title: "A study that goes live on schedule" }));
    const publishAt = new Date(clock.getTime() + 10 * 60_000);
    expect(
      (await act(item, "schedule", { publishAt: new Date(clock.getTime() - 1000).toISOString() })).statusCode,
    ).toBe(400);
    const scheduled = itemOf(await act(item, "schedule", { publishAt: publishAt.toISOString() }));
    expect(scheduled).toMatchObject({ status: "scheduled", publishAt: publishAt.toISOString(), liveSlug: null });

    // A second before its time nothing happens.
    clock = new Date(publishAt.getTime() - 1000);
    expect((await publishDueContent(app.storage, clock, recordRedirect, recordUses)).published).toEqual([]);
    // The next tick after its time (ticks are 15 s apart), on both instances: at once on
    // PostgreSQL; on SQLite one after the other, because two connections in one process would
    // wait on each other's lock with the event loop blocked (separate processes wait in turn,
    // as the audit chain's test shows with three). The claim itself, both instances having read
    // the row first, is the next test's, on both databases.
    clock = new Date(publishAt.getTime() + 14_000);
    const tickOn = (instance: App) => publishDueContent(instance.storage, clock, recordRedirect, recordUses);
    const runs =
      backend === "postgres"
        ? await Promise.all([tickOn(app), tickOn(other)])
        : [await tickOn(app), await tickOn(other)];
    expect(runs.flatMap((r) => r.published)).toEqual([item.id]);
    const live = itemOf(await get(`${base}/${item.id}`));
    expect(live).toMatchObject({ status: "published", liveSlug: "scheduled-study", publishAt: null });
    expect(live.publishedBy).toEqual({ id: people.mia.id, name: "Mia Marketer" });
    expect((await revisions(live)).map((r) => r.action)).toEqual(["publish"]);
    const entries = (await auditOf("content published on schedule")).filter((e) => e.subject?.includes("on schedule"));
    expect(entries).toHaveLength(1);
    expect(entries[0]!.detail).toContain(`scheduled for ${publishAt.toISOString()}`);
    expect(await verifyAuditChain(app.storage.db)).toMatchObject({ ok: true });
  });

  it("claims a due item by its version and status: two instances that both read it publish it once (domain)", async () => {
    const item = await create(caseStudy({ slug: "claimed-once" }));
    const publishAt = new Date(clock.getTime() + 60_000);
    itemOf(await act(item, "schedule", { publishAt: publishAt.toISOString() }));
    const at = new Date(publishAt.getTime() + 1000);
    // Both instances read the due row before either writes.
    const [seenByOne, seenByOther] = await Promise.all([dueItems(app.storage.db, at), dueItems(other.storage.db, at)]);
    const row = seenByOne.find((r) => r.id === item.id)!;
    const same = seenByOther.find((r) => r.id === item.id)!;
    const first = await app.storage.transaction((trx) => publishScheduled(trx, row, at, recordRedirect));
    const second = await other.storage.transaction((trx) => publishScheduled(trx, same, at, recordRedirect));
    expect(first.ok).toBe(true);
    expect(second).toMatchObject({ ok: false, reason: "stale" });
    const history = await app.storage.db
      .selectFrom("content_revisions")
      .select("number")
      .where("item_id", "=", item.id)
      .execute();
    expect(history).toHaveLength(1);
  });

  it("restores a revision's words as a new revision, and the history shows both changes", async () => {
    const item = await create(
      caseStudy({
        slug: "restored-study",
        excerpt: "The first words: a platform moved in eight weeks with eleven minutes of downtime.",
      }),
    );
    const v1 = itemOf(await act(item, "publish"));
    tick(60);
    const edited = itemOf(
      await save(
        v1,
        caseStudy({
          slug: "restored-study",
          excerpt: "The second words replaced the first ones and went live a minute later, by Max.",
        }),
        people.max.cookie,
      ),
    );
    const v2 = itemOf(await act(edited, "publish", {}, people.max.cookie));
    expect(v2.published?.excerpt).toMatch(/^The second words/);

    tick(60);
    const restored = itemOf(await act(v2, "restore", { revision: 1 }));
    expect(restored.published?.excerpt).toMatch(/^The first words/);
    expect(restored.draft.excerpt).toMatch(/^The first words/);
    const history = await revisions(restored);
    expect(history.map((r) => [r.number, r.action, r.restoredFrom, r.by?.name])).toEqual([
      [3, "restore", 1, "Mia Marketer"],
      [2, "publish", null, "Max Writer"],
      [1, "publish", null, "Mia Marketer"],
    ]);
    expect(history[1]!.data.excerpt).toMatch(/^The second words/);
    expect((await auditOf("content restored")).at(-1)?.detail).toContain("brought back revision 1");
    // A revision the item does not have: not found.
    expect((await act(restored, "restore", { revision: 99 })).statusCode).toBe(404);
  });

  it("hands the old address to the redirects part when a live item goes live at a new slug, and not before", async () => {
    const item = itemOf(await act(await create(caseStudy({ slug: "old-address" })), "publish"));
    const renamed = itemOf(await save(item, caseStudy({ slug: "new-address" })));
    // Saving the draft does not move the live page.
    expect(renamed).toMatchObject({ slug: "new-address", liveSlug: "old-address" });
    expect(redirects.filter((r) => r.from === "/case-studies/old-address")).toEqual([]);
    const moved = itemOf(await act(renamed, "publish"));
    expect(moved.liveSlug).toBe("new-address");
    expect(redirects.filter((r) => r.from === "/case-studies/old-address")).toEqual([
      { from: "/case-studies/old-address", to: "/case-studies/new-address", by: "Mia Marketer" },
    ]);
    expect((await auditOf("content published")).at(-1)?.detail).toContain(
      "/case-studies/old-address now redirects here",
    );
    // Another item cannot take a live address, even as a draft.
    expect((await post(base, { data: { slug: "new-address" } })).statusCode).toBe(409);
  });

  it("unpublishes: the live version leaves the site, the history records it, and the live stamp follows publishing only", async () => {
    const before = await contentStamp(app.storage.db);
    const live = itemOf(await act(await create(caseStudy({ slug: "taken-down" })), "publish"));
    const published = await contentStamp(other.storage.db);
    expect(published).not.toBe(before);
    // An autosave leaves the live pages as they are: the page cache keeps them.
    const edited = itemOf(await save(live, caseStudy({ slug: "taken-down", title: "A draft title nobody sees yet" })));
    expect(await contentStamp(app.storage.db)).toBe(published);
    const down = itemOf(await act(edited, "unpublish"));
    expect(await contentStamp(other.storage.db)).not.toBe(published);
    expect(down).toMatchObject({ status: "unpublished", liveSlug: null, published: null });
    expect((await revisions(down)).map((r) => r.action)).toEqual(["unpublish", "publish"]);
    // The draft written since is kept for the next publish.
    expect(down.draft.title).toBe("A draft title nobody sees yet");
    expect((await act(down, "unpublish")).statusCode).toBe(409);
    expect((await auditOf("content unpublished")).at(-1)?.detail).toContain("revision 2");
  });

  it("makes preview links that verify signed, and not unsigned, tampered or expired", async () => {
    const item = await create(caseStudy({ slug: "previewed" }));
    const res = await post(`${base}/${item.id}/preview-link`, {});
    expect(res.statusCode, res.body).toBe(200);
    const { url, expiresAt } = deepStrict(previewLinkAnswer).parse((res.json() as { data: unknown }).data);
    expect(url).toMatch(/^https:\/\/www\.altivacloud\.com\/preview\/[\w-]+\.[\w-]+$/);
    expect(expiresAt).toBe(new Date(clock.getTime() + 72 * 3_600_000).toISOString());
    const token = url.split("/preview/")[1]!;
    const key = await previewKey(env.config, other.storage);
    expect(verifyPreview(key, token, clock)).toMatchObject({ collection: "case-studies", id: item.id });
    const [payload, signature] = token.split(".") as [string, string];
    expect(verifyPreview(key, payload, clock)).toBeUndefined();
    const forged = Buffer.from(
      JSON.stringify({ c: "case-studies", i: item.id + 1, e: Date.parse(expiresAt) }),
    ).toString("base64url");
    expect(verifyPreview(key, `${forged}.${signature}`, clock)).toBeUndefined();
    expect(verifyPreview(key, token, new Date(Date.parse(expiresAt)))).toBeUndefined();
    expect((await auditOf("content preview link")).at(-1)).toMatchObject({ staff_name: "Mia Marketer" });
  });

  it("refuses HR and sales on every content route, and lets an administrator in", async () => {
    // The content store's own routes; the images' (/admin/api/content/images) have their own test.
    const routes = app.consoleRoutes.filter(
      (r) => r.url.startsWith("/admin/api/content/") && !r.url.startsWith("/admin/api/content/images"),
    );
    expect(routes.length).toBe(10);
    for (const route of routes) {
      const url = route.url.replace(":collection", "case-studies").replace(":id", "1");
      for (const who of [people.hr, people.sales]) {
        const res = await app.inject({
          method: route.method as "GET" | "POST",
          url,
          headers: { cookie: who.cookie, origin, "content-type": "application/json" },
          payload: route.method === "GET" ? undefined : {},
        });
        expect(res.statusCode, `${route.method} ${url} as ${who.name}`).toBe(403);
      }
    }
    expect((await get(base, people.admin.cookie)).statusCode).toBe(200);
    expect((await get("/admin/api/content/no-such-collection")).statusCode).toBe(404);
  });

  it("imports today's Markdown case studies once: complete ones live, the others drafts naming what they lack", async () => {
    const dir = path.resolve("app/content/case-studies");
    const today = fs.readdirSync(dir).map((name) => ({ name, text: fs.readFileSync(path.join(dir, name), "utf8") }));
    // A file with the front matter the proof part adds (s41-shared.md's field names).
    const complete = {
      name: "warehouse-scanning.md",
      text: `---
id: warehouse-scanning
title: Barcode scanning that cut picking errors in a regional warehouse
category: Mobile App
excerpt: A wholesale distributor's pickers worked from paper lists. A scanning app on rugged Android phones cut picking errors by two thirds.
image: 5f0c2a9e81d4b7c36a1e9d02
imageAlt: Phone screen showing a picking list with scanned items ticked off
date: 2026-09-14
client: A regional wholesale distributor
industry: Wholesale
results:
  - { value: "67%", label: "fewer picking errors" }
  - { value: "12 weeks", label: "from discovery to every shift" }
services: [mobileapp]
technologies: [react-native]
seoTitle: Warehouse scanning app, 67% fewer picking errors
seoDescription: How a regional wholesale distributor cut picking errors by two thirds with a scanning app on rugged Android phones.
---

## Challenge

Pickers worked from **paper lists** and [phoned the office](/contact) to check stock.

## Solution

- Scanning on rugged phones.
- Offline queue.
`,
    };
    // A file whose Markdown holds what the stored format cannot: refused, never half-imported.
    const hostile = {
      name: "hostile.md",
      text: complete.text
        .replace("warehouse-scanning", "hostile")
        .replace("**paper lists**", "<img src=x onerror=alert(1)>"),
    };
    const importAll = () =>
      app.storage.transaction((trx) =>
        importCaseStudies(trx, [...today, complete, hostile], {
          now: clock,
          siteOrigin: "https://www.altivacloud.com",
          addRedirect: recordRedirect,
          imageUses: recordUses,
        }),
      );
    const results = await importAll();
    const bySlug = Object.fromEntries(results.map((r) => [r.slug, r]));
    expect(bySlug["warehouse-scanning"]).toMatchObject({ result: "published", issues: [] });
    expect(bySlug.hostile).toMatchObject({ result: "refused" });
    expect(bySlug.hostile!.issues[0]!.message).toContain('Markdown "html" has no place');
    expect(
      await app.storage.db.selectFrom("content_items").select("id").where("slug", "=", "hostile").execute(),
    ).toEqual([]);
    for (const file of today) {
      const slug = file.name.replace(/\.md$/, "");
      // Today's files carry their client, industry, figures and search fields, but their pictures
      // are the site's drawings: without the pictures saved first (import-pictures.test.ts does
      // that), the import keeps them drafts that say so.
      expect(bySlug[slug]?.result, slug).toBe("draft");
      const lacking = bySlug[slug]!.issues.map((i) => i.path);
      expect(lacking).toEqual(expect.arrayContaining(["hero.imageId"]));
      expect(lacking).not.toEqual(expect.arrayContaining(["client"]));
    }
    const live = await app.storage.db
      .selectFrom("content_items")
      .selectAll()
      .where("slug", "=", "warehouse-scanning")
      .executeTakeFirstOrThrow();
    const data = JSON.parse(live.published_data!) as { challenge: unknown; date: string; hero: unknown };
    expect(data.date).toBe("2026-09-14");
    expect(data.hero).toEqual({
      imageId: "5f0c2a9e81d4b7c36a1e9d02",
      alt: "Phone screen showing a picking list with scanned items ticked off",
    });
    // The words and the bold came over, and the relative link became one on the site.
    const words = JSON.stringify(data.challenge);
    expect(words).toContain('"text":"paper lists","marks":[{"type":"bold"}]');
    expect(words).toContain('"href":"https://www.altivacloud.com/contact"');
    const migration = JSON.parse(
      (
        await app.storage.db
          .selectFrom("content_items")
          .select("draft_data")
          .where("slug", "=", "cloud-migration")
          .executeTakeFirstOrThrow()
      ).draft_data,
    ) as { solution: unknown };
    // The Results section's words are kept at the solution's end, beside the front matter's figures.
    expect(JSON.stringify(migration.solution)).toContain("40% lower infrastructure costs");

    const again = await importAll();
    expect(again.filter((r) => r.result !== "refused").map((r) => r.result)).toEqual(
      today.map(() => "kept").concat("kept"),
    );
    const revisionsOfImport = await app.storage.db
      .selectFrom("content_revisions")
      .select("id")
      .where("item_id", "=", live.id)
      .execute();
    expect(revisionsOfImport).toHaveLength(1);
  });

  it("imports today's Markdown insights once: the body as rich text, the byline and tags kept, drafts until a hero is uploaded", async () => {
    const dir = path.resolve("app/content/insights");
    const today = fs.readdirSync(dir).map((name) => ({ name, text: fs.readFileSync(path.join(dir, name), "utf8") }));
    expect(today).toHaveLength(3);
    // One whose picture is an upload and which carries its search fields: it goes live at once.
    const complete = {
      name: "zero-downtime-cutover.md",
      text: `---
id: zero-downtime-cutover
title: Cutting over a payments database with no downtime
excerpt: How we moved a payments database between clouds while it took card payments, and the two rehearsals that made the night quiet.
date: 2026-11-20
author: { name: Daniel Okafor, title: Chief Technology Officer }
tags: [Cloud migration, Databases]
image: 6a1f0c2e9b8d7a6f5e4d3c2b
imageAlt: Two database cylinders joined by a replication arrow, the old one fading out
seoTitle: Cutting over a payments database with no downtime
seoDescription: How we moved a payments database between clouds while it kept taking card payments, and the two rehearsals that made it quiet.
---

## Replicate first

Logical replication ran for **two weeks** before the night; see [our migration work](/services/migration).
`,
    };
    const hostile = {
      name: "hostile-insight.md",
      text: complete.text
        .replace("zero-downtime-cutover", "hostile-insight")
        .replace("[our migration work](/services/migration)", "[click](javascript:alert(1))"),
    };
    const importAll = () =>
      app.storage.transaction((trx) =>
        importInsights(trx, [...today, complete, hostile], {
          now: clock,
          siteOrigin: "https://www.altivacloud.com",
          addRedirect: recordRedirect,
          imageUses: recordUses,
        }),
      );
    const results = await importAll();
    const bySlug = Object.fromEntries(results.map((r) => [r.slug, r]));
    expect(bySlug["zero-downtime-cutover"]).toMatchObject({ result: "published", issues: [] });
    expect(bySlug["hostile-insight"]).toMatchObject({ result: "refused" });
    for (const file of today) {
      const slug = file.name.replace(/\.md$/, "");
      // Without the pictures saved first (import-pictures.test.ts), drafts that ask for a hero, and nothing else of the article.
      expect(bySlug[slug]?.result, slug).toBe("draft");
      const lacking = bySlug[slug]!.issues.map((i) => i.path);
      expect(lacking).toContain("hero.imageId");
      for (const kept of ["title", "excerpt", "date", "author", "author.name", "tags", "body"]) {
        expect(lacking, `${slug} ${kept}`).not.toContain(kept);
      }
    }
    const live = await liveItemBySlug(app.storage.db, "insights", "zero-downtime-cutover");
    expect(live).toBeDefined();
    const data = insightItem.parse(live!.data);
    expect(data).toMatchObject({
      date: "2026-11-20",
      author: { name: "Daniel Okafor", title: "Chief Technology Officer" },
      tags: ["Cloud migration", "Databases"],
      hero: { imageId: "6a1f0c2e9b8d7a6f5e4d3c2b" },
    });
    const words = JSON.stringify(data.body);
    expect(words).toContain('"type":"heading"');
    expect(words).toContain('"text":"two weeks","marks":[{"type":"bold"}]');
    expect(words).toContain('"href":"https://www.altivacloud.com/services/migration"');
    // The console's list of insights holds all four, through the same API as case studies.
    const listed = itemListAnswer.parse((await get("/admin/api/content/insights")).json().data).items;
    expect(listed.map((i) => i.slug).sort()).toEqual(
      [...today.map((f) => f.name.replace(/\.md$/, "")), "zero-downtime-cutover"].sort(),
    );

    const again = await importAll();
    expect(again.filter((r) => r.result !== "refused").map((r) => r.result)).toEqual(
      [...today, complete].map(() => "kept"),
    );
  });

  it("imports today's team once as drafts asking for photos; a team member's slug change leaves no redirect (no page of its own)", async () => {
    const file = { name: "team.json", text: fs.readFileSync(path.resolve("app/content/team.json"), "utf8") };
    const people = JSON.parse(file.text) as { name: string; position: string }[];
    const options = { now: clock, siteOrigin: origin, addRedirect: recordRedirect, imageUses: recordUses };
    const results = await app.storage.transaction((trx) => importTeam(trx, file, options));
    expect(results.map((r) => r.slug)).toEqual(people.map((p) => personSlug(p.name)));
    for (const r of results) {
      expect(r.result, r.slug).toBe("draft");
      // Only the photo is missing: today's portraits are drawings, not uploads.
      expect(r.issues.map((i) => i.path)).toEqual(["photo.imageId"]);
    }
    const again = await app.storage.transaction((trx) => importTeam(trx, file, options));
    expect(again.map((r) => r.result)).toEqual(people.map(() => "kept"));

    const team = "/admin/api/content/team";
    const member = itemOf(
      await post(team, {
        data: {
          slug: "sam-lee",
          name: "Sam Lee",
          position: "Head of Platform Engineering",
          bio: "Sam has run Kubernetes platforms for product teams of every size and leads our platform practice.",
          photo: { imageId: "d4d4d4d4d4d4d4d4d4d4d4d4", alt: "Portrait of Sam Lee" },
          order: 4,
        },
      }),
      201,
    );
    const live = itemOf(await post(`${team}/${member.id}/publish`, { version: member.version }));
    const before = redirects.length;
    const renamed = itemOf(
      await post(`${team}/${live.id}`, { version: live.version, data: { ...live.draft, slug: "sam-lee-platform" } }),
    );
    const moved = itemOf(await post(`${team}/${renamed.id}/publish`, { version: renamed.version }));
    expect(moved.liveSlug).toBe("sam-lee-platform");
    expect(redirects.slice(before)).toEqual([]);

    // Sam's live insight keeps Sam on the team page: the refusal says why and what to do (decision 081).
    const byline = { name: "Sam Lee", title: "Head of Platform Engineering" };
    const article = itemOf(
      await post("/admin/api/content/insights", { data: insight({ slug: "sams-paved-road", author: byline }) }),
      201,
    );
    itemOf(await post(`/admin/api/content/insights/${article.id}/publish`, { version: article.version }));
    const kept = await post(`${team}/${moved.id}/unpublish`, { version: moved.version });
    expect(kept.statusCode).toBe(409);
    expect(kept.json()).toEqual({
      status: false,
      message:
        'Sam Lee is the author of a live insight: "What a platform team owes the product teams it serves". Give it another author or unpublish it first; the team page keeps Sam Lee until then.',
    });
    expect(
      await app.storage.db.selectFrom("content_items").select("id").where("collection", "=", "team").execute(),
    ).toHaveLength(people.length + 1);
  });

  it("counts an item's images through the images part: a revision's images stay in use so a restore brings them back", async () => {
    const [first, second, third] = ["a1a1a1a1a1a1a1a1a1a1a1a1", "b2b2b2b2b2b2b2b2b2b2b2b2", "c3c3c3c3c3c3c3c3c3c3c3c3"];
    const hero = (imageId: string) => ({ imageId, alt: "A dispatcher's screen with live truck positions on a map" });
    const since = imageCalls.length;
    const item = await create(caseStudy({ slug: "counted-images", hero: hero(first) }));
    const ref = `case-studies:${item.id}`;
    const live = itemOf(await act(item, "publish"));
    // A new hero in the draft: the first stays in use, its revision names it.
    const edited = itemOf(await save(live, caseStudy({ slug: "counted-images", hero: hero(second) })));
    // Replaced again before going live: the second was in no revision, so it is released.
    const again = itemOf(await save(edited, caseStudy({ slug: "counted-images", hero: hero(third) })));
    // The images part deletes the third with its last use: the audit log says so, by id.
    lastUses.add(third);
    const deletedBefore = (await auditOf("image deleted")).length;
    const restored = itemOf(await act(again, "restore", { revision: 1 }));
    expect(restored.published?.hero).toEqual(hero(first));
    expect(imageCalls.slice(since)).toEqual([
      `use ${first} ${ref}`,
      `use ${second} ${ref}`,
      `use ${third} ${ref}`,
      `release ${second} ${ref}`,
      // The restore put the first back in the draft: the third, in no revision, goes.
      `release ${third} ${ref}`,
    ]);
    const deleted = (await auditOf("image deleted")).slice(deletedBefore);
    expect(deleted).toEqual([expect.objectContaining({ subject: `image ${third}`, staff_name: "Mia Marketer" })]);
    expect(deleted[0]!.detail).toContain("its last use left case study:");
  });

  it("leaves a scheduled item whose draft was since half-rewritten scheduled, and says so, instead of publishing it", async () => {
    const item = await create(caseStudy({ slug: "scheduled-then-broken" }));
    const publishAt = new Date(clock.getTime() + 60_000);
    const scheduled = itemOf(await act(item, "schedule", { publishAt: publishAt.toISOString() }));
    // An autosave while a field is half-typed: kept as typed, the schedule stands.
    const half = itemOf(await save(scheduled, { ...caseStudy({ slug: "scheduled-then-broken" }), results: [] }));
    expect(half).toMatchObject({ status: "scheduled" });
    expect(half.issues.map((i) => i.path)).toEqual(["results"]);
    const run = await publishDueContent(app.storage, new Date(publishAt.getTime() + 1000), recordRedirect, recordUses);
    expect(run.refused).toContain(item.id);
    expect(itemOf(await get(`${base}/${item.id}`))).toMatchObject({ status: "scheduled", liveSlug: null });
  });
  it("publishes nothing on schedule for a person revoked since, or whose role no longer publishes, and says so", async () => {
    const leaver = await signedInStaff(app.storage.db, { role: "marketing", name: "Lee Leaver" }, clock);
    const mover = await signedInStaff(app.storage.db, { role: "marketing", name: "Moe Mover" }, clock);
    const publishAt = new Date(clock.getTime() + 60_000);
    const schedule = async (slug: string, cookie: string) => {
      const item = itemOf(await post(base, { data: caseStudy({ slug }) }, cookie), 201);
      return itemOf(await act(item, "schedule", { publishAt: publishAt.toISOString() }, cookie));
    };
    const revokedOnes = await schedule("scheduled-by-a-leaver", leaver.cookie);
    const movedOnes = await schedule("scheduled-by-a-mover", mover.cookie);
    const revoked = await post(`/admin/api/people/${leaver.id}/revoke`, { confirm: true }, people.admin.cookie);
    expect(revoked.statusCode, revoked.body).toBe(200);
    // Their role changed to one without content:publish (a new invitation may set another role).
    await app.storage.db.updateTable("staff").set({ role: "sales" }).where("id", "=", mover.id).execute();

    const run = await publishDueContent(app.storage, new Date(publishAt.getTime() + 1000), recordRedirect, recordUses);

    expect(run.published).not.toContain(revokedOnes.id);
    expect(run.published).not.toContain(movedOnes.id);
    expect(run.withheld).toEqual(expect.arrayContaining([revokedOnes.id, movedOnes.id]));
    for (const item of [revokedOnes, movedOnes])
      expect(itemOf(await get(`${base}/${item.id}`))).toMatchObject({ status: "scheduled", liveSlug: null });
  });
  it("refuses a draft nested thousands deep with 400, before its check runs out of stack", async () => {
    const deep = 5_000;
    const payload = `{"data":{"slug":"deeply-nested","challenge":${"[".repeat(deep)}${"]".repeat(deep)}}}`;
    const res = await app.inject({
      method: "POST",
      url: base,
      headers: { cookie: people.mia.cookie, origin, "content-type": "application/json" },
      payload,
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().message).toContain("nest");
  });
});
