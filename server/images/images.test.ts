/**
 * Images in the database on SQLite and PostgreSQL (decision 063): an upload is checked by its
 * content, turned upright, stripped of EXIF (GPS included), XMP and ICC, and stored with AVIF and
 * WebP variants no wider than itself; the focal point moves the crops; the last release of an
 * image deletes it and its variants.
 */
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openStorage, type Storage } from "../db/db";
import { backends, useBackend } from "../test-support/backends";
import {
  deleteUnusedImages,
  imageOf,
  moveFocalPoint,
  releaseImage,
  saveImage,
  useImage,
  usesOf,
  variantBytes,
} from "./images";
import { hasGpsIfd, phoneJpeg, twoColourPng } from "./test-images";

const now = new Date("2026-11-23T09:00:00.000Z");

describe.each(backends)("images on %s", (backend) => {
  const env = useBackend(backend);
  let storage: Storage;
  beforeAll(async () => {
    storage = await openStorage({ databaseUrl: env.config.databaseUrl, dataDir: env.dataDir });
  });
  afterAll(() => storage.close());

  const save = async (bytes: Buffer) => {
    const saved = await saveImage(storage, bytes, { staffId: null }, now);
    if (!saved.ok) throw new Error(saved.reason);
    return saved.image;
  };
  const allVariants = (id: string) =>
    storage.db.selectFrom("image_variants").selectAll().where("image_id", "=", id).execute();

  it("keeps no EXIF, GPS, XMP or ICC in the master or any variant, and turns the photo upright", async () => {
    const photo = await phoneJpeg(600, 400);
    const before = await sharp(photo).metadata();
    expect(hasGpsIfd(before.exif)).toBe(true);
    expect(before.orientation).toBe(6);

    const image = await save(photo);
    // Orientation 6 is a quarter turn: the 600 × 400 pixels stand 400 wide and 600 tall.
    expect([image.width, image.height]).toEqual([400, 600]);
    const master = await storage.db
      .selectFrom("images")
      .select("master")
      .where("id", "=", image.id)
      .executeTakeFirstOrThrow();
    const stored = [master.master, ...(await allVariants(image.id)).map((v) => v.content)];
    expect(stored.length).toBeGreaterThan(6);
    for (const bytes of stored) {
      const meta = await sharp(bytes).metadata();
      expect(meta.exif).toBeUndefined();
      expect(meta.xmp).toBeUndefined();
      expect(meta.icc).toBeUndefined();
      expect(meta.orientation).toBeUndefined();
    }
  });

  it("converts a Display P3 photo's colours to sRGB and keeps no profile", async () => {
    // sRGB (40, 200, 60) written as P3 is stored as about (97, 197, 81): a browser shows the two alike.
    const p3 = await sharp({ create: { width: 500, height: 300, channels: 3, background: { r: 40, g: 200, b: 60 } } })
      .withIccProfile("p3")
      .jpeg({ quality: 100 })
      .toBuffer();
    expect((await sharp(p3).metadata()).icc).toBeDefined();
    const image = await save(p3);
    const bytes = await variantBytes(storage.db, { ...image, aspect: "original", width: 480, format: "webp" });
    expect((await sharp(bytes!).metadata()).icc).toBeUndefined();
    const [r, g, b] = await sharp(bytes!).extract({ left: 240, top: 150, width: 1, height: 1 }).raw().toBuffer();
    for (const [got, want] of [
      [r!, 40],
      [g!, 200],
      [b!, 60],
    ]) {
      expect(Math.abs(got! - want!)).toBeLessThanOrEqual(4);
    }
  });

  it("makes AVIF and WebP of every shape, never wider than the image or its crop", async () => {
    const image = await save(await twoColourPng(800, 300));
    expect(image.sourceFormat).toBe("png");
    // 800 wide: 480 and 800 of the whole; the 16:9 crop is 533 × 300 (480, 533); the square 300 (300).
    expect(image.renditions.original).toEqual({ widths: [480, 800], width: 800, height: 300 });
    expect(image.renditions["16x9"]).toEqual({ widths: [480, 533], width: 533, height: 300 });
    expect(image.renditions["1x1"]).toEqual({ widths: [300], width: 300, height: 300 });
    const rows = await allVariants(image.id);
    expect(rows).toHaveLength(2 * (2 + 2 + 1));
    for (const row of rows) {
      const meta = await sharp(row.content).metadata();
      expect(meta.format).toBe(row.format === "avif" ? "heif" : "webp");
      expect([meta.width, meta.height]).toEqual([row.width, row.height]);
      expect(row.width).toBeLessThanOrEqual(image.renditions[row.aspect].width);
      expect(row.width).toBeLessThanOrEqual(800);
    }
    expect(await imageOf(storage.db, image.id)).toEqual(image);
  });

  it("cuts the crops around the focal point, under a new rev, and the old addresses go", async () => {
    const image = await save(await twoColourPng(800, 300));
    const centreOf = async (rev: string) => {
      const bytes = await variantBytes(storage.db, { id: image.id, rev, aspect: "1x1", width: 300, format: "webp" });
      const { data } = await sharp(bytes!)
        .extract({ left: 150, top: 150, width: 1, height: 1 })
        .raw()
        .toBuffer({ resolveWithObject: true });
      return data[0]! > data[2]! ? "red" : "blue";
    };
    const right = await moveFocalPoint(storage, image.id, { x: 0.9, y: 0.5 });
    expect(right!.rev).not.toBe(image.rev);
    expect(await centreOf(right!.rev)).toBe("blue");
    const left = await moveFocalPoint(storage, image.id, { x: 0.1, y: 0.5 });
    expect(await centreOf(left!.rev)).toBe("red");
    expect(
      await variantBytes(storage.db, { id: image.id, rev: right!.rev, aspect: "1x1", width: 300, format: "webp" }),
    ).toBeUndefined();
    expect(left!.focal).toEqual({ x: 0.1, y: 0.5 });
    expect(await moveFocalPoint(storage, "0".repeat(24), { x: 0.5, y: 0.5 })).toBeUndefined();
  });

  it("refuses by content: text, SVG and a bomb's header are not stored", async () => {
    for (const bytes of [Buffer.from("name,email\n"), Buffer.from("<svg xmlns='http://www.w3.org/2000/svg'/>")]) {
      const saved = await saveImage(storage, bytes, { staffId: null }, now);
      expect(saved.ok).toBe(false);
    }
  });

  it("sweeps uploads no item used within 7 days, and nothing in use or newer", async () => {
    const saveAt = async (at: Date) => {
      const saved = await saveImage(storage, await twoColourPng(200, 100), { staffId: null }, at);
      if (!saved.ok) throw new Error(saved.reason);
      return saved.image.id;
    };
    const sweepAt = new Date("2026-12-01T12:00:00.000Z");
    const abandoned = await saveAt(new Date("2026-11-24T11:59:00.000Z"));
    const used = await saveAt(new Date("2026-11-20T09:00:00.000Z"));
    const recent = await saveAt(new Date("2026-11-24T12:01:00.000Z"));
    await useImage(storage.db, used, "team:3");
    const before = await storage.db.selectFrom("images").select("id").execute();

    expect(await deleteUnusedImages(storage.db, sweepAt)).toBeGreaterThanOrEqual(1);
    const left = new Set((await storage.db.selectFrom("images").select("id").execute()).map((r) => r.id));
    expect(left.has(abandoned)).toBe(false);
    expect(await allVariants(abandoned)).toEqual([]);
    expect(left.has(used)).toBe(true);
    expect(left.has(recent)).toBe(true);
    expect(left.size).toBeLessThan(before.length);
  });

  it("deletes an image and its variants with its last use, and only then", async () => {
    const image = await save(await twoColourPng(500, 300));
    expect(await useImage(storage.db, image.id, "case-study:1")).toBe(true);
    expect(await useImage(storage.db, image.id, "case-study:1")).toBe(true);
    expect(await useImage(storage.db, image.id, "insight:7")).toBe(true);
    expect(await usesOf(storage.db, image.id)).toEqual(["case-study:1", "insight:7"]);

    expect(await releaseImage(storage.db, image.id, "case-study:1")).toEqual({ deleted: false });
    expect(await imageOf(storage.db, image.id)).toBeDefined();
    expect(await releaseImage(storage.db, image.id, "insight:7")).toEqual({ deleted: true });
    expect(await imageOf(storage.db, image.id)).toBeUndefined();
    expect(await allVariants(image.id)).toEqual([]);
    expect(await useImage(storage.db, image.id, "case-study:1")).toBe(false);
  });
});
