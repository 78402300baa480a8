/**
 * The quarantine: submissions judged spam or held for review (server/spam/verdict.ts) are stored
 * with their reasons and send nothing. A person lists them, reads one, releases it (it becomes
 * ordinary and sends then exactly what it would have sent on arrival, through the outbox) or
 * deletes it (with every copy, as erasure does). Each release and delete is recorded with its
 * time and operator in `spam_reviews`. Used by the CLI (`spam …`) and meant for a staff console.
 */
import type { Selectable } from "kysely";
import type { ResumeAnswer } from "../../contracts/console-answers";
import { emailOf } from "../../contracts/forms/address";
import { formDefinitions, nameOf, shownFields, type ShownField } from "../../contracts/forms/index";
import type { PlannedMessage } from "../outbox/outbox-rows";
import { resumeFileName } from "../uploads/resume-name";
import type { Storage } from "../db/db";
import { eraseSubmissions, type ErasureReport } from "../retention/erasure";
import type { SubmissionKind, SubmissionsTable } from "../db/schema";
import { queueMessages } from "./submissions";

export interface QuarantineReason {
  signal: string;
  text: string;
}

export interface QuarantinedSummary {
  id: number;
  kind: SubmissionKind;
  reference: string | null;
  createdAt: string;
  verdict: "spam" | "review";
  name: string;
  email: string;
  reasons: QuarantineReason[];
}

/** One held submission: its form's fields as the team reads them, and its resume described. */
export type QuarantinedSubmission = QuarantinedSummary & {
  fields: ShownField[];
  resume: ResumeAnswer | null;
};

function reasonsOf(raw: string | null): QuarantineReason[] {
  if (!raw) return [];
  try {
    const parsed = JSON.parse(raw) as unknown;
    return Array.isArray(parsed) ? (parsed as QuarantineReason[]) : [];
  } catch {
    return [{ signal: "unknown", text: raw }];
  }
}

/** A stored row read whole: its form's definition says which columns are its fields. */
function summary(r: Selectable<SubmissionsTable>): QuarantinedSummary {
  const form = formDefinitions[r.kind];
  return {
    id: r.id,
    kind: r.kind,
    reference: r.reference,
    createdAt: r.created_at,
    // Rows flagged before verdicts were stored (honeypot only) count as spam.
    verdict: r.spam_verdict ?? "spam",
    name: nameOf(form, r),
    email: emailOf(form, r),
    reasons: r.spam_verdict ? reasonsOf(r.spam_reasons) : [{ signal: "honeypot", text: "flagged by the honeypot" }],
  };
}

/** Quarantined submissions, oldest first; `verdict` narrows to spam or to those held for review. */
export async function listQuarantined(
  storage: Pick<Storage, "db">,
  filter: { verdict?: "spam" | "review"; limit?: number } = {},
): Promise<QuarantinedSummary[]> {
  let q = storage.db.selectFrom("submissions").selectAll().where("spam", "=", 1).orderBy("id");
  if (filter.verdict === "review") q = q.where("spam_verdict", "=", "review");
  if (filter.verdict === "spam")
    q = q.where((eb) => eb.or([eb("spam_verdict", "=", "spam"), eb("spam_verdict", "is", null)]));
  if (filter.limit) q = q.limit(filter.limit);
  return (await q.execute()).map(summary);
}

export async function getQuarantined(
  storage: Pick<Storage, "db">,
  id: number,
): Promise<QuarantinedSubmission | undefined> {
  const row = await storage.db
    .selectFrom("submissions")
    .selectAll()
    .where("id", "=", id)
    .where("spam", "=", 1)
    .executeTakeFirst();
  if (!row) return undefined;
  const resume = await storage.db
    .selectFrom("resumes")
    .select(["original_name", "detected_type", "size"])
    .where("submission_id", "=", id)
    .executeTakeFirst();
  return {
    ...summary(row),
    fields: shownFields(formDefinitions[row.kind], row),
    resume: resume ? { ...resume, fileName: resumeFileName(row.reference, resume.detected_type) } : null,
  };
}

export interface ReviewOptions {
  now: Date;
  /** What an ordinary submission of this kind sends (mail/outbox-rows.ts, with the server's settings). */
  messagesFor: (kind: SubmissionKind, email: string) => PlannedMessage[];
}

/**
 * Makes a quarantined submission ordinary and queues its messages in the same transaction.
 * Returns the number of messages queued, or undefined when no quarantined submission has this id.
 */
export async function releaseSubmission(
  storage: Storage,
  id: number,
  operator: string,
  opts: ReviewOptions,
): Promise<{ queued: number } | undefined> {
  return storage.transaction(async (trx) => {
    const row = await trx
      .selectFrom("submissions")
      .select(["id", "kind", "reference", "email"])
      .where("id", "=", id)
      .where("spam", "=", 1)
      .executeTakeFirst();
    if (!row) return undefined;
    // Only the row still quarantined is released: two operators releasing at once send once.
    const updated = await trx
      .updateTable("submissions")
      .set({ spam: 0, spam_verdict: null })
      .where("id", "=", id)
      .where("spam", "=", 1)
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) === 0) return undefined;
    const queued = await queueMessages(storage, trx, id, row.email, opts.messagesFor(row.kind, row.email), opts.now);
    await trx
      .insertInto("spam_reviews")
      .values({
        submission_id: id,
        kind: row.kind,
        reference: row.reference,
        action: "release",
        operator,
        created_at: opts.now.toISOString(),
      })
      .execute();
    return { queued };
  });
}

/**
 * Deletes a quarantined submission and every copy of it (erasure.ts: rows, resume, scrubbed
 * database space). The webhook receiver never saw it, so it is not told. Only a row still
 * quarantined when the erasure locks it goes: one released meanwhile by someone else stays
 * released (and sends), and this answers as for a missing id.
 */
export async function deleteQuarantined(
  storage: Storage,
  id: number,
  operator: string,
  opts: { now: Date; dataDir: string },
): Promise<ErasureReport | undefined> {
  const row = await storage.db
    .selectFrom("submissions")
    .select(["id", "kind", "reference"])
    .where("id", "=", id)
    .where("spam", "=", 1)
    .executeTakeFirst();
  if (!row) return undefined;
  const report = await eraseSubmissions(storage, [id], {
    dataDir: opts.dataDir,
    reason: "request",
    now: opts.now,
    stillMatching: (eb) => eb("spam", "=", 1),
  });
  if (report.submissions === 0) return undefined;
  await storage.transaction((trx) =>
    trx
      .insertInto("spam_reviews")
      .values({
        submission_id: id,
        kind: row.kind,
        reference: row.reference,
        action: "delete",
        operator,
        created_at: opts.now.toISOString(),
      })
      .execute(),
  );
  return report;
}

/** Releases and deletes, newest first. */
export async function listReviews(storage: Pick<Storage, "db">, limit = 50) {
  return storage.db.selectFrom("spam_reviews").selectAll().orderBy("id", "desc").limit(limit).execute();
}
