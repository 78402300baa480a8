/**
 * Migration 012 (issue 27): an owner for enquiries and feedback, and who has read what. The
 * owner is three nullable columns of the submission, so an existing row is simply unassigned;
 * reads are a table of their own keyed by (submission, person), which goes with its submission
 * (erasure, retention) by the foreign key's cascade.
 */
import { type Kysely, type Migration } from "kysely";

export function assignmentMigration(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable("submissions")
        .addColumn("assigned_to", "integer", (c) => c.references("staff.id"))
        .execute();
      await db.schema.alterTable("submissions").addColumn("assigned_at", "text").execute();
      await db.schema
        .alterTable("submissions")
        .addColumn("assigned_by", "integer", (c) => c.references("staff.id"))
        .execute();
      // "Mine" reads one person's rows.
      await db.schema.createIndex("submissions_assigned_to").on("submissions").column("assigned_to").execute();
      await db.schema
        .createTable("submission_reads")
        .addColumn("submission_id", "integer", (c) => c.notNull().references("submissions.id").onDelete("cascade"))
        .addColumn("staff_id", "integer", (c) => c.notNull().references("staff.id"))
        .addColumn("read_at", "text", (c) => c.notNull())
        .addPrimaryKeyConstraint("submission_reads_pk", ["submission_id", "staff_id"])
        .execute();
    },
  };
}
