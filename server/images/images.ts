/**
 * Images in the database (docs/decisions/063-images.md): an upload checked by its content,
 * stripped, and stored with its variants; its metadata; a moved focal point; the variants' bytes
 * for /media; and the uses that keep an image alive. The content store calls `useImage` when an
 * item starts using an image and `releaseImage` when it stops: the last release deletes the
 * image and every variant (images are content, not personal data, but nothing keeps an unused one).
 */
import crypto from "node:crypto";
import type { Kysely } from "kysely";
import {
  aspects,
  type Aspect,
  type FocalPoint,
  type ImageAnswer,
  type RenditionAnswer,
  type VariantName,
} from "../../contracts/content/image";
import type { Storage } from "../db/db";
import { asOnlyWriter } from "../db/dialect";
import type { Database, ImagesTable } from "../db/schema";
import { checkImage } from "./image-type";
import { decodeMaster, decodeUpload, encodeMaster, makeVariants, type Pixels, type Variant } from "./variants";

export type SaveResult = { ok: true; image: ImageAnswer } | { ok: false; reason: string };

const centre: FocalPoint = { x: 0.5, y: 0.5 };

/**
 * Taken by every use, release and sweep ("imgu" in ASCII), held to the end of the caller's
 * transaction. On PostgreSQL a release's "no use left" check read in its delete's own snapshot
 * misses a use another instance is committing: the delete then waits on that save's lock on the
 * image row and, once it commits, deletes the image and (by the cascade) the use just made. Under
 * this lock the check is a statement that starts after the other save committed, so it sees it.
 */
const usesLockKey = 0x696d6775;

/** Names the variants' bytes: a new focal point gives new addresses, so each address is immutable. */
export function revOf(id: string, focal: FocalPoint): string {
  return crypto.createHash("sha256").update(`${id}:${focal.x}:${focal.y}`).digest("hex").slice(0, 8);
}

/** Checks, strips and stores an upload; a refusal says why in words for the person uploading. */
export async function saveImage(
  storage: Storage,
  bytes: Buffer,
  by: { staffId: number | null },
  now: Date,
): Promise<SaveResult> {
  const check = await checkImage(bytes);
  if (!check.ok) return check;
  let pixels: Pixels;
  try {
    pixels = await decodeUpload(bytes);
  } catch {
    return { ok: false, reason: "The image could not be read: it may be damaged or too large." };
  }
  const [master, variants] = await Promise.all([encodeMaster(pixels), makeVariants(pixels, centre)]);
  const id = crypto.randomBytes(12).toString("hex");
  const row: ImagesTable = {
    id,
    rev: revOf(id, centre),
    source_format: check.type,
    width: pixels.width,
    height: pixels.height,
    focal_x: centre.x,
    focal_y: centre.y,
    master,
    created_at: now.toISOString(),
    created_by: by.staffId,
  };
  await storage.transaction(async (trx) => {
    await trx.insertInto("images").values(row).execute();
    await insertVariants(trx, id, variants);
  });
  return { ok: true, image: answerOf(row, variants) };
}

async function insertVariants(db: Kysely<Database>, imageId: string, variants: Variant[]) {
  // One row at a time: a 1440 px AVIF is tens of kilobytes, and a multi-row insert of eighteen
  // would be one statement of megabytes.
  for (const v of variants) {
    await db
      .insertInto("image_variants")
      .values({
        image_id: imageId,
        aspect: v.aspect,
        width: v.width,
        height: v.height,
        format: v.format,
        content: v.content,
      })
      .execute();
  }
}

type RenditionRow = { aspect: Aspect; width: number; height: number };

function answerOf(row: Omit<ImagesTable, "master">, variants: readonly RenditionRow[]): ImageAnswer {
  const renditions = Object.fromEntries(
    aspects.map((aspect): [Aspect, RenditionAnswer] => {
      const own = variants.filter((v) => v.aspect === aspect).sort((a, b) => a.width - b.width);
      const widest = own[own.length - 1]!;
      return [aspect, { widths: [...new Set(own.map((v) => v.width))], width: widest.width, height: widest.height }];
    }),
  ) as ImageAnswer["renditions"];
  return {
    id: row.id,
    rev: row.rev,
    sourceFormat: row.source_format,
    width: row.width,
    height: row.height,
    focal: { x: row.focal_x, y: row.focal_y },
    renditions,
    createdAt: row.created_at,
  };
}

const metaColumns = [
  "id",
  "rev",
  "source_format",
  "width",
  "height",
  "focal_x",
  "focal_y",
  "created_at",
  "created_by",
] as const;

/** An image's metadata, or undefined when there is none of that id. */
export async function imageOf(db: Kysely<Database>, id: string): Promise<ImageAnswer | undefined> {
  const row = await db.selectFrom("images").select(metaColumns).where("id", "=", id).executeTakeFirst();
  if (!row) return undefined;
  const variants = await db
    .selectFrom("image_variants")
    .select(["aspect", "width", "height"])
    .where("image_id", "=", id)
    .where("format", "=", "webp")
    .execute();
  return answerOf(row, variants);
}

