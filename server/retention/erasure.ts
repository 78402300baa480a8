/**
 * Removing submissions leaves no copy in what the server holds: the rows (submission, resume,
 * notes, outbox), the `.eml` files of its messages, the freed database space (storage.scrub()),
 * and the webhook receiver is told which submissions are gone (a signed `submission.erased`
 * event). Used by the console's and the CLI's erasure (a person's request), the quarantine's
 * delete and the retention purge.
 *
 * A person's erasure has a scope (docs/decisions/025): the kinds the caller's role may see,
 * quarantined submissions only for admins, and the address's confirmation records only in a
 * whole-person erasure. The plan of what goes is shown first; the erasure carries the planned
 * ids and removes nothing when the set has changed since (a junk enquiry sent in between with
 * the same address is not taken along unseen).
 */
import type { Expression, ExpressionBuilder, SqlBool, Transaction } from "kysely";
import { addressKey, confirmationKey } from "../outbox/confirmation-limit";
import { removeMailFiles } from "../outbox/mail-files";
import { newMessageId } from "../outbox/outbox-rows";
import type { Storage } from "../db/db";
import { submissionKinds } from "../../contracts/submission-kinds";
import type { Database, SubmissionKind } from "../db/schema";
import { keepAnonymousCounts } from "./erased-lead-counts";
import { scrubNowOrLater } from "./scrub-retry";
import { forUpdate } from "../db/dialect";

export interface ErasureOptions {
  dataDir: string;
  /** The receiver of submission webhooks; it gets the erasure event. */
  webhookUrl?: string;
  reason: "request" | "retention";
  now: Date;
}

export interface ErasureReport {
  submissions: number;
  /** How each removed submission is named (application number, else "kind #id"), in id order. */
  references: string[];
  resumes: number;
  notes: number;
  messages: number;
  mailFiles: number;
  /** Records of a confirmation sent to the address today (whole-person erasure only). */
  confirmationRecords: number;
  /** 1 when an erasure event was queued for the webhook receiver. */
  webhookEvents: number;
  /**
   * False when the database could not yet drop every old copy (SQLite: another connection held
   * the WAL). The server then retries by itself for a while (scrub-retry.ts).
   */
  scrubbed: boolean;
}

/** What an erasure may take: the caller's kinds, quarantined items, the address's other records. */
export interface ErasureScope {
  kinds: readonly SubmissionKind[];
  /** Spam and held submissions: admins only, until released. */
  quarantined: boolean;
  /** Everything held about the address: also its confirmation records. */
  wholePerson: boolean;
}

export const wholePersonScope: ErasureScope = {
  kinds: submissionKinds,
  quarantined: true,
  wholePerson: true,
};

/** One submission an erasure would remove, and what it holds. */
export interface ErasureItem {
  id: number;
  kind: SubmissionKind;
  reference: string;
  createdAt: string;
  quarantined: boolean;
  resume: { originalName: string; detectedType: "pdf" | "doc" | "docx"; size: number } | null;
  notes: number;
  messages: number;
}

/** How the audit log and erasure answers name a submission: its application number, else kind and id. */
export function referenceOf(s: { id: number; kind: string; reference: string | null }): string {
  return s.reference ?? `${s.kind} #${s.id}`;
}

type Reader = Pick<Transaction<Database>, "selectFrom">;

/** The submissions of this address an erasure with this scope would remove, oldest first. */
export async function planErasure(db: Reader, email: string, scope: ErasureScope): Promise<ErasureItem[]> {
  if (scope.kinds.length === 0) return [];
  const address = email.trim().toLowerCase();
  let query = db
    .selectFrom("submissions")
    .select(["id", "kind", "reference", "created_at", "spam"])
    .where((eb) => eb(eb.fn("lower", ["email"]), "=", address))
    .where("kind", "in", [...scope.kinds]);
  if (!scope.quarantined) query = query.where("spam", "=", 0);
  const rows = await query.orderBy("id").execute();
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const resumes = await db
    .selectFrom("resumes")
    .select(["submission_id", "original_name", "detected_type", "size"])
    .where("submission_id", "in", ids)
    .execute();
  const count = async (table: "submission_notes" | "outbox") =>
    new Map(
      (
        await db
          .selectFrom(table)
          .select((eb) => ["submission_id", eb.fn.countAll<number | string>().as("n")])
          .where("submission_id", "in", ids)
          .groupBy("submission_id")
          .execute()
      ).map((r) => [r.submission_id, Number(r.n)]),
    );
  const notes = await count("submission_notes");
  const messages = await count("outbox");
  return rows.map((r) => {
    const resume = resumes.find((x) => x.submission_id === r.id);
    return {
      id: r.id,
      kind: r.kind,
      reference: referenceOf(r),
      createdAt: r.created_at,
      quarantined: r.spam === 1,
      resume: resume
        ? { originalName: resume.original_name, detectedType: resume.detected_type, size: resume.size }
        : null,
      notes: notes.get(r.id) ?? 0,
      messages: messages.get(r.id) ?? 0,
    };
  });
}

