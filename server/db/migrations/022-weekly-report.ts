/**
 * Migration 022-weekly-report (issue 42, docs/decisions/057-marketing-dashboard.md): who chose the
 * weekly report, and the reports queued. A queued report is its own outbox row (the worker
 * delivers this table beside `outbox`, which belongs to submissions); its unique key, the person
 * and the ISO week, makes it one per person per week however many instances queue it.
 */
import { type Kysely, type Migration, sql } from "kysely";
import { columnTypes, type Dialect } from "../dialect";

export function weeklyReportMigration(dialect: Dialect): Migration {
  const { id } = columnTypes(dialect);
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable("weekly_report_choices")
        .addColumn("staff_id", "integer", (c) => c.primaryKey().references("staff.id").onDelete("cascade"))
        .addColumn("chosen_at", "text", (c) => c.notNull())
        .execute();
      await db.schema
        .createTable("weekly_reports")
        .addColumn("id", sql.raw(id))
        .addColumn("staff_id", "integer", (c) => c.notNull().references("staff.id").onDelete("cascade"))
        // The ISO week reported on the Monday it went out, e.g. "2027-W13".
        .addColumn("week", "text", (c) => c.notNull())
        .addColumn("recipient", "text", (c) => c.notNull())
        .addColumn("subject", "text", (c) => c.notNull())
        .addColumn("text", "text", (c) => c.notNull())
        .addColumn("html", "text", (c) => c.notNull())
        .addColumn("status", "text", (c) => c.notNull())
        .addColumn("attempts", "integer", (c) => c.notNull())
        .addColumn("next_attempt_at", "text", (c) => c.notNull())
        .addColumn("last_error", "text")
        .addColumn("lease_owner", "text")
        .addColumn("lease_until", "text")
        .addColumn("message_id", "text", (c) => c.notNull().unique())
        .addColumn("created_at", "text", (c) => c.notNull())
        .addColumn("sent_at", "text")
        .addUniqueConstraint("weekly_reports_once", ["staff_id", "week"])
        .execute();
      await db.schema
        .createIndex("weekly_reports_due")
        .on("weekly_reports")
        .columns(["status", "next_attempt_at"])
        .execute();
    },
  };
}
