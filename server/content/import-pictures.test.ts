/**
 * The one-time import with today's pictures (issue 41), on SQLite and PostgreSQL: today's three
 * case studies and three insights name the repository's SVG drawings; the import saves each as an
 * image through the images part (served from /media as AVIF and WebP, no SVG anywhere), so every
 * item goes live as its first revision, each image counted as used by its item. A second run
 * saves no image and adds no revision. The live list page then shows all three studies. A picture
 * not in the repository keeps its item a draft and says which file.
 */
import fs from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mediaPath } from "../../contracts/content/image";
import { buildApp } from "../app";
import { imageOf, usesOf } from "../images/images";
import { backends, useBackend } from "../test-support/backends";
import { useSiteBuild } from "../test-support/site-build";
import { imageUses } from "./image-seam";
import { caseStudyDraft, importCaseStudies } from "./import-case-studies";
import { importInsights, insightDraft } from "./import-insights";
import type { ImportedFile } from "./import-markdown";
import { drawingWidth, savePictures } from "./import-pictures";
import { liveItemBySlug } from "./store";

type App = Awaited<ReturnType<typeof buildApp>>;

const { client, build: buildOnce } = useSiteBuild();

const origin = "https://www.altivacloud.com";
const noRedirect = async () => undefined;
const filesOf = (dir: string): ImportedFile[] =>
  fs.readdirSync(dir).map((name) => ({ name, text: fs.readFileSync(path.join(dir, name), "utf8") }));
const caseStudies = filesOf(path.resolve("app/content/case-studies"));
const insights = filesOf(path.resolve("app/content/insights"));

describe.each(backends)("the content import with today's pictures on %s", (backend) => {
  const env = useBackend(backend, { BUILD_DIR: client });
  const clock = new Date("2026-12-02T10:00:00Z");
  let app: App;

  beforeAll(async () => {
    await buildOnce();
    app = await buildApp(env.config, { now: () => clock, addRedirect: noRedirect });
  }, 240_000);
  afterAll(async () => {
    await app?.close();
  });

  /** The import as `content-import` runs it: pictures saved first, then the items in one transaction. */
  async function importToday() {
    const opts = { publicDir: path.resolve("public"), siteOrigin: origin, now: clock };
    const studyPictures = await savePictures(app.storage, "case-studies", caseStudies, caseStudyDraft, opts);
    const insightPictures = await savePictures(app.storage, "insights", insights, insightDraft, opts);
    const common = { now: clock, siteOrigin: origin, addRedirect: noRedirect, imageUses };
    return app.storage.transaction(async (trx) => [
      ...(await importCaseStudies(trx, caseStudies, { ...common, pictures: studyPictures })),
      ...(await importInsights(trx, insights, { ...common, pictures: insightPictures })),
    ]);
  }

  const count = async (table: "images" | "image_variants" | "content_revisions" | "image_uses") =>
    Number(
      (
        await app.storage.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as("n"))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it("publishes today's three studies and three insights, each hero an image served from /media as AVIF and WebP", async () => {
    expect(caseStudies).toHaveLength(3);
    expect(insights).toHaveLength(3);
    const results = await importToday();
    expect(results.map((r) => [r.slug, r.result, r.issues])).toEqual(
      [...caseStudies, ...insights].map((f) => [f.name.replace(/\.md$/, ""), "published", []]),
    );
    expect(await count("images")).toBe(6);
    for (const [collection, files] of [
      ["case-studies", caseStudies],
      ["insights", insights],
    ] as const) {
      for (const file of files) {
        const slug = file.name.replace(/\.md$/, "");
        const live = await liveItemBySlug(app.storage.db, collection, slug);
        const hero = (live!.data as { hero: { imageId: string; alt: string } }).hero;
        // The alt text is the front matter's own words.
        expect(file.text, slug).toContain(`imageAlt: ${hero.alt}`);
        const image = await imageOf(app.storage.db, hero.imageId);
        expect(image, slug).toMatchObject({ sourceFormat: "png", width: drawingWidth });
        const { id } = await app.storage.db
          .selectFrom("content_items")
          .select("id")
          .where("collection", "=", collection)
          .where("slug", "=", slug)
          .executeTakeFirstOrThrow();
        // Counted as the item's use, as an upload chosen in the console is.
        expect(await usesOf(app.storage.db, hero.imageId)).toEqual([`${collection}:${id}`]);
        for (const format of ["avif", "webp"] as const) {
          const url = mediaPath({ id: image!.id, rev: image!.rev, aspect: "16x9", width: 960, format });
          const res = await app.inject({ method: "GET", url });
          expect(res.statusCode, url).toBe(200);
          expect(res.headers["content-type"]).toBe(`image/${format}`);
          const meta = await sharp(res.rawPayload).metadata();
          expect(meta.width).toBe(960);
          // Stripped as an upload is: no metadata travels with the variant.
          expect(meta.exif).toBeUndefined();
        }
      }
    }
  });

  it("a second run saves no image and adds no revision", async () => {
    const before = await Promise.all([
      count("images"),
      count("image_variants"),
      count("content_revisions"),
      count("image_uses"),
    ]);
    const again = await importToday();
    expect(again.map((r) => r.result)).toEqual([...caseStudies, ...insights].map(() => "kept"));
    expect(
      await Promise.all([count("images"), count("image_variants"), count("content_revisions"), count("image_uses")]),
    ).toEqual(before);
    expect(before[2]).toBe(6);
  });

  it("the site's live case-study list then shows all three of today's studies", async () => {
    const res = await app.inject({ method: "GET", url: "/case-study" });
    expect(res.statusCode).toBe(200);
    for (const file of caseStudies) {
      const slug = file.name.replace(/\.md$/, "");
      expect(res.body, slug).toContain(`href="/case-studies/${slug}"`);
    }
  });

  it("a picture not in the repository keeps its item a draft and says which file", async () => {
    const lost = {
      name: "lost-picture.md",
      text: caseStudies[0]!.text
        .replace(/^id: .*$/m, "id: lost-picture")
        .replace(/^image: .*$/m, "image: /images/no-such-drawing.svg"),
    };
    const images = await count("images");
    const pictures = await savePictures(app.storage, "case-studies", [lost], caseStudyDraft, {
      publicDir: path.resolve("public"),
      siteOrigin: origin,
      now: clock,
    });
    const [result] = await app.storage.transaction((trx) =>
      importCaseStudies(trx, [lost], { now: clock, siteOrigin: origin, addRedirect: noRedirect, imageUses, pictures }),
    );
    expect(result).toMatchObject({ slug: "lost-picture", result: "draft" });
    expect(result!.issues[0]).toEqual({
      path: "hero.imageId",
      message: "No picture at public/images/no-such-drawing.svg: upload the hero in the console.",
    });
    expect(await count("images")).toBe(images);
  });
});
