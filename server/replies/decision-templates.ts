/** The decision e-mails' templates (migration 010), one per decision status, edited by administrators. */
import type { Kysely, Selectable } from "kysely";
import { decisionStatuses, type DecisionStatus } from "../../contracts/careers/decision-templates";
import type { Database, DecisionTemplatesTable } from "../db/schema";

export type DecisionTemplateRow = Selectable<DecisionTemplatesTable>;

/** Every template, in the order of the decisions (interview, then not selected). */
export async function listDecisionTemplates(db: Kysely<Database>): Promise<DecisionTemplateRow[]> {
  const rows = await db.selectFrom("decision_templates").selectAll().execute();
  return decisionStatuses.flatMap((status) => rows.filter((r) => r.status === status));
}

export function decisionTemplate(db: Kysely<Database>, status: DecisionStatus) {
  return db.selectFrom("decision_templates").selectAll().where("status", "=", status).executeTakeFirst();
}

/** Saves a template's new words; `by` is "Name <address>" of the administrator. */
export async function saveDecisionTemplate(
  db: Kysely<Database>,
  template: { status: DecisionStatus; subject: string; body: string },
  by: string,
  now: Date,
): Promise<DecisionTemplateRow> {
  return db
    .updateTable("decision_templates")
    .set({ subject: template.subject, body: template.body, updated_at: now.toISOString(), updated_by: by })
    .where("status", "=", template.status)
    .returningAll()
    .executeTakeFirstOrThrow();
}
