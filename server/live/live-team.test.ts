/**
 * The team live from the content store (issue 41, decision 078), on SQLite and PostgreSQL:
 * `content-import`'s way (drawings saved as images, then the people) publishes today's three
 * people at once, and a second run changes nothing; /team then renders from the store with each
 * photo as a square `<picture>`, each LinkedIn link and one Person JSON-LD per person; a new
 * position published shows within the stamp period (the clock moved); with no live member the
 * request falls through to the build. An insight's byline must name a live member in their
 * position to go live. Hostile words in a team member's fields render inert.
 */
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TeamMemberItem } from "../../contracts/content/items";
import { buildApp } from "../app";
import { imageUses } from "../content/image-seam";
import { previewKey, signPreview } from "../content/preview";
import { signedInStaff } from "../test-support/staff";
import { savePictures } from "../content/import-pictures";
import { importTeam, personSlug, teamDrafts } from "../content/import-team";
import {
  createItem,
  liveItemBySlug,
  publishItem,
  saveDraft,
  scheduleItem,
  unpublishItem,
  type ContentWrite,
} from "../content/store";
import { backends, useBackend } from "../test-support/backends";
import { insight } from "../test-support/insight";
import { useSiteBuild } from "../test-support/site-build";

type App = Awaited<ReturnType<typeof buildApp>>;

const { client, build: buildOnce } = useSiteBuild();
const actor = { id: 7, name: "Mara Editor" };
const noRedirect = async () => undefined;
const origin = "https://www.altivacloud.com";
const teamFile = { name: "team.json", text: fs.readFileSync(path.resolve("app/content/team.json"), "utf8") };
const people = JSON.parse(teamFile.text) as { name: string; position: string; linkedin?: string }[];

function written(result: ContentWrite) {
  if (!result.ok) throw new Error(`the store refused: ${JSON.stringify(result)}`);
  return result.item;
}

