/** Migration 001-submissions, under the name Kysely has recorded in every database that ran it. */
import { type Kysely, type Migration, sql } from "kysely";
import { columnTypes, type Dialect } from "../dialect";

export function submissionsMigration(dialect: Dialect): Migration {
  const { id, bytes } = columnTypes(dialect);
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable("submissions")
        .addColumn("id", sql.raw(id))
        .addColumn("kind", "text", (c) => c.notNull())
        .addColumn("reference", "text", (c) => c.unique())
        .addColumn("first_name", "text", (c) => c.notNull())
        .addColumn("last_name", "text", (c) => c.notNull())
        .addColumn("email", "text", (c) => c.notNull())
        .addColumn("phone", "text")
        .addColumn("reason", "text")
        .addColumn("position", "text")
        .addColumn("feedback_type", "text")
        .addColumn("message", "text", (c) => c.notNull())
        .addColumn("ip", "text", (c) => c.notNull())
        .addColumn("user_agent", "text")
        .addColumn("spam", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("selected", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("created_at", "text", (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex("submissions_kind_created")
        .on("submissions")
        .columns(["kind", "created_at"])
        .execute();
      await db.schema.createIndex("submissions_email").on("submissions").column("email").execute();

      await db.schema
        .createTable("resumes")
        .addColumn("submission_id", "integer", (c) => c.primaryKey().references("submissions.id").onDelete("cascade"))
        .addColumn("original_name", "text", (c) => c.notNull())
        .addColumn("detected_type", "text", (c) => c.notNull())
        .addColumn("size", "integer", (c) => c.notNull())
        .addColumn("sha256", "text", (c) => c.notNull())
        .addColumn("content", sql.raw(bytes), (c) => c.notNull())
        .execute();

      await db.schema
        .createTable("outbox")
        .addColumn("id", sql.raw(id))
        .addColumn("submission_id", "integer", (c) => c.notNull().references("submissions.id").onDelete("cascade"))
        .addColumn("channel", "text", (c) => c.notNull())
        .addColumn("purpose", "text", (c) => c.notNull())
        .addColumn("recipient", "text", (c) => c.notNull())
        .addColumn("status", "text", (c) => c.notNull())
        .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("next_attempt_at", "text", (c) => c.notNull())
        .addColumn("last_error", "text")
        .addColumn("lease_owner", "text")
        .addColumn("lease_until", "text")
        .addColumn("message_id", "text", (c) => c.notNull().unique())
        .addColumn("created_at", "text", (c) => c.notNull())
        .addColumn("sent_at", "text")
        .execute();
      await db.schema.createIndex("outbox_due").on("outbox").columns(["status", "next_attempt_at"]).execute();
      await db.schema.createIndex("outbox_submission").on("outbox").column("submission_id").execute();

      await db.schema
        .createTable("counters")
        .addColumn("name", "text", (c) => c.primaryKey())
        .addColumn("value", "integer", (c) => c.notNull())
        .execute();
    },
  };
}
