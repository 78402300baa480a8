/**
 * Migration 026-content (issue 41, docs/decisions/065-content-store.md): marketing's collections
 * as data. One row per item of any collection (case studies first), with the draft being written
 * and the version the site shows side by side, and one row per publication in its history. Staff
 * are named by id without a foreign key: a person removed later leaves the history standing
 * (the console shows "a removed colleague" for an id with no staff row).
 */
import crypto from "node:crypto";
import { type Kysely, type Migration, sql } from "kysely";
import { columnTypes, type Dialect } from "../dialect";

export function contentMigration(dialect: Dialect): Migration {
  const { id } = columnTypes(dialect);
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable("content_items")
        .addColumn("id", sql.raw(id))
        // A key of contracts/content/items.ts `contentCollections` ("case-studies").
        .addColumn("collection", "text", (c) => c.notNull())
        // The draft's address; `live_slug` is the one the site answers at while it is published.
        .addColumn("slug", "text", (c) => c.notNull())
        .addColumn("live_slug", "text")
        // draft | scheduled | published | unpublished (contracts/content/items.ts `itemStatuses`).
        .addColumn("status", "text", (c) => c.notNull())
        // JSON: the draft as last saved, and the version the site shows (null: not live).
        .addColumn("draft_data", "text", (c) => c.notNull())
        .addColumn("published_data", "text")
        // The number of the revision the site shows: the page cache's stamp reads it.
        .addColumn("live_revision", "integer")
        .addColumn("publish_at", "text")
        .addColumn("scheduled_by", "integer")
        // Optimistic concurrency: every write names the version it was based on and adds one.
        .addColumn("version", "integer", (c) => c.notNull())
        .addColumn("created_by", "integer")
        .addColumn("created_at", "text", (c) => c.notNull())
        .addColumn("updated_by", "integer")
        .addColumn("updated_at", "text", (c) => c.notNull())
        .addColumn("published_by", "integer")
        .addColumn("published_at", "text")
        .addUniqueConstraint("content_items_slug", ["collection", "slug"])
        // Two items never go live at one address (NULLs, items not live, do not collide).
        .addUniqueConstraint("content_items_live_slug", ["collection", "live_slug"])
        .execute();
      // The scheduler's question every 15 s: which scheduled items are due.
      await db.schema.createIndex("content_items_due").on("content_items").columns(["status", "publish_at"]).execute();
      await db.schema
        .createTable("content_revisions")
        .addColumn("id", sql.raw(id))
        .addColumn("item_id", "integer", (c) => c.notNull().references("content_items.id").onDelete("cascade"))
        .addColumn("number", "integer", (c) => c.notNull())
        // JSON: the item as it went live (publish, restore) or as it was taken down (unpublish).
        .addColumn("data", "text", (c) => c.notNull())
        .addColumn("slug", "text", (c) => c.notNull())
        // publish | restore | unpublish; a restore names the revision it brought back.
        .addColumn("action", "text", (c) => c.notNull())
        .addColumn("restored_from", "integer")
        .addColumn("staff_id", "integer")
        .addColumn("at", "text", (c) => c.notNull())
        .addUniqueConstraint("content_revisions_number", ["item_id", "number"])
        .execute();
      // Signs preview links when CONTENT_PREVIEW_SECRET is unset: shared by every instance on this database.
      await db
        .insertInto("site_keys" as never)
        .values({ name: "content-preview", value: crypto.randomBytes(32).toString("base64") } as never)
        .execute();
    },
  };
}
