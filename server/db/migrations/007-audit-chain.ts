/** Migration 007-audit-chain, under the name Kysely has recorded in every database that ran it. */
import { type Kysely, type Migration, sql } from "kysely";
import { entryHash, genesisHash } from "../audit-chain";

export function auditChainMigration(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      // Each entry carries the hash of the one before it and its own (docs/decisions/023).
      // Nullable so that a row inserted outside appendAudit() is reported, not refused.
      await db.schema.alterTable("audit_log").addColumn("prev_hash", "text").execute();
      await db.schema.alterTable("audit_log").addColumn("hash", "text").execute();
      // Existing entries are chained in the order they were written.
      const rows = await sql<{
        id: number;
        at: string;
        staff_id: number | null;
        staff_name: string | null;
        action: string;
        submission_id: number | null;
        subject: string | null;
        detail: string | null;
      }>`select id, at, staff_id, staff_name, action, submission_id, subject, detail from audit_log order by id`.execute(
        db,
      );
      let prev = genesisHash;
      for (const row of rows.rows) {
        const hash = entryHash({ ...row, prev_hash: prev });
        await sql`update audit_log set prev_hash = ${prev}, hash = ${hash} where id = ${row.id}`.execute(db);
        prev = hash;
      }
    },
  };
}
