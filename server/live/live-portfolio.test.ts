/**
 * The portfolio live from the content store (issue 41, decision 078), on SQLite and PostgreSQL:
 * `content-import`'s way publishes today's two projects with their drawings as images, and a
 * second run changes nothing; /portfolio then renders from the store with the spec's 'View
 * Project' links; a link is a site path or an http(s) address, anything else refused; hostile
 * words in every field render inert; with no live project the request falls through to the build.
 */
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PortfolioItem } from "../../contracts/content/items";
import { buildApp } from "../app";
import { imageUses } from "../content/image-seam";
import { savePictures } from "../content/import-pictures";
import { importPortfolio, portfolioDrafts } from "../content/import-portfolio";
import { createItem, publishItem, unpublishItem, type ContentWrite } from "../content/store";
import { backends, useBackend } from "../test-support/backends";
import { useSiteBuild } from "../test-support/site-build";

type App = Awaited<ReturnType<typeof buildApp>>;

const { client, build: buildOnce } = useSiteBuild();
const actor = { id: 7, name: "Mara Editor" };
const noRedirect = async () => undefined;
const origin = "https://www.altivacloud.com";
const file = { name: "portfolio.json", text: fs.readFileSync(path.resolve("app/content/portfolio.json"), "utf8") };
const projects = JSON.parse(file.text) as { title: string; link: string; note?: string }[];
const markupOf = (html: string) => html.replace(/<script>window\.__reactRouter[\s\S]*?<\/script>/g, "");

function written(result: ContentWrite) {
  if (!result.ok) throw new Error(`the store refused: ${JSON.stringify(result)}`);
  return result.item;
}

describe.each(backends)("the portfolio live from the content store on %s", (backend) => {
  const env = useBackend(backend, { BUILD_DIR: client });
  let clock = new Date("2026-12-02T10:00:00Z");
  const now = () => clock;
  const stampEvery = 5_000;
  let app: App;
  let imageId: string;

  beforeAll(async () => {
    await buildOnce();
    app = await buildApp(env.config, { now, contentStampEvery: stampEvery, addRedirect: noRedirect });
  }, 240_000);
  afterAll(async () => {
    await app?.close();
  });

  const get = (url: string) => app.inject({ method: "GET", url });
  const wait = () => (clock = new Date(clock.getTime() + stampEvery));
  const project = (changes: Partial<PortfolioItem>): PortfolioItem => ({
    slug: "fleetpulse-mobile",
    title: "FleetPulse driver app",
    description:
      "The drivers' side of FleetPulse: routes, proof of delivery and offline sync for 2,000 vans, released to both app stores.",
    image: { imageId, alt: "A driver's phone showing the next three stops" },
    link: "https://fleetpulse.example.com/drivers",
    order: 3,
    ...changes,
  });
  const publish = async (item: PortfolioItem) => {
    const draft = written(await createItem(app.storage.db, "portfolio", item, actor, clock));
    return publishItem(app.storage.db, "portfolio", draft.id, draft.version, actor, clock, noRedirect);
  };

  it("answers /portfolio from the build while the store holds no live project", async () => {
    const res = await get("/portfolio");
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain("View Project");
  });

  it("imports today's two projects live, each drawing an image; a second run changes nothing", async () => {
    const importToday = async () => {
      const pictures = await savePictures(app.storage, "portfolio", [file], portfolioDrafts, {
        publicDir: path.resolve("public"),
        siteOrigin: origin,
        now: clock,
        field: "image",
      });
      return app.storage.transaction((trx) =>
        importPortfolio(trx, file, { now: clock, siteOrigin: origin, addRedirect: noRedirect, imageUses, pictures }),
      );
    };
    expect((await importToday()).map((r) => [r.result, r.issues])).toEqual(projects.map(() => ["published", []]));
    expect((await importToday()).map((r) => r.result)).toEqual(projects.map(() => "kept"));
    const { n } = await app.storage.db
      .selectFrom("images")
      .select((eb) => eb.fn.countAll().as("n"))
      .executeTakeFirstOrThrow();
    expect(Number(n)).toBe(2);
    const stored = await app.storage.db
      .selectFrom("content_items")
      .select("published_data")
      .where("collection", "=", "portfolio")
      .executeTakeFirstOrThrow();
    imageId = (JSON.parse(stored.published_data!) as PortfolioItem).image.imageId;
  }, 180_000);

  it("renders /portfolio from the store: each project's picture, words and 'View Project' link", async () => {
    wait();
    const res = await get("/portfolio");
    expect(res.statusCode).toBe(200);
    const html = markupOf(res.body);
    for (const p of projects) {
      expect(html).toContain(`<h2 class="h4">${p.title}</h2>`);
      expect(html).toContain(`href="${p.link}"`);
    }
    expect(html).toContain(projects[1]!.note!.replace("'", "&#x27;"));
    expect(html.match(/>View Project<span class="visually-hidden">/g)).toHaveLength(2);
    expect(
      html.match(/<source type="image\/avif" srcSet="\/media\/[a-f0-9]{24}-[a-f0-9]{8}-16x9-480\.avif/g),
    ).toHaveLength(2);
  });

  it("takes a link to a site page or an http(s) address, and refuses any other", async () => {
    written(await publish(project({})));
    for (const [slug, link] of [
      ["script-link", "javascript:alert(1)"],
      ["data-link", "data:text/html,hi"],
      ["protocol-relative", "//evil.example.com"],
      ["ftp-link", "ftp://files.example.com/app"],
      ["quoted-path", `/contact?x=" onerror="alert(1)`],
    ]) {
      const refused = await publish(project({ slug, link }));
      expect(refused, link).toMatchObject({ ok: false, reason: "invalid", issues: [{ path: "link" }] });
    }
    wait();
    const html = markupOf((await get("/portfolio")).body);
    expect(html).toContain('href="https://fleetpulse.example.com/drivers"');
    expect(html).not.toContain("javascript:");
  });

  it("renders hostile words in every portfolio field inert", async () => {
    const script = "<script>alert(1)</script>";
    const onerror = 'x" onerror="alert(1)';
    written(
      await publish(
        project({
          slug: "hostile-project",
          title: `Relay ${script}`,
          description: `A dispatch relay for couriers, rebuilt on queues that survive a region failing. ${script} ${onerror}`,
          note: `Private to the client ${onerror}`,
          image: { imageId, alt: `${onerror} ${script}` },
        }),
      ),
    );
    wait();
    const html = markupOf((await get("/portfolio")).body);
    expect(html).toContain("Relay &lt;script&gt;alert(1)&lt;/script&gt;");
    expect(html).not.toContain("<script>alert(1)");
    expect(html).not.toMatch(/<[a-z][^>]*\sonerror\s*=\s*["']/i);
  });

  it("falls through to the build once no project is live", async () => {
    const live = await app.storage.db
      .selectFrom("content_items")
      .select(["id", "version"])
      .where("collection", "=", "portfolio")
      .where("published_data", "is not", null)
      .execute();
    for (const item of live)
      written(await unpublishItem(app.storage.db, "portfolio", item.id, item.version, actor, clock));
    wait();
    expect((await get("/portfolio")).statusCode).toBe(404);
  });
});
