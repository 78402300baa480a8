/**
 * Migration 017: what became of an enquiry (docs/decisions/057-marketing-dashboard.md). The
 * current outcome lives on the submission itself, so erasure and retention, which remove the row,
 * remove it too; `enquiry_outcomes` is its history (who changed it, when), removed with the
 * submission by its foreign key. `erased_lead_counts` keeps what an erased or expired enquiry
 * added to the lead funnel, as anonymous counts per day and source: no id, name, address or text.
 */
import { type Kysely, type Migration, sql } from "kysely";
import { columnTypes, type Dialect } from "../dialect";

export function enquiryOutcomesMigration(dialect: Dialect): Migration {
  const { id } = columnTypes(dialect);
  return {
    async up(db: Kysely<unknown>) {
      // One statement per column: SQLite's ALTER TABLE adds one at a time.
      await db.schema.alterTable("submissions").addColumn("outcome", "text").execute();
      await db.schema.alterTable("submissions").addColumn("outcome_value", "bigint").execute();
      await db.schema.alterTable("submissions").addColumn("outcome_currency", "text").execute();
      await db.schema
        .createTable("enquiry_outcomes")
        .addColumn("id", sql.raw(id))
        .addColumn("submission_id", "integer", (c) => c.notNull().references("submissions.id").onDelete("cascade"))
        .addColumn("outcome", "text", (c) => c.notNull())
        .addColumn("value", "bigint")
        .addColumn("currency", "text")
        .addColumn("staff_id", "integer", (c) => c.notNull())
        .addColumn("staff_name", "text", (c) => c.notNull())
        .addColumn("created_at", "text", (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex("enquiry_outcomes_submission")
        .on("enquiry_outcomes")
        .column("submission_id")
        .execute();
      await db.schema
        .createTable("erased_lead_counts")
        .addColumn("day", "text", (c) => c.notNull())
        .addColumn("source_path", "text", (c) => c.notNull())
        .addColumn("source_referrer", "text", (c) => c.notNull())
        .addColumn("source_campaign", "text", (c) => c.notNull())
        .addColumn("answered", "integer", (c) => c.notNull())
        .addColumn("outcome", "text", (c) => c.notNull())
        .addColumn("currency", "text", (c) => c.notNull())
        .addColumn("enquiries", "integer", (c) => c.notNull())
        .addColumn("value", "bigint", (c) => c.notNull())
        .addPrimaryKeyConstraint("erased_lead_counts_key", [
          "day",
          "source_path",
          "source_referrer",
          "source_campaign",
          "answered",
          "outcome",
          "currency",
        ])
        .execute();
    },
  };
}
