/**
 * Migration 030-offer-stage (issue 44, docs/decisions/071-hiring-board-and-bulk.md): the decision
 * e-mails of the offer stage and of a hire. Stages are not stored as a constraint (the list is
 * contracts/staff-console.ts), so the stage itself needs no step; its template, and one for
 * "hired", are rows of decision_templates beside the two of migration 010.
 */
import type { Kysely, Migration } from "kysely";
import { offerAndHireTemplates } from "../../../contracts/careers/decision-templates";

export function offerStageMigration(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      const at = new Date().toISOString();
      for (const template of offerAndHireTemplates) {
        await db
          .insertInto("decision_templates" as never)
          .values({ ...template, updated_at: at, updated_by: null } as never)
          .execute();
      }
    },
  };
}
