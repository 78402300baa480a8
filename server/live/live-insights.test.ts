/**
 * Insights from the content store live on the site without a build (issue 41, decisions 067 and
 * 069), on SQLite and PostgreSQL: published, an article has its page (its uploaded hero and its
 * rich-text body), its card on /insights, a page for each of its tags, its sitemap entries and its
 * Atom feed entry; a scheduled one goes live on a second server within 60 s of its time through
 * the content schedule job and the content stamp, the clock moved (nothing waits on wall time).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../app";
import { imageUses } from "../content/image-seam";
import { previewKey, signPreview } from "../content/preview";
import { createItem, publishItem, scheduleItem, type ContentWrite } from "../content/store";
import { publishDueContent } from "../console/content-schedule";
import { saveImage } from "../images/images";
import { phoneJpeg } from "../images/test-images";
import { backends, useBackend } from "../test-support/backends";
import { signedInStaff } from "../test-support/staff";
import { insight } from "../test-support/insight";
import { useSiteBuild } from "../test-support/site-build";
import { validAtom } from "../../scripts/test-support/atom";

type App = Awaited<ReturnType<typeof buildApp>>;

const { client, build: buildOnce } = useSiteBuild();
const actor = { id: 7, name: "Mara Editor" };
const noRedirect = async () => undefined;

function written(result: ContentWrite) {
  if (!result.ok) throw new Error(`the store refused: ${JSON.stringify(result)}`);
  return result.item;
}

const jsonLdIn = (html: string) =>
  [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map(
    (m) => JSON.parse(m[1]!) as Record<string, unknown>,
  );

describe.each(backends)("insights live from the content store on %s", (backend) => {
  const env = useBackend(backend, { BUILD_DIR: client });
  let clock = new Date("2026-12-02T10:00:00Z");
  const now = () => clock;
  const stampEvery = 5_000;
  let app: App;
  let second: App;
  let heroId: string;

  beforeAll(async () => {
    await buildOnce();
    app = await buildApp(env.config, { now, contentStampEvery: stampEvery, addRedirect: noRedirect });
    second = await buildApp(env.config, { now, contentStampEvery: stampEvery, addRedirect: noRedirect });
    const image = await saveImage(app.storage, await phoneJpeg(1600, 900), { staffId: actor.id }, clock);
    if (!image.ok) throw new Error(image.reason);
    heroId = image.image.id;
  }, 240_000);
  afterAll(async () => {
    await app?.close();
    await second?.close();
  });

  const get = (server: App, url: string) => server.inject({ method: "GET", url });
  /** Moves the clock past the stamp period: what a publish may take to show on every instance. */
  const wait = () => (clock = new Date(clock.getTime() + stampEvery));

  it("answers from the build while the store holds no live insight", async () => {
    // The test build's own 404 page (server/test-support/site-build.ts): the request fell through.
    const res = await get(app, "/insights/what-a-platform-team-owes");
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain("Insight Not Found");
  });

  it("publishes an insight: its page, /insights, each tag's page, the sitemap and the Atom feed show it", async () => {
    const hero = { imageId: heroId, alt: "Teams sharing one paved road to production" };
    const draft = written(await createItem(app.storage.db, "insights", insight({ hero }), actor, clock));
    written(await publishItem(app.storage.db, "insights", draft.id, draft.version, actor, clock, noRedirect));
    wait();

    const page = await get(app, "/insights/what-a-platform-team-owes");
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain("What a platform team owes the product teams it serves</h1>");
    expect(page.body).toContain("measured itself in hours given back.");
    expect(page.body).toContain("Chief Executive Officer");
    // Its own search title reaches <title>, and its hero's 16:9 WebP is its share picture (decision 079).
    expect(page.body).toContain("<title>What a platform team owes product teams | Altiva Cloud</title>");
    expect(page.body).toMatch(
      new RegExp(
        `<meta property="og:image" content="https://www\\.altivacloud\\.com/media/${heroId}-[a-f0-9]{8}-16x9-\\d+\\.webp"`,
      ),
    );
    // The hero as <picture> with AVIF sources of the uploaded image.
    expect(page.body).toMatch(
      new RegExp(`<source type="image/avif" srcSet="/media/${heroId}-[a-f0-9]{8}-16x9-480\\.avif 480w`),
    );
    expect(page.body).toContain('href="/insights/tag/platform-engineering"');
    expect(jsonLdIn(page.body).find((d) => d["@type"] === "Article")).toMatchObject({
      headline: "What a platform team owes the product teams it serves",
      datePublished: "2026-11-20",
      dateModified: "2026-12-02T10:00:00.000Z",
      author: { name: "Priya Raman", jobTitle: "Chief Executive Officer" },
      keywords: "Platform engineering, Kubernetes",
    });

    for (const address of ["/insights", "/insights/tag/platform-engineering", "/insights/tag/kubernetes"]) {
      const res = await get(app, address);
      expect(res.statusCode, address).toBe(200);
      expect(res.body, address).toContain('href="/insights/what-a-platform-team-owes"');
    }
    // The Markdown articles are not shown beside the store's.
    expect((await get(app, "/insights")).body).not.toContain('href="/insights/evaluating-an-ai-claims-triage-pilot"');

    const missing = await get(app, "/insights/no-such-article");
    expect(missing.statusCode).toBe(404);
    expect(missing.body).toContain("Insight Not Found");
    expect((await get(app, "/insights/tag/quantum")).statusCode).toBe(404);

    const sitemap = (await get(app, "/sitemap.xml")).body;
    for (const path of [
      "/insights/what-a-platform-team-owes",
      "/insights/tag/platform-engineering",
      "/insights/tag/kubernetes",
    ])
      expect(sitemap).toContain(`<loc>https://www.altivacloud.com${path}</loc><lastmod>2026-12-02</lastmod>`);

    const feed = await get(app, "/insights/feed.xml");
    expect(feed.statusCode).toBe(200);
    expect(feed.headers["content-type"]).toBe("application/atom+xml; charset=utf-8");
    const atom = validAtom(feed.body, "https://www.altivacloud.com/insights/feed.xml");
    expect(atom.entry).toHaveLength(1);
    expect(atom.entry[0]!.link[0]!["@_href"]).toBe("https://www.altivacloud.com/insights/what-a-platform-team-owes");
    expect(atom.entry[0]!.author?.[0]?.name).toBe("Priya Raman");
    expect(atom.entry[0]!.category?.map((c) => c["@_term"])).toEqual(["platform-engineering", "kubernetes"]);
  });

  it("puts a scheduled insight live on a second server within 60 s of its time, by the schedule job and the stamp", async () => {
    const slug = "two-numbers-for-a-migration";
    const address = `/insights/${slug}`;
    const item = insight({
      slug,
      title: "The two numbers we watch during a migration",
      tags: ["Cloud migration"],
      hero: { imageId: heroId, alt: "A migration's two dials: errors and latency" },
    });
    const draft = written(await createItem(app.storage.db, "insights", item, actor, clock));
    const at = new Date(clock.getTime() + 10 * 60_000);
    written(await scheduleItem(app.storage.db, "insights", draft.id, draft.version, at, actor, clock));
    // Before its time: the job publishes nothing, and neither server shows it.
    expect((await publishDueContent(second.storage, clock, noRedirect, imageUses)).published).toEqual([]);
    wait();
    expect((await get(second, address)).statusCode).toBe(404);
    expect((await get(second, "/insights/tag/cloud-migration")).statusCode).toBe(404);

    // The job's next tick after the time (ticks are 15 s apart), then the stamp's period.
    clock = new Date(at.getTime() + 15_000);
    expect((await publishDueContent(app.storage, clock, noRedirect, imageUses)).published).toEqual([draft.id]);
    wait();
    expect(clock.getTime() - at.getTime()).toBeLessThanOrEqual(60_000);
    for (const server of [second, app]) {
      const res = await get(server, address);
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain("The two numbers we watch during a migration</h1>");
      expect((await get(server, "/insights/tag/cloud-migration")).body).toContain(`href="${address}"`);
      expect((await get(server, "/insights/feed.xml")).body).toContain(`https://www.altivacloud.com${address}`);
    }
  });

  it("previews an insight's draft as its page with noindex, and leaves it off the live list", async () => {
    const item = insight({ slug: "draft-on-cost-reviews", title: "Cost reviews that engineers actually read" });
    const draft = written(await createItem(app.storage.db, "insights", item, actor, clock));
    const key = await previewKey(env.config, app.storage);
    const editor = await signedInStaff(app.storage.db, { role: "marketing", name: "Ines Insight" }, clock);
    const token = signPreview(key, {
      collection: "insights",
      id: draft.id,
      expiresAt: new Date(clock.getTime() + 3_600_000),
      makerId: editor.id,
    });
    const res = await get(app, `/preview/${token}`);
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain("Cost reviews that engineers actually read</h1>");
    expect(res.body).toContain('<meta name="robots" content="noindex"/>');
    expect((await get(app, "/insights")).body).not.toContain("draft-on-cost-reviews");
  });
});
