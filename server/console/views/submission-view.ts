/**
 * How the console shows a submission, shared by its route files (docs/decisions/054-server-rooms.md):
 * the inbox's query, a submission's page, its deletion date and its name in the audit log. Route
 * files import views; no route file imports another.
 */
import type { Selectable } from "kysely";
import { z } from "zod";
import { inboxViews, type DeletionAnswer, type submissionAnswer } from "../../../contracts/console-answers";
import { emailOf } from "../../../contracts/forms/address";
import { formDefinitions, nameOf, shownFields, type FormDefinition } from "../../../contracts/forms/index";
import { submissionKinds } from "../../../contracts/submission-kinds";
import type { SubmissionsTable } from "../../db/schema";
import { deletionDateOf, type ApplicationDates } from "../../retention/application-retention";
import { referenceOf } from "../../retention/erasure";
import type { RetentionSettings } from "../../retention/retention-policy";

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
export const inboxQuery = z.object({
  kind: z.enum(submissionKinds).optional(),
  status: z.string().max(40).optional(),
  from: day.optional(),
  to: day.optional(),
  q: z.string().max(200).optional(),
  /** A role's slug, or `withoutRole` (applications sent without one). */
  role: z.string().max(120).optional(),
  position: z.string().max(120).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  /** A domain group chosen (domain-groups.ts): an address's part after "@". */
  domain: z
    .string()
    .min(2)
    .max(253)
    .regex(/^[^\s@]+$/u)
    .optional(),
  view: z.enum(inboxViews).optional(),
});
type SubmissionAnswer = z.infer<typeof submissionAnswer>;

/**
 * A submission as its page shows it: its own columns, and its form's fields as the team reads
 * them (from the form's definition, so a field added there is shown with no change here). Only
 * these are sent: a column added to the table is not sent unasked.
 */
export function submissionView(
  row: Selectable<SubmissionsTable>,
  retention: RetentionSettings,
  form: FormDefinition = formDefinitions[row.kind],
): SubmissionAnswer {
  return {
    id: row.id,
    kind: row.kind,
    reference: row.reference,
    name: nameOf(form, row),
    email: emailOf(form, row),
    fields: shownFields(form, row),
    ip: row.ip,
    user_agent: row.user_agent,
    status: row.status,
    created_at: row.created_at,
    deletion: row.kind === "application" && !row.spam ? deletionOf(row, retention) : null,
    future_roles: row.kind === "application" ? row.future_roles_consent !== null : null,
    source: { path: row.source_path, referrer: row.source_referrer, campaign: row.source_campaign },
  };
}

/** An application's deletion date as the console shows it: the purge's own rule (033). */
export function deletionOf(row: ApplicationDates, retention: RetentionSettings): DeletionAnswer {
  const { at, basis, reason } = deletionDateOf(row, retention);
  return { at: at.toISOString(), basis, reason };
}

/** How the audit log names a submission: its application number, else its kind and id. */
export const subjectOf = referenceOf;