interface Deleted {
  references: string[];
  messageIds: string[];
  resumes: number;
  notes: number;
  messages: number;
}

/** Deletes these submissions and their rows inside `trx`, and queues the webhook's erasure event. */
async function deleteWithin(
  trx: Transaction<Database>,
  ids: readonly number[],
  opts: ErasureOptions,
): Promise<Deleted> {
  if (ids.length === 0) return { references: [], messageIds: [], resumes: 0, notes: 0, messages: 0 };
  const rows = await trx
    .selectFrom("submissions")
    .select(["id", "kind", "reference"])
    .where("id", "in", [...ids])
    .orderBy("id")
    .execute();
  const messageIds = (
    await trx
      .selectFrom("outbox")
      .select("message_id")
      .where("submission_id", "in", [...ids])
      .execute()
  ).map((r) => r.message_id);
  // A worker on any instance may be posting one of these submissions to the webhook right now.
  // The erasure event waits for that lease to end (no delivery outlives its lease, config.ts), so
  // the receiver never hears "created" after "erased".
  const inFlight = await trx
    .selectFrom("outbox")
    .select("lease_until")
    .where("submission_id", "in", [...ids])
    .where("channel", "=", "webhook")
    .where("status", "=", "pending")
    .where("lease_until", ">", opts.now.toISOString())
    .orderBy("lease_until", "desc")
    .executeTakeFirst();
  // The enquiries' part of the lead funnel stays, as anonymous counts only.
  await keepAnonymousCounts(trx, ids);
  const resumes = await trx
    .deleteFrom("resumes")
    .where("submission_id", "in", [...ids])
    .executeTakeFirst();
  const notes = await trx
    .deleteFrom("submission_notes")
    .where("submission_id", "in", [...ids])
    .executeTakeFirst();
  const messages = await trx
    .deleteFrom("outbox")
    .where("submission_id", "in", [...ids])
    .executeTakeFirst();
  await trx
    .deleteFrom("submissions")
    .where("id", "in", [...ids])
    .execute();
  if (opts.webhookUrl && rows.length > 0) {
    const at = opts.now.toISOString();
    const messageId = newMessageId();
    // Ids, kinds and application numbers only: the receiver finds its copies by them.
    const payload = JSON.stringify({
      type: "submission.erased",
      id: messageId,
      timestamp: at,
      data: { reason: opts.reason, submissions: rows },
    });
    await trx
      .insertInto("webhook_events")
      .values({
        event: "submission.erased",
        payload,
        recipient: opts.webhookUrl,
        status: "pending",
        attempts: 0,
        next_attempt_at: inFlight?.lease_until ?? at,
        message_id: messageId,
        created_at: at,
      })
      .execute();
  }
  return {
    references: rows.map(referenceOf),
    messageIds,
    resumes: Number(resumes.numDeletedRows),
    notes: Number(notes.numDeletedRows),
    messages: Number(messages.numDeletedRows),
  };
}

/**
 * After the rows are gone: the mail files of their messages, then the database's old copies.
 * A delivery in flight when the rows went writes its file after this scan at the latest; the
 * worker checks for the submission again after writing and removes the file itself
 * (outbox-worker.ts), so between the two no file outlives the erasure.
 */
async function finish(
  storage: Storage,
  deleted: Deleted,
  opts: ErasureOptions,
  confirmationRecords: number,
): Promise<ErasureReport> {
  const mailFiles = removeMailFiles(opts.dataDir, deleted.messageIds);
  const { complete } = await scrubNowOrLater(storage);
  return {
    submissions: deleted.references.length,
    references: deleted.references,
    resumes: deleted.resumes,
    notes: deleted.notes,
    messages: deleted.messages,
    mailFiles,
    confirmationRecords,
    webhookEvents: opts.webhookUrl && deleted.references.length > 0 ? 1 : 0,
    scrubbed: complete,
  };
}