const jsonLdIn = (html: string) =>
  [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map(
    (m) => JSON.parse(m[1]!) as Record<string, unknown>,
  );
const markupOf = (html: string) => html.replace(/<script>window\.__reactRouter[\s\S]*?<\/script>/g, "");

describe.each(backends)("the team live from the content store on %s", (backend) => {
  const env = useBackend(backend, { BUILD_DIR: client });
  let clock = new Date("2026-12-02T10:00:00Z");
  const now = () => clock;
  const stampEvery = 5_000;
  let app: App;

  beforeAll(async () => {
    await buildOnce();
    app = await buildApp(env.config, { now, contentStampEvery: stampEvery, addRedirect: noRedirect });
  }, 240_000);
  afterAll(async () => {
    await app?.close();
  });

  const get = (url: string) => app.inject({ method: "GET", url });
  const wait = () => (clock = new Date(clock.getTime() + stampEvery));
  const row = (slug: string) =>
    app.storage.db
      .selectFrom("content_items")
      .selectAll()
      .where("collection", "=", "team")
      .where("slug", "=", slug)
      .executeTakeFirstOrThrow();

  /** The import as `content-import --collection team` runs it. */
  async function importToday() {
    const pictures = await savePictures(app.storage, "team", [teamFile], teamDrafts, {
      publicDir: path.resolve("public"),
      siteOrigin: origin,
      now: clock,
      field: "photo",
    });
    return app.storage.transaction((trx) =>
      importTeam(trx, teamFile, { now: clock, siteOrigin: origin, addRedirect: noRedirect, imageUses, pictures }),
    );
  }

  it("answers /team from the build while the store holds no live team member", async () => {
    // The test build has no /team page: its own 404 answers, so the request fell through.
    const res = await get("/team");
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain("Our Team");
  });

  it("imports today's team live, each drawing an image; a second run changes nothing", async () => {
    const results = await importToday();
    expect(results.map((r) => [r.slug, r.result, r.issues])).toEqual(
      people.map((p) => [personSlug(p.name), "published", []]),
    );
    const count = async (table: "images" | "content_revisions") =>
      Number(
        (
          await app.storage.db
            .selectFrom(table)
            .select((eb) => eb.fn.countAll().as("n"))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = [await count("images"), await count("content_revisions")];
    expect(before).toEqual([3, 3]);
    const again = await importToday();
    expect(again.map((r) => r.result)).toEqual(people.map(() => "kept"));
    expect([await count("images"), await count("content_revisions")]).toEqual(before);
    // Three drawings' AVIF and WebP variants, encoded on a shared machine.
  }, 180_000);

  it("renders /team from the store: photos as square <picture>s, LinkedIn links, a Person per member", async () => {
    wait();
    const res = await get("/team");
    expect(res.statusCode).toBe(200);
    const html = markupOf(res.body);
    for (const p of people) {
      expect(html).toContain(`>${p.name}</h2>`);
      expect(html).toContain(`>${p.position}</p>`);
    }
    // Each photo: AVIF and WebP sources of the square crop, and an <img> with its size.
    expect(
      html.match(/<source type="image\/avif" srcSet="\/media\/[a-f0-9]{24}-[a-f0-9]{8}-1x1-480\.avif 480w/g),
    ).toHaveLength(3);
    expect(html).toMatch(
      /<img src="\/media\/[^"]+-1x1-\d+\.webp" alt="Illustrated portrait of Priya Raman" width="1440" height="1440"/,
    );
    const linked = people.filter((p) => p.linkedin);
    for (const p of linked) expect(html).toContain(`href="${p.linkedin}" target="_blank" rel="noopener noreferrer"`);
    const persons = jsonLdIn(res.body).filter((d) => d["@type"] === "Person");
    expect(persons.map((d) => [d.name, d.jobTitle])).toEqual(people.map((p) => [p.name, p.position]));
    expect(persons[0]).toMatchObject({
      "@context": "https://schema.org",
      url: `${origin}/team`,
      sameAs: [people[0]!.linkedin],
      worksFor: { "@id": `${origin}/#organization` },
    });
    expect(persons[0]!.image).toMatch(new RegExp(`^${origin}/media/[a-f0-9]{24}-[a-f0-9]{8}-1x1-480\\.webp$`));
  });

  it("shows a published change of position on /team and in its Person", async () => {
    const elena = await row("elena-marsh");
    const data = { ...(JSON.parse(elena.draft_data) as TeamMemberItem), position: "Chief Operating Officer" };
    const saved = written(await saveDraft(app.storage.db, "team", elena.id, elena.version, data, actor, clock));
    written(await publishItem(app.storage.db, "team", saved.id, saved.version, actor, clock, noRedirect));
    wait();
    const res = await get("/team");
    expect(res.body).toContain(">Chief Operating Officer</p>");
    expect(jsonLdIn(res.body).find((d) => d.name === "Elena Marsh")).toMatchObject({
      jobTitle: "Chief Operating Officer",
    });
  });

  it("previews a person's draft on /team with noindex, leaving the live page as it was", async () => {
    const elena = await row("elena-marsh");
    const data = {
      ...(JSON.parse(elena.draft_data) as TeamMemberItem),
      bio: `${people[2]!.name} now also runs our delivery academy for new leads, with a mentor for each.`,
    };
    const saved = written(await saveDraft(app.storage.db, "team", elena.id, elena.version, data, actor, clock));
    const key = await previewKey(env.config, app.storage);
    // The link's maker must still edit content for it to work (decision 077).
    const maker = await signedInStaff(app.storage.db, { role: "marketing", name: "Mara Maker" }, clock);
    const token = signPreview(key, {
      makerId: maker.id,
      collection: "team",
      id: saved.id,
      expiresAt: new Date(clock.getTime() + 3_600_000),
    });
    const res = await get(`/preview/${token}`);
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain("now also runs our delivery academy for new leads, with a mentor for each.");
    expect(res.body).toContain('<meta name="robots" content="noindex"/>');
    const live = await get("/team");
    expect(live.body).not.toContain("delivery academy");
    expect(live.body).not.toContain('content="noindex"');
  });

  it("refuses an insight whose byline names nobody on the live team, or the wrong position", async () => {
    const publish = async (slug: string, author: { name: string; title: string }) => {
      const draft = written(await createItem(app.storage.db, "insights", insight({ slug, author }), actor, clock));
      return publishItem(app.storage.db, "insights", draft.id, draft.version, actor, clock, noRedirect);
    };
    const stranger = await publish("by-a-stranger", { name: "Sam Stranger", title: "Chief Executive Officer" });
    expect(stranger).toEqual({
      ok: false,
      reason: "invalid",
      issues: [
        {
          path: "author.name",
          message: "The author must be a person on the team page: Priya Raman, Daniel Okafor, Elena Marsh.",
        },
      ],
    });
    // Elena's position changed above: the byline must follow the team page.
    const stale = await publish("by-an-old-title", { name: "Elena Marsh", title: "Head of Delivery" });
    expect(stale).toMatchObject({ ok: false, reason: "invalid", issues: [{ path: "author.title" }] });
    const item = await row("by-an-old-title").catch(() => undefined);
    expect(item).toBeUndefined();
    const scheduled = await app.storage.db
      .selectFrom("content_items")
      .selectAll()
      .where("collection", "=", "insights")
      .where("slug", "=", "by-a-stranger")
      .executeTakeFirstOrThrow();
    const later = await scheduleItem(
      app.storage.db,
      "insights",
      scheduled.id,
      scheduled.version,
      new Date(clock.getTime() + 3_600_000),
      actor,
      clock,
    );
    expect(later).toMatchObject({ ok: false, reason: "invalid", issues: [{ path: "author.name" }] });
    const fine = await publish("by-the-ceo", { name: "Priya Raman", title: "Chief Executive Officer" });
    expect(fine.ok).toBe(true);
  });

  it("renders hostile words in every team field inert", async () => {
    const script = "<script>alert(1)</script>";
    const onerror = 'x" onerror="alert(1)';
    const priya = await row("priya-raman");
    const live = JSON.parse(priya.draft_data) as TeamMemberItem;
    const hostile = {
      ...live,
      name: `Priya ${script}`.slice(0, 80),
      position: `CEO ${onerror}`,
      bio: `${live.bio} ${script} ${onerror}`.slice(0, 600),
      photo: { ...live.photo, alt: `${onerror} ${script}` },
    };
    const saved = written(await saveDraft(app.storage.db, "team", priya.id, priya.version, hostile, actor, clock));
    written(await publishItem(app.storage.db, "team", saved.id, saved.version, actor, clock, noRedirect));
    // A javascript: LinkedIn address is refused by the store; written around it, the site leaves the person out.
    const refused = teamDrafts(teamFile)[1]!;
    const daniel = await row("daniel-okafor");
    await app.storage.db
      .updateTable("content_items")
      .set({
        published_data: JSON.stringify({ ...JSON.parse(daniel.published_data!), linkedin: "javascript:alert(1)" }),
      })
      .where("id", "=", daniel.id)
      .execute();
    expect(refused.slug).toBe("daniel-okafor");
    wait();
    const res = await get("/team");
    expect(res.statusCode).toBe(200);
    const html = markupOf(res.body);
    expect(html).not.toContain("<script>alert(1)");
    expect(html).not.toMatch(/<[a-z][^>]*\sonerror\s*=\s*["']/i);
    expect(html).not.toContain("javascript:");
    expect(html).toContain("Priya &lt;script&gt;alert(1)&lt;/script&gt;");
    expect(html).not.toContain(">Daniel Okafor</h2>");
    // The JSON-LD carries the words as data: no tag closes its script block early.
    for (const block of res.body.match(/<script type="application\/ld\+json">[\s\S]*?<\/script>/g) ?? [])
      expect(block.slice(0, -"</script>".length)).not.toContain("</script");
  });

  it("falls through to the build once no team member is live", async () => {
    // A member with a live insight stays on the team page (decision 081): the insights go first.
    const insights = await app.storage.db
      .selectFrom("content_items")
      .selectAll()
      .where("collection", "=", "insights")
      .where("published_data", "is not", null)
      .execute();
    for (const item of insights)
      written(await unpublishItem(app.storage.db, "insights", item.id, item.version, actor, clock));
    for (const slug of people.map((p) => personSlug(p.name))) {
      const item = await row(slug);
      if (item.published_data !== null)
        written(await unpublishItem(app.storage.db, "team", item.id, item.version, actor, clock));
    }
    expect(await liveItemBySlug(app.storage.db, "team", "priya-raman")).toBeUndefined();
    wait();
    const res = await get("/team");
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain("Our Team");
  });
});