/** Moves the focal point and cuts the crops again under a new rev; undefined for an unknown image. */
export async function moveFocalPoint(
  storage: Storage,
  id: string,
  focal: FocalPoint,
): Promise<ImageAnswer | undefined> {
  const found = await storage.db.selectFrom("images").select("master").where("id", "=", id).executeTakeFirst();
  if (!found) return undefined;
  const crops = aspects.filter((a) => a !== "original");
  const variants = await makeVariants(await decodeMaster(found.master), focal, crops);
  await storage.transaction(async (trx) => {
    await trx
      .updateTable("images")
      .set({ focal_x: focal.x, focal_y: focal.y, rev: revOf(id, focal) })
      .where("id", "=", id)
      .execute();
    await trx.deleteFrom("image_variants").where("image_id", "=", id).where("aspect", "in", crops).execute();
    await insertVariants(trx, id, variants);
  });
  return imageOf(storage.db, id);
}

/** A variant's bytes when its address is current (the image's rev); undefined otherwise. */
export async function variantBytes(db: Kysely<Database>, v: VariantName): Promise<Buffer | undefined> {
  const row = await db
    .selectFrom("image_variants")
    .innerJoin("images", "images.id", "image_variants.image_id")
    .select("image_variants.content")
    .where("images.id", "=", v.id)
    .where("images.rev", "=", v.rev)
    .where("image_variants.aspect", "=", v.aspect)
    .where("image_variants.width", "=", v.width)
    .where("image_variants.format", "=", v.format)
    .executeTakeFirst();
  return row?.content;
}

/**
 * Records that a content item uses an image (`itemRef` as the store names the item, e.g.
 * "case-study:12"); using it twice is one use. False when there is no such image.
 */
export async function useImage(db: Kysely<Database>, imageId: string, itemRef: string): Promise<boolean> {
  let found = false;
  await asOnlyWriter(db, usesLockKey, async (trx) => {
    const image = await trx.selectFrom("images").select("id").where("id", "=", imageId).executeTakeFirst();
    if (!image) return;
    await trx
      .insertInto("image_uses")
      .values({ image_id: imageId, item_ref: itemRef })
      .onConflict((oc) => oc.columns(["image_id", "item_ref"]).doNothing())
      .execute();
    found = true;
  });
  return found;
}

/**
 * An item stops using an image. When no item uses it any more, the image and its variants are
 * deleted in the same statement's check (`not exists`), so a use recorded meanwhile keeps it.
 * `deleted` says whether this release removed the image (the caller audits it).
 */
export async function releaseImage(
  db: Kysely<Database>,
  imageId: string,
  itemRef: string,
): Promise<{ deleted: boolean }> {
  let deleted = false;
  await asOnlyWriter(db, usesLockKey, async (trx) => {
    await trx.deleteFrom("image_uses").where("image_id", "=", imageId).where("item_ref", "=", itemRef).execute();
    const result = await trx
      .deleteFrom("images")
      .where("id", "=", imageId)
      .where(({ not, exists, selectFrom }) =>
        not(exists(selectFrom("image_uses").select("image_uses.image_id").where("image_uses.image_id", "=", imageId))),
      )
      .executeTakeFirst();
    deleted = Number(result.numDeletedRows) > 0;
  });
  return { deleted };
}

/** The items that use an image (for the console to say where it appears). */
export async function usesOf(db: Kysely<Database>, imageId: string): Promise<string[]> {
  const rows = await db.selectFrom("image_uses").select("item_ref").where("image_id", "=", imageId).execute();
  return rows.map((r) => r.item_ref).sort();
}

/** How long an upload may wait for its first use (a draft being written) before it is swept. */
export const unusedImageGraceDays = 7;

/**
 * Deletes the images uploaded more than `unusedImageGraceDays` before `now` that no item has ever
 * used (a replaced upload, a form left unsaved). An image that was used is deleted by its last
 * release instead, so this never races a release. Returns how many went.
 */
export async function deleteUnusedImages(db: Kysely<Database>, now: Date): Promise<number> {
  const cutoff = new Date(now.getTime() - unusedImageGraceDays * 86_400_000).toISOString();
  let deleted = 0;
  await asOnlyWriter(db, usesLockKey, async (trx) => {
    const result = await trx
      .deleteFrom("images")
      .where("created_at", "<", cutoff)
      .where(({ not, exists, selectFrom, ref }) =>
        not(
          exists(
            selectFrom("image_uses").select("image_uses.image_id").where("image_uses.image_id", "=", ref("images.id")),
          ),
        ),
      )
      .executeTakeFirst();
    deleted = Number(result.numDeletedRows);
  });
  return deleted;
}