/** Deletes these submissions and every copy of them (purge, quarantine delete); unknown ids are ignored. */
export async function eraseSubmissions(
  storage: Storage,
  ids: readonly number[],
  opts: ErasureOptions & {
    /**
     * Asked again inside the deleting transaction (rows locked on PostgreSQL): only the ids still
     * matching go. The purge passes its expiry rule, so a candidate kept, or a submission
     * released from quarantine, after the purge chose its ids is not deleted.
     */
    stillMatching?: (eb: ExpressionBuilder<Database, "submissions">) => Expression<SqlBool>;
    /**
     * The same, for a rule that is code rather than SQL: given the ids, returns those to delete;
     * it runs inside the deleting transaction and should lock what it reads on PostgreSQL.
     */
    stillChosen?: (trx: Transaction<Database>, ids: readonly number[]) => Promise<number[]>;
  },
): Promise<ErasureReport> {
  const deleted = await storage.transaction(async (trx) => {
    let chosen = ids;
    if (opts.stillMatching && ids.length > 0) {
      const query = trx
        .selectFrom("submissions")
        .select("id")
        .where("id", "in", [...ids])
        .where(opts.stillMatching);
      chosen = (await forUpdate(storage.dialect, query).execute()).map((r) => r.id);
    }
    if (opts.stillChosen && chosen.length > 0) chosen = await opts.stillChosen(trx, chosen);
    return deleteWithin(trx, chosen, opts);
  });
  return finish(storage, deleted, opts, 0);
}

export type PersonErasure = { changed: false; report: ErasureReport } | { changed: true; plan: ErasureItem[] };

/**
 * A person's erasure within `scope`. With `expected` (the ids of the plan the person confirmed),
 * nothing is removed when the plan has changed since; the answer carries the new plan.
 */
export async function erasePerson(
  storage: Storage,
  email: string,
  scope: ErasureScope,
  opts: ErasureOptions & { expected?: readonly number[] },
): Promise<PersonErasure> {
  const outcome = await storage.transaction(async (trx) => {
    // Planned and deleted in one transaction: nothing arrives between the comparison and the delete.
    const plan = await planErasure(trx, email, scope);
    const ids = plan.map((p) => p.id);
    if (opts.expected && !sameIds(ids, opts.expected)) return { changed: true as const, plan };
    let confirmationRecords = 0;
    if (scope.wholePerson) {
      const key = await confirmationKey(storage, trx);
      const records = await trx
        .deleteFrom("confirmations_sent")
        .where("address_key", "=", addressKey(key, email.trim().toLowerCase()))
        .executeTakeFirst();
      confirmationRecords = Number(records.numDeletedRows);
    }
    return { changed: false as const, deleted: await deleteWithin(trx, ids, opts), confirmationRecords };
  });
  if (outcome.changed) return outcome;
  return { changed: false, report: await finish(storage, outcome.deleted, opts, outcome.confirmationRecords) };
}

function sameIds(a: readonly number[], b: readonly number[]): boolean {
  const sorted = [...b].sort((x, y) => x - y);
  return a.length === sorted.length && a.every((id, i) => id === sorted[i]);
}

/** Everything held about one person, by e-mail address (the CLI's right-to-erasure command). */
export async function eraseByEmail(storage: Storage, email: string, opts: ErasureOptions): Promise<ErasureReport> {
  const result = await erasePerson(storage, email, wholePersonScope, opts);
  if (result.changed) throw new Error("unreachable: an erasure without an expected plan cannot change");
  return result.report;
}

/** One line for the operator: what was removed, by kind, and which submissions. */
export function describeErasure(r: ErasureReport): string {
  const parts = [
    `${r.submissions} submission(s)`,
    `${r.resumes} resume(s)`,
    `${r.messages} message(s)`,
    `${r.mailFiles} mail file(s)`,
    `${r.confirmationRecords} confirmation record(s)`,
    `${r.notes} note(s)`,
  ];
  const named = r.references.length ? ` (${r.references.join(", ")})` : "";
  const hook = r.webhookEvents ? "; erasure event queued for the webhook receiver" : "";
  const scrub = r.scrubbed
    ? ""
    : "; WARNING: another process still reads the database, so old copies remain in its write-ahead log; the server retries clearing them, or run the command again";
  return `${parts.join(", ")}${named}${hook}${scrub}`;
}
