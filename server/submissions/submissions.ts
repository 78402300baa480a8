import { sql, type Transaction } from "kysely";
import { utcDay } from "../../contracts/careers/roles";
import { emailField } from "../../contracts/forms/address";
import { storedFields, type FieldColumns, type FormDefinition } from "../../contracts/forms/index";
import type { SubmittedValues } from "../../contracts/forms/schema";
import type { LeadSource } from "../../contracts/lead-source";
import { claimConfirmation, confirmationKey } from "../outbox/confirmation-limit";
import { newMessageId, type PlannedMessage } from "../outbox/outbox-rows";
import { queueRoutedMessages } from "../routing/routing-rules";
import type { Storage } from "../db/db";
import type { Database, ResumesTable, SubmissionsTable } from "../db/schema";

export interface RequestMeta {
  ip: string;
  userAgent: string | null;
  spam: boolean;
  now: Date;
  /** The verdict and its reasons (server/spam/verdict.ts) when quarantined. */
  spamVerdict?: "spam" | "review" | null;
  spamReasons?: readonly { signal: string; text: string }[];
  /**
   * The slug of the role an application names (contracts/careers/applied-role.ts, shape checked):
   * kept only when a role has it, whatever its state (a page loaded before the role closed still
   * applies for it); otherwise the application is stored without a role.
   */
  role?: string | null;
  /** Where it was sent from, each part already checked (contracts/lead-source.ts). */
  source?: LeadSource;
}

export type ResumeData = Omit<ResumesTable, "submission_id">;

/** APP-<year>-<6 digits>, numbered per year from a counter row taken inside the transaction. */
async function nextApplicationNumber(trx: Transaction<Database>, now: Date): Promise<string> {
  const year = now.getUTCFullYear();
  const row = await trx
    .insertInto("counters")
    .values({ name: `application-${year}`, value: 1 })
    .onConflict((oc) => oc.column("name").doUpdateSet({ value: sql`counters.value + 1` }))
    .returning("value")
    .executeTakeFirstOrThrow();
  return `APP-${year}-${String(row.value).padStart(6, "0")}`;
}

/** The form's stored fields by column: each field's value as checked, null when it was not sent. */
export function fieldValues(form: FormDefinition, values: SubmittedValues): Record<string, string | null> {
  return Object.fromEntries(
    storedFields(form).map((f) => {
      const value = values[f.name];
      return [f.column, typeof value === "string" ? value : null];
    }),
  );
}

/** The address the submitter gave (the form's e-mail field): where the confirmation goes. */
export function submitterEmail(form: FormDefinition, values: SubmittedValues): string {
  const value = values[emailField(form).name];
  return typeof value === "string" ? value : "";
}

/**
 * Stores one submission, its resume and its outbox rows in a single transaction: either all of
 * it is there or none of it. Returns the row id and, for applications, the application number,
 * once the transaction has committed (on SQLite it may be shared with concurrent submissions).
 */
export async function insertSubmission(
  storage: Pick<Storage, "transaction">,
  form: FormDefinition,
  values: SubmittedValues,
  meta: RequestMeta,
  messages: readonly PlannedMessage[],
  resume?: ResumeData,
): Promise<{ id: number; reference: string | null }> {
  return storage.transaction(async (trx) => {
    const createdAt = meta.now.toISOString();
    const { kind } = form;
    const reference = kind === "application" ? await nextApplicationNumber(trx, meta.now) : null;
    // Only a role that has been on the site (careers/roles.ts wasPublic): never a draft's.
    const role = meta.role
      ? ((
          await trx
            .selectFrom("job_roles")
            .select("slug")
            .where("slug", "=", meta.role)
            .where("state", "!=", "draft")
            .where("date_posted", "<=", utcDay(meta.now))
            .executeTakeFirst()
        )?.slug ?? null)
      : null;
    const { id } = await trx
      .insertInto("submissions")
      .values({
        kind,
        reference,
        ...(fieldValues(form, values) as Pick<SubmissionsTable, keyof FieldColumns>),
        ip: meta.ip,
        user_agent: meta.userAgent,
        spam: meta.spam ? 1 : 0,
        selected: 0,
        created_at: createdAt,
        spam_verdict: meta.spam ? (meta.spamVerdict ?? "spam") : null,
        spam_reasons: meta.spam && meta.spamReasons ? JSON.stringify(meta.spamReasons) : null,
        role,
        source_path: meta.source?.path ?? null,
        source_referrer: meta.source?.referrer ?? null,
        source_campaign: meta.source?.campaign ?? null,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    if (resume)
      await trx
        .insertInto("resumes")
        .values({ submission_id: id, ...resume })
        .execute();
    if (!meta.spam) await queueMessages(storage, trx, id, submitterEmail(form, values), messages, meta.now);
    return { id, reference };
  });
}

/**
 * Writes an ordinary submission's messages into the outbox inside `trx`: what it sends when it
 * arrives, and what a released one sends then (storage/quarantine.ts). The confirmation is left
 * out when the address already had one today (confirmation-limit.ts).
 */
export async function queueMessages(
  storage: Pick<Storage, "transaction">,
  trx: Transaction<Database>,
  submissionId: number,
  email: string,
  messages: readonly PlannedMessage[],
  now: Date,
): Promise<number> {
  let queued = [...messages];
  if (queued.some((m) => m.purpose === "confirm")) {
    const key = await confirmationKey(storage, trx);
    if (!(await claimConfirmation(trx, key, email, now))) {
      queued = queued.filter((m) => m.purpose !== "confirm");
    }
  }
  // What the admins' routing rules send for it (routing-rules.ts), in the same transaction.
  const routed = await queueRoutedMessages(storage, trx, submissionId, now);
  if (queued.length === 0) return routed;
  const at = now.toISOString();
  await trx
    .insertInto("outbox")
    .values(
      queued.map((m) => ({
        submission_id: submissionId,
        channel: m.channel,
        purpose: m.purpose,
        recipient: m.recipient,
        status: "pending" as const,
        attempts: 0,
        next_attempt_at: at,
        message_id: newMessageId(),
        created_at: at,
      })),
    )
    .execute();
  return queued.length + routed;
}
