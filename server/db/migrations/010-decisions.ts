/** Migration 010-decisions, under the name Kysely has recorded in every database that ran it. */
import { type Kysely, type Migration, sql } from "kysely";
import { firstDecisionTemplates } from "../../../contracts/careers/decision-templates";

export function decisionsMigration(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      // "rejected" is "not selected" from issue 26 on (contracts/staff-console.ts).
      await sql`update submissions set status = 'not selected' where kind = 'application' and status = 'rejected'`.execute(
        db,
      );
      // When an application was decided ("not selected" or "hired"): its retention counts from here.
      await db.schema.alterTable("submissions").addColumn("decided_at", "text").execute();
      // The version of the words the candidate agreed to when they ticked "Keep my application
      // for future roles"; null when they did not.
      await db.schema.alterTable("submissions").addColumn("future_roles_consent", "text").execute();
      // The e-mails a decision offers to send, one per status, edited by administrators.
      await db.schema
        .createTable("decision_templates")
        .addColumn("status", "text", (c) => c.primaryKey())
        .addColumn("subject", "text", (c) => c.notNull())
        .addColumn("body", "text", (c) => c.notNull())
        .addColumn("updated_at", "text", (c) => c.notNull())
        .addColumn("updated_by", "text")
        .execute();
      const at = new Date().toISOString();
      for (const template of firstDecisionTemplates) {
        await db
          .insertInto("decision_templates" as never)
          .values({ ...template, updated_at: at, updated_by: null } as never)
          .execute();
      }
    },
  };
}
