/**
 * Case studies from the content store live on the site without a build (issue 41, decision 067),
 * on SQLite and PostgreSQL: published, a study has its page, its card on the list, its category,
 * the home page and its service's page, its sitemap entry and its feed entry; republished, the
 * page follows the content stamp (kept between, rendered again after); a second server on the same
 * database shows it within the stamp period (the clock is moved, nothing waits); a draft's preview
 * link shows the draft with noindex and is kept nowhere, and answers 404 unsigned, tampered,
 * expired, or once its maker is revoked or no longer edits content (decision 077), and a client
 * gets PREVIEW_RATE_LIMIT_MAX preview pages a minute; hostile words in each kind of field render inert; the build folder is never written.
 */
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CaseStudyItem } from "../../contracts/content/items";
import { buildApp } from "../app";
import { phoneJpeg } from "../images/test-images";
import { moveFocalPoint, saveImage, useImage } from "../images/images";
import { itemRefOf } from "../content/image-uses";
import { backends, useBackend } from "../test-support/backends";
import { caseStudy } from "../test-support/case-study";
import { useSiteBuild } from "../test-support/site-build";
import { previewKey, signPreview } from "../content/preview";
import { signedInStaff } from "../test-support/staff";
import { createItem, itemById, publishItem, saveDraft, type ContentWrite } from "../content/store";

type App = Awaited<ReturnType<typeof buildApp>>;

const { root, client, build: buildOnce } = useSiteBuild();

/** Every file of the build folder with its modification time: what no request may change. */
function buildFolderState(): Record<string, number> {
  const out: Record<string, number> = {};
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else out[path.relative(root, full)] = fs.statSync(full).mtimeMs;
    }
    out[path.relative(root, dir) || "."] = fs.statSync(dir).mtimeMs;
  };
  walk(root);
  return out;
}

const actor = { id: 7, name: "Mara Editor" };
const noRedirect = async () => undefined;

function written(result: ContentWrite) {
  if (!result.ok) throw new Error(`the store refused: ${JSON.stringify(result)}`);
  return result.item;
}

