/**
 * Migration 025-images (issue 41, docs/decisions/063-images.md): images uploaded in the console
 * live in the database, so every instance serves the same bytes and a backup holds them. An image
 * keeps one stripped master (oriented, sRGB, no metadata) for cutting its crops again when the
 * focal point moves, and its variants; `image_uses` counts the content items that use it, and
 * the last use's release deletes the image.
 */
import { type Kysely, type Migration, sql } from "kysely";
import { columnTypes, type Dialect } from "../dialect";

export function imagesMigration(dialect: Dialect): Migration {
  const { bytes, real } = columnTypes(dialect);
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable("images")
        // 24 hex characters, random: an address that names no person and guesses no neighbour.
        .addColumn("id", "text", (c) => c.primaryKey())
        // Changes with the focal point: variants' addresses carry it, so they can be immutable.
        .addColumn("rev", "text", (c) => c.notNull())
        .addColumn("source_format", "text", (c) => c.notNull())
        .addColumn("width", "integer", (c) => c.notNull())
        .addColumn("height", "integer", (c) => c.notNull())
        .addColumn("focal_x", sql.raw(real), (c) => c.notNull())
        .addColumn("focal_y", sql.raw(real), (c) => c.notNull())
        .addColumn("master", sql.raw(bytes), (c) => c.notNull())
        .addColumn("created_at", "text", (c) => c.notNull())
        .addColumn("created_by", "integer")
        .execute();
      await db.schema
        .createTable("image_variants")
        .addColumn("image_id", "text", (c) => c.notNull().references("images.id").onDelete("cascade"))
        .addColumn("aspect", "text", (c) => c.notNull())
        .addColumn("width", "integer", (c) => c.notNull())
        .addColumn("height", "integer", (c) => c.notNull())
        .addColumn("format", "text", (c) => c.notNull())
        .addColumn("content", sql.raw(bytes), (c) => c.notNull())
        .addPrimaryKeyConstraint("image_variants_pk", ["image_id", "aspect", "width", "format"])
        .execute();
      await db.schema
        .createTable("image_uses")
        .addColumn("image_id", "text", (c) => c.notNull().references("images.id").onDelete("cascade"))
        // The content item that uses the image, as the content store names it ("case-study:12").
        .addColumn("item_ref", "text", (c) => c.notNull())
        .addPrimaryKeyConstraint("image_uses_pk", ["image_id", "item_ref"])
        .execute();
      await db.schema.createIndex("image_uses_item").on("image_uses").column("item_ref").execute();
    },
  };
}
