/**
 * Migration 013 (issue 27): replies from the console. `reply_templates` holds the words
 * administrators edit, seeded with the first ones (contracts/replies.ts); `submission_replies`
 * holds each reply as sent: the words, who, when, its own Message-ID and the notification's it
 * answers. A reply is personal data of the submitter, so it hangs on the submission and goes
 * with it (cascade) in every erasure and purge.
 */
import { type Kysely, type Migration, sql } from "kysely";
import { firstReplyTemplates } from "../../../contracts/replies";
import { columnTypes, type Dialect } from "../dialect";

export function repliesMigration(dialect: Dialect): Migration {
  const { id } = columnTypes(dialect);
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable("reply_templates")
        .addColumn("id", sql.raw(id))
        .addColumn("name", "text", (c) => c.notNull().unique())
        .addColumn("kind", "text", (c) => c.notNull())
        .addColumn("subject", "text", (c) => c.notNull())
        .addColumn("body", "text", (c) => c.notNull())
        .addColumn("updated_at", "text", (c) => c.notNull())
        .addColumn("updated_by", "text")
        .execute();
      const at = new Date().toISOString();
      for (const template of firstReplyTemplates) {
        await db
          .insertInto("reply_templates" as never)
          .values({ ...template, updated_at: at, updated_by: null } as never)
          .execute();
      }
      await db.schema
        .createTable("submission_replies")
        .addColumn("id", sql.raw(id))
        .addColumn("submission_id", "integer", (c) => c.notNull().references("submissions.id").onDelete("cascade"))
        .addColumn("message_id", "text", (c) => c.notNull().unique())
        // The notification's Message-ID when the reply was queued: the thread survives that row.
        .addColumn("in_reply_to", "text")
        .addColumn("template", "text")
        .addColumn("subject", "text", (c) => c.notNull())
        .addColumn("body", "text", (c) => c.notNull())
        .addColumn("staff_id", "integer")
        .addColumn("staff_name", "text", (c) => c.notNull())
        .addColumn("created_at", "text", (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex("submission_replies_submission")
        .on("submission_replies")
        .column("submission_id")
        .execute();
    },
  };
}