/** JSON-LD objects of a page. */
const jsonLdIn = (html: string) =>
  [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map(
    (m) => JSON.parse(m[1]!) as Record<string, unknown>,
  );

/** The page as the browser gets it, minus the data it hydrates from (React Router's stream, escaped JSON). */
const markupOf = (html: string) => html.replace(/<script>window\.__reactRouter[\s\S]*?<\/script>/g, "");

describe.each(backends)("case studies live from the content store on %s", (backend) => {
  const previewRateMax = 12;
  const env = useBackend(backend, { BUILD_DIR: client, PREVIEW_RATE_LIMIT_MAX: String(previewRateMax) });
  let clock = new Date("2026-12-02T10:00:00Z");
  const now = () => clock;
  const stampEvery = 5_000;
  const renders: string[] = [];
  let app: App;
  let second: App;
  let before: Record<string, number>;
  let heroId: string;

  beforeAll(async () => {
    await buildOnce();
    before = buildFolderState();
    app = await buildApp(env.config, {
      now,
      contentStampEvery: stampEvery,
      addRedirect: noRedirect,
      onLiveRender: (key) => renders.push(key),
    });
    second = await buildApp(env.config, { now, contentStampEvery: stampEvery, addRedirect: noRedirect });
    const image = await saveImage(app.storage, await phoneJpeg(1600, 900), { staffId: actor.id }, clock);
    if (!image.ok) throw new Error(image.reason);
    heroId = image.image.id;
  }, 240_000);
  afterAll(async () => {
    await app?.close();
    await second?.close();
  });

  const get = (server: App, url: string, headers: Record<string, string> = {}) =>
    server.inject({ method: "GET", url, headers });
  /** Moves the clock past the stamp period: what a publish may take to show on every instance. */
  const wait = () => (clock = new Date(clock.getTime() + stampEvery));

  async function publish(study: CaseStudyItem) {
    const draft = written(await createItem(app.storage.db, "case-studies", study, actor, clock));
    return written(
      await publishItem(app.storage.db, "case-studies", draft.id, draft.version, actor, clock, noRedirect),
    );
  }

  it("answers from the build while the store holds no live case study", async () => {
    const res = await get(app, "/case-studies/logistics-platform-on-aws");
    // The test build's own 404 page (server/test-support/site-build.ts): the request fell through.
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain("Case Study Not Found");
    expect(renders).toEqual([]);
  });

  it("publishes a study: its page, the list, its category, the home page and its service's page show it", async () => {
    await publish(
      caseStudy({ technologies: ["nodejs"], hero: { imageId: heroId, alt: "Servers moving into cloud regions" } }),
    );
    wait();
    const page = await get(app, "/case-studies/logistics-platform-on-aws");
    expect(page.statusCode).toBe(200);
    expect(page.headers["cache-control"]).toBe("no-cache");
    expect(page.body).toContain("<h1");
    expect(page.body).toContain("Moving a logistics platform to AWS with 40% lower costs</h1>");
    expect(page.body).toContain("The tracking platform ran on leased servers");
    expect(page.body).toContain("We moved 38 services and 6 databases");
    expect(page.body).toContain("Head of Platform Operations");
    // The hero as <picture> with AVIF and WebP sources of the uploaded image, and its size.
    expect(page.body).toMatch(
      new RegExp(`<source type="image/avif" srcSet="/media/${heroId}-[a-f0-9]{8}-16x9-480\\.avif 480w`),
    );
    expect(page.body).toMatch(
      /<img src="\/media\/[^"]+\.webp" alt="Servers moving into cloud regions" width="\d+" height="\d+"/,
    );
    // Its stack links the pages it is tagged with; a key no page has is left out.
    expect(page.body).toContain('href="/services/migration"');
    expect(page.body).toContain('href="/technology/nodejs"');
    const article = jsonLdIn(page.body).find((d) => d["@type"] === "Article");
    expect(article).toMatchObject({
      headline: "Moving a logistics platform to AWS with 40% lower costs",
      datePublished: "2026-06-03",
      dateModified: "2026-12-02T10:00:00.000Z",
      mainEntityOfPage: "https://www.altivacloud.com/case-studies/logistics-platform-on-aws",
    });
    expect(page.body).not.toContain('content="noindex"');

    for (const address of [
      "/case-study",
      "/case-studies/category/cloud",
      "/",
      "/services/migration",
      "/technology/nodejs",
    ]) {
      const res = await get(app, address);
      expect(res.statusCode, address).toBe(200);
      expect(res.body, address).toContain('href="/case-studies/logistics-platform-on-aws"');
    }
    // The Markdown studies are not shown beside the store's: the store is the source once it holds any.
    expect((await get(app, "/case-study")).body).not.toContain("/case-studies/cloud-migration");
    expect(fs.readdirSync(client)).not.toContain("case-studies");
  });

  it("gives a published study's page its stored search title and description, and its hero's 16:9 WebP as share picture", async () => {
    const html = (await get(app, "/case-studies/logistics-platform-on-aws")).body;
    const meta = (attr: string, name: string) =>
      new RegExp(`<meta ${attr}="${name}" content="([^"]*)"`).exec(html)?.[1];
    expect(html).toContain("<title>Logistics platform moved to AWS, 40% lower costs | Altiva Cloud</title>");
    const description =
      "How a European logistics group moved its tracking platform to AWS in eight weeks with 11 minutes of downtime.";
    expect(meta("name", "description")).toBe(description);
    expect(meta("property", "og:title")).toBe("Logistics platform moved to AWS, 40% lower costs | Altiva Cloud");
    expect(meta("property", "og:description")).toBe(description);
    expect(meta("name", "twitter:title")).toBe("Logistics platform moved to AWS, 40% lower costs | Altiva Cloud");
    expect(meta("name", "twitter:description")).toBe(description);
    expect(meta("property", "og:image")).toMatch(
      new RegExp(`^https://www\\.altivacloud\\.com/media/${heroId}-[a-f0-9]{8}-16x9-900\\.webp$`),
    );
    expect(meta("property", "og:image:type")).toBe("image/webp");
    // The phone's picture stands upright (900 × 1,600): its widest 16:9 cut is 900 px.
    expect([meta("property", "og:image:width"), meta("property", "og:image:height")]).toEqual(["900", "506"]);
    expect(meta("property", "og:image:alt")).toBe("Servers moving into cloud regions");
    // The picture is served: its address names a variant the images part made.
    const picture = new URL(meta("property", "og:image")!).pathname;
    expect((await get(app, picture)).statusCode).toBe(200);
  });

  it("answers the spec's Case Study Not Found with 404 for an unknown slug and an unknown category", async () => {
    const missing = await get(app, "/case-studies/no-such-study");
    expect(missing.statusCode).toBe(404);
    expect(missing.body).toContain("Case Study Not Found");
    expect(missing.headers["x-robots-tag"]).toBe("noindex");
    const category = await get(app, "/case-studies/category/quantum");
    expect(category.statusCode).toBe(404);
  });

  it("keeps a page until the stamp moves, then renders the republished study; a second server follows within the stamp period", async () => {
    const first = await get(second, "/case-studies/logistics-platform-on-aws");
    expect(first.body).toContain("40% lower costs</h1>");
    renders.length = 0;
    expect((await get(app, "/case-studies/logistics-platform-on-aws")).statusCode).toBe(200);
    expect(renders).toEqual([]);

    const row = (await app.storage.db
      .selectFrom("content_items")
      .select(["id"])
      .where("live_slug", "=", "logistics-platform-on-aws")
      .executeTakeFirstOrThrow()) as { id: number };
    const current = (await itemById(app.storage.db, "case-studies", row.id))!;
    const edited = caseStudy({
      technologies: ["nodejs"],
      hero: { imageId: heroId, alt: "Servers moving into cloud regions" },
      title: "Moving a logistics platform to AWS with 41% lower costs",
    });
    const saved = written(
      await saveDraft(app.storage.db, "case-studies", row.id, current.version, edited, actor, clock),
    );
    // A saved draft is not live: the stamp stays, the page stays.
    wait();
    for (const server of [app, second])
      expect((await get(server, "/case-studies/logistics-platform-on-aws")).body).toContain("40% lower costs</h1>");
    written(await publishItem(app.storage.db, "case-studies", row.id, saved.version, actor, clock, noRedirect));
    // Inside the stamp period both servers may still answer the last reading.
    expect((await get(second, "/case-studies/logistics-platform-on-aws")).body).toContain("40% lower costs</h1>");
    wait();
    expect((await get(app, "/case-studies/logistics-platform-on-aws")).body).toContain("41% lower costs</h1>");
    expect((await get(second, "/case-studies/logistics-platform-on-aws")).body).toContain("41% lower costs</h1>");
    expect((await get(second, "/case-study")).body).toContain("41% lower costs");
  });

  it("follows a live picture's new focal point within the stamp period: the page never names variants that are gone", async () => {
    const path = "/case-studies/logistics-platform-on-aws";
    const heroUrl = (html: string) => new RegExp(`/media/${heroId}-[a-f0-9]{8}-16x9-480\\.webp`).exec(html)?.[0];
    const before = heroUrl((await get(app, path)).body)!;
    // The console records the study's use of its picture when it saves it (this test saves through the store).
    const item = await app.storage.db
      .selectFrom("content_items")
      .select(["id", "collection"])
      .where("live_slug", "=", "logistics-platform-on-aws")
      .executeTakeFirstOrThrow();
    await useImage(app.storage.db, heroId, itemRefOf(item));
    wait();
    expect(heroUrl((await get(app, path)).body)).toBe(before);
    expect((await get(app, before)).statusCode).toBe(200);
    // The editor moves the focal point of the picture the live study shows: its crops are cut again under a new rev.
    await moveFocalPoint(app.storage, heroId, { x: 0.1, y: 0.9 });
    expect((await get(app, before)).statusCode).toBe(404);
    wait();
    for (const server of [app, second]) {
      const after = heroUrl((await get(server, path)).body)!;
      expect(after).not.toBe(before);
      expect((await get(server, after)).statusCode).toBe(200);
    }
  });

  it("lists every published study in the sitemap with its lastmod, and no draft; the feed follows", async () => {
    await createItem(app.storage.db, "case-studies", caseStudy({ slug: "draft-never-published" }), actor, clock);
    wait();
    const sitemap = await get(app, "/sitemap.xml");
    expect(sitemap.body).toContain(
      "<url><loc>https://www.altivacloud.com/case-studies/logistics-platform-on-aws</loc><lastmod>2026-12-02</lastmod></url>",
    );
    expect(sitemap.body).toContain("<loc>https://www.altivacloud.com/case-studies/category/cloud</loc>");
    expect(sitemap.body).not.toContain("draft-never-published");
    const feed = await get(app, "/case-studies/feed.xml");
    expect(feed.statusCode).toBe(200);
    expect(feed.headers["content-type"]).toContain("application/rss+xml");
    expect(feed.body).toContain("<link>https://www.altivacloud.com/case-studies/logistics-platform-on-aws</link>");
    expect(feed.body).not.toContain("draft-never-published");
  });

  describe("preview links", () => {
    let token: string;
    let itemId: number;
    let key: Buffer;
    let makerId: number;
    /** Each test's preview pages come from an address of its own: the limit is per client. */
    let client = 0;
    const fromClient = () => `198.51.100.${++client}`;
    const preview = (t: string, ip: string) => app.inject({ method: "GET", url: `/preview/${t}`, remoteAddress: ip });
    beforeAll(async () => {
      const draft = written(
        await createItem(
          app.storage.db,
          "case-studies",
          caseStudy({ slug: "claims-triage-preview", title: "Triage of insurance claims in minutes, not days" }),
          actor,
          clock,
        ),
      );
      itemId = draft.id;
      key = await previewKey(env.config, app.storage);
      makerId = (await signedInStaff(app.storage.db, { role: "marketing", name: "Mara Maker" }, clock)).id;
      token = signPreview(key, {
        collection: "case-studies",
        id: itemId,
        expiresAt: new Date(clock.getTime() + 3_600_000),
        makerId,
      });
    });

    it("shows the draft as its real page with noindex, stored by no cache", async () => {
      const res = await get(app, `/preview/${token}`);
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain("Triage of insurance claims in minutes, not days</h1>");
      expect(res.body).toContain('<meta name="robots" content="noindex"/>');
      expect(res.headers["x-robots-tag"]).toBe("noindex");
      expect(res.headers["cache-control"]).toBe("private, no-store");
      // The draft did not reach the live site, nor its cache.
      expect((await get(app, "/case-studies/claims-triage-preview")).statusCode).toBe(404);
      expect((await get(app, "/case-study")).body).not.toContain("claims-triage-preview");
    });

    it("answers 404 once its maker is revoked or their role no longer edits content, and names nobody", async () => {
      const ip = fromClient();
      const link = (id: number) =>
        signPreview(key, {
          collection: "case-studies",
          id: itemId,
          expiresAt: new Date(clock.getTime() + 3_600_000),
          makerId: id,
        });
      const leaving = await signedInStaff(app.storage.db, { role: "marketing", name: "Lea Leaving" }, clock);
      const moving = await signedInStaff(app.storage.db, { role: "marketing", name: "Max Moving" }, clock);
      const [revokedLink, movedLink] = [link(leaving.id), link(moving.id)];
      for (const t of [revokedLink, movedLink]) expect((await preview(t, ip)).statusCode).toBe(200);
      // The payload names the item and a tag, never the staff id.
      const payload = JSON.parse(Buffer.from(revokedLink.split(".")[0]!, "base64url").toString("utf8")) as object;
      expect(Object.keys(payload).sort()).toEqual(["c", "e", "i", "m"]);
      expect(JSON.stringify(payload)).not.toContain(`:${leaving.id},`);

      const at = clock.toISOString();
      await app.storage.db.updateTable("staff").set({ revoked_at: at }).where("id", "=", leaving.id).execute();
      await app.storage.db.updateTable("staff").set({ role: "sales" }).where("id", "=", moving.id).execute();
      for (const t of [revokedLink, movedLink]) {
        const res = await preview(t, ip);
        expect(res.statusCode).toBe(404);
        expect(res.body).not.toContain("Triage of insurance claims");
      }
      // The others' links still work.
      expect((await preview(token, ip)).statusCode).toBe(200);
      // A link made before makers were named (no tag) ends too.
      const untagged = Buffer.from(
        JSON.stringify({ c: "case-studies", i: itemId, e: clock.getTime() + 3_600_000 }),
      ).toString("base64url");
      const signature = crypto.createHmac("sha256", key).update(untagged).digest("base64url");
      expect((await preview(`${untagged}.${signature}`, ip)).statusCode).toBe(404);
    });

    it("gives a client PREVIEW_RATE_LIMIT_MAX preview pages a minute, then 429 with Retry-After", async () => {
      const ip = fromClient();
      // Any address under /preview/ spends the budget, a bad link too (and costs no render here).
      for (let i = 0; i < previewRateMax; i++)
        expect((await preview(`x${i}`, ip)).statusCode, `page ${i + 1}`).toBe(404);
      const refused = await preview(token, ip);
      expect(refused.statusCode).toBe(429);
      expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
      expect(refused.json()).toMatchObject({
        message: expect.stringMatching(/^Too many preview pages from your address/),
      });
      // Another client still gets its page; the site's other pages are not limited.
      expect((await preview(token, fromClient())).statusCode).toBe(200);
      expect((await app.inject({ method: "GET", url: "/case-study", remoteAddress: ip })).statusCode).toBe(200);
    });

    it("answers 404 for an unsigned, a tampered and an expired link", async () => {
      const [payload, signature] = token.split(".") as [string, string];
      const otherItem = Buffer.from(
        JSON.stringify({ c: "case-studies", i: itemId + 1, e: clock.getTime() + 3_600_000 }),
      ).toString("base64url");
      for (const bad of [
        payload,
        `${payload}.`,
        `${otherItem}.${signature}`,
        `${payload}.${signature.slice(0, -2)}xx`,
      ]) {
        const res = await get(app, `/preview/${bad}`);
        expect(res.statusCode, bad).toBe(404);
        expect(res.body).not.toContain("Triage of insurance claims");
      }
      clock = new Date(clock.getTime() + 3_600_000);
      expect((await get(app, `/preview/${token}`)).statusCode).toBe(404);
    });
  });

  describe("hostile words render inert", () => {
    const script = "<script>alert(1)</script>";
    const onerror = 'x" onerror="alert(1)';
    /** Publishes a study with these changes and answers its page's markup (without the hydration data). */
    async function pageWith(slug: string, changes: Partial<CaseStudyItem>) {
      await publish(caseStudy({ slug, ...changes }));
      wait();
      const res = await get(app, `/case-studies/${slug}`);
      expect(res.statusCode).toBe(200);
      return markupOf(res.body);
    }
    const inert = (html: string) => {
      expect(html).not.toContain("<script>alert(1)");
      // An attribute of a tag, not words in a value (escaped) nor the after-paint loader's own script.
      expect(html).not.toMatch(/<[a-z][^>]*\sonerror\s*=\s*["']/i);
      expect(html).not.toContain('href="javascript:');
    };

    it("in a text field (the title and the client)", async () => {
      const html = await pageWith("hostile-text", { title: `Migration ${script}`, client: `A group ${onerror}` });
      inert(html);
      expect(html).toContain("Migration &lt;script&gt;alert(1)&lt;/script&gt;");
    });

    it("in a list of figures (a result's label)", async () => {
      inert(
        await pageWith("hostile-figures", {
          results: [
            { value: "40%", label: script },
            { value: "8", label: onerror },
          ],
        }),
      );
    });

    it("in rich text (a paragraph's words)", async () => {
      const html = await pageWith("hostile-rich-text", {
        challenge: {
          type: "doc",
          content: [{ type: "paragraph", content: [{ type: "text", text: `${script} ${onerror}` }] }],
        },
      });
      inert(html);
      expect(html).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
    });

    it("in a rich-text link (a javascript: address is refused by the store and left out by the site)", async () => {
      const hostile = caseStudy({
        slug: "hostile-link",
        solution: {
          type: "doc",
          content: [
            {
              type: "paragraph",
              content: [
                { type: "text", text: "read more", marks: [{ type: "link", attrs: { href: "javascript:alert(1)" } }] },
              ],
            },
          ],
        },
      });
      const draft = written(await createItem(app.storage.db, "case-studies", hostile, actor, clock));
      const refused = await publishItem(
        app.storage.db,
        "case-studies",
        draft.id,
        draft.version,
        actor,
        clock,
        noRedirect,
      );
      expect(refused.ok).toBe(false);
      // Written around the store into the live column: the site leaves the study out, it never draws the link.
      await app.storage.db
        .updateTable("content_items")
        .set({ published_data: JSON.stringify(hostile), live_slug: "hostile-link", live_revision: 99 })
        .where("id", "=", draft.id)
        .execute();
      wait();
      const res = await get(app, "/case-studies/hostile-link");
      expect(res.statusCode).toBe(404);
      inert(res.body);
      inert((await get(app, "/case-study")).body);
    });

    it("in an image's words (the hero's alt)", async () => {
      const html = await pageWith("hostile-alt", { hero: { imageId: heroId, alt: `${onerror} ${script}` } });
      inert(html);
      expect(html).toContain('alt="x&quot; onerror=&quot;alert(1) &lt;script&gt;alert(1)&lt;/script&gt;"');
    });
  });

  it("never writes to the build folder", () => {
    expect(buildFolderState()).toEqual(before);
  });
});
