/**
 * Migration 014: where an enquiry came from (contracts/lead-source.ts). Three nullable columns of
 * the submission itself, so erasure and retention, which remove the row, remove them too; rows
 * stored before have no source (null), which the console and the stats read as "not recorded".
 */
import type { Kysely, Migration } from "kysely";

export function leadSourceMigration(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      // One statement per column: SQLite's ALTER TABLE adds one at a time.
      for (const column of ["source_path", "source_referrer", "source_campaign"]) {
        await db.schema.alterTable("submissions").addColumn(column, "text").execute();
      }
    },
  };
}
