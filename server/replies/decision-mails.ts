/**
 * Decision e-mails to candidates (issue 26): composed from the decision's template when a person
 * presses Send, queued in the outbox (purpose "decision": one delivery, retries) and recorded
 * with the application. No status change queues one by itself.
 *
 * What was sent is kept as written at Send, so the candidate receives exactly the preview even if
 * an administrator edits the template while the message waits. It lives in the application's
 * notes (submission_notes: who, when, the words), one note per message, named by the message's
 * Message-ID, which is made in the transaction that writes the note, so no other note can name
 * it first. Notes are the application's record written by staff and go with it in every
 * erasure, purge, export and person's copy; the outbox has no column for a message's words
 * (docs/decisions/034-decision-mails.md).
 */
import type { Kysely, Transaction } from "kysely";
import { decisionStatuses, type DecisionStatus } from "../../contracts/careers/decision-templates";
import { renderDecision } from "../../contracts/careers/decision-text";
import { signed } from "../../contracts/signature";
import { emailOf } from "../../contracts/forms/address";
import { formDefinitions } from "../../contracts/forms/index";
import { newMessageId } from "../outbox/outbox-rows";
import { queuePersonalMail } from "../outbox/outbox-messages";
import type { Storage } from "../db/db";
import type { Database } from "../db/schema";
import { signatureOf } from "./signature";
import { forUpdate } from "../db/dialect";

type Reader = Pick<Kysely<Database>, "selectFrom">;

/** A decision e-mail of an application: its words, who sent it, and its delivery. */
export interface DecisionMail {
  /** The outbox row. */
  id: number;
  template: DecisionStatus;
  recipient: string;
  subject: string;
  text: string;
  queuedAt: string;
  queuedBy: string;
  status: "pending" | "sent" | "failed";
  attempts: number;
  lastError: string | null;
  sentAt: string | null;
}

const first = `E-mail to the candidate for the decision “`;

/** The note that records a decision e-mail: a heading naming it, then the message as sent. */
function recordOf(status: DecisionStatus, messageId: string, subject: string, text: string): string {
  return `${first}${status}” (Message-ID ${messageId})\nSubject: ${subject}\n\n${text}`;
}

const recordPattern =
  /^E-mail to the candidate for the decision “([^”]+)” \(Message-ID (<[^>\s]+>)\)\nSubject: ([^\n]*)\n\n([\s\S]*)$/;

function readRecord(body: string) {
  const m = recordPattern.exec(body);
  if (!m || !(decisionStatuses as readonly string[]).includes(m[1]!)) return undefined;
  return { template: m[1] as DecisionStatus, messageId: m[2]!, subject: m[3]!, text: m[4]! };
}

/**
 * The application's decision e-mails, oldest first: each outbox row of purpose "decision" with
 * the note that holds its words (a note is matched by the row's Message-ID only).
 */
export async function decisionMailsOf(db: Reader, submissionId: number): Promise<DecisionMail[]> {
  const rows = await db
    .selectFrom("outbox")
    .select(["id", "message_id", "recipient", "status", "attempts", "last_error", "created_at", "sent_at"])
    .where("submission_id", "=", submissionId)
    .where("purpose", "=", "decision")
    .orderBy("id")
    .execute();
  if (rows.length === 0) return [];
  const notes = await decisionNotesOf(db, submissionId);
  return rows.flatMap((row) => {
    const note = notes.find((n) => n.record.messageId === row.message_id);
    if (!note) return [];
    return [
      {
        id: row.id,
        template: note.record.template,
        recipient: row.recipient,
        subject: note.record.subject,
        text: note.record.text,
        queuedAt: row.created_at,
        queuedBy: note.staff_name,
        status: row.status,
        attempts: row.attempts,
        lastError: row.last_error,
        sentAt: row.sent_at,
      },
    ];
  });
}

/** The notes that record decision e-mails, oldest first (the earliest wins for a Message-ID). */
async function decisionNotesOf(db: Reader, submissionId: number) {
  const notes = await db
    .selectFrom("submission_notes")
    .select(["id", "staff_name", "body", "created_at"])
    .where("submission_id", "=", submissionId)
    .where("body", "like", `${first}%`)
    .orderBy("id")
    .execute();
  return notes.flatMap((n) => {
    const record = readRecord(n.body);
    return record ? [{ ...n, record }] : [];
  });
}

/** The ids of the notes that record this application's decision e-mails (shown with them, not as notes). */
export async function decisionNoteIds(db: Reader, submissionId: number): Promise<number[]> {
  const messageIds = new Set(
    (
      await db
        .selectFrom("outbox")
        .select("message_id")
        .where("submission_id", "=", submissionId)
        .where("purpose", "=", "decision")
        .execute()
    ).map((r) => r.message_id),
  );
  const notes = await decisionNotesOf(db, submissionId);
  const seen = new Set<string>();
  return notes.flatMap((n) => {
    if (!messageIds.has(n.record.messageId) || seen.has(n.record.messageId)) return [];
    seen.add(n.record.messageId);
    return [n.id];
  });
}

/**
 * The decision, subject and text the worker sends for this outbox row; undefined when its record
 * is gone.
 */
export async function decisionMailWords(
  db: Reader,
  row: { submission_id: number; message_id: string },
): Promise<{ status: DecisionStatus; subject: string; text: string } | undefined> {
  const notes = await decisionNotesOf(db, row.submission_id);
  const note = notes.find((n) => n.record.messageId === row.message_id);
  return note && { status: note.record.template, subject: note.record.subject, text: note.record.text };
}

export interface Composed {
  status: DecisionStatus;
  recipient: string;
  subject: string;
  text: string;
  /** Decision e-mails for this status already queued for the application. */
  sent: number;
}

/**
 * The e-mail this application's decision would send now, as it would be sent: the template as
 * stored, the candidate's first name and number, the role's title (from the role it was sent
 * for, else the position chosen), the sender's line and their signature (decision 073). Undefined
 * when the application is gone.
 */
export async function composeDecisionMail(
  db: Reader,
  submissionId: number,
  status: DecisionStatus,
  personalLine: string,
  senderId: number,
): Promise<Composed | undefined> {
  const row = await db
    .selectFrom("submissions")
    .selectAll()
    .where("id", "=", submissionId)
    .where("kind", "=", "application")
    .executeTakeFirst();
  if (!row) return undefined;
  const template = await db
    .selectFrom("decision_templates")
    .select(["subject", "body"])
    .where("status", "=", status)
    .executeTakeFirstOrThrow();
  const role = row.role
    ? await db.selectFrom("job_roles").select("title").where("slug", "=", row.role).executeTakeFirst()
    : undefined;
  const words = renderDecision(template, {
    firstName: row.first_name,
    role: role?.title ?? row.position ?? "",
    reference: row.reference ?? "",
    personalLine,
  });
  const sent = (await decisionMailsOf(db, submissionId)).filter((m) => m.template === status).length;
  // The address the candidate gave, as the form defines it: the recipient is never the caller's choice.
  const text = signed(words.text, await signatureOf(db, senderId));
  return { status, recipient: emailOf(formDefinitions.application, row), subject: words.subject, text, sent };
}

export type QueueOutcome =
  | { queued: DecisionMail }
  /** The application was erased meanwhile. */
  | { refused: "gone" }
  /** Its status is no longer this decision. */
  | { refused: "status"; current: string }
  /** Another e-mail for this decision was queued since the person looked (a double click, a retry). */
  | { refused: "already sent"; sent: number };

/**
 * Queues the decision e-mail in one transaction that holds the application (locked on
 * PostgreSQL, so an erasure or a status change waits for it, or it sees them): only while its
 * status is this decision, and only when as many e-mails for the decision were queued as the
 * person saw (`seen`), so two Sends racing or a request retried queue one message. The audit
 * entry is written in the same transaction: a queued message is always audited.
 */
export async function queueDecisionMail(
  storage: Storage,
  opts: {
    submissionId: number;
    status: DecisionStatus;
    personalLine: string;
    seen: number;
    staff: { id: number; name: string };
    now: Date;
    audit: (trx: Transaction<Database>, mail: DecisionMail) => Promise<void>;
  },
): Promise<QueueOutcome> {
  return storage.transaction(async (trx): Promise<QueueOutcome> => {
    const read = trx.selectFrom("submissions").select(["status"]).where("id", "=", opts.submissionId);
    const held = await forUpdate(storage.dialect, read).executeTakeFirst();
    if (!held) return { refused: "gone" };
    if (held.status !== opts.status) return { refused: "status", current: held.status };
    const composed = await composeDecisionMail(trx, opts.submissionId, opts.status, opts.personalLine, opts.staff.id);
    if (!composed) return { refused: "gone" };
    if (composed.sent !== opts.seen) return { refused: "already sent", sent: composed.sent };
    const at = opts.now.toISOString();
    const messageId = newMessageId();
    const id = await queuePersonalMail(trx, {
      submissionId: opts.submissionId,
      purpose: "decision",
      recipient: composed.recipient,
      messageId,
      at,
    });
    await trx
      .insertInto("submission_notes")
      .values({
        submission_id: opts.submissionId,
        staff_id: opts.staff.id,
        staff_name: opts.staff.name,
        body: recordOf(opts.status, messageId, composed.subject, composed.text),
        created_at: at,
      })
      .execute();
    const mail: DecisionMail = {
      id,
      template: opts.status,
      recipient: composed.recipient,
      subject: composed.subject,
      text: composed.text,
      queuedAt: at,
      queuedBy: opts.staff.name,
      status: "pending",
      attempts: 0,
      lastError: null,
      sentAt: null,
    };
    await opts.audit(trx, mail);
    return { queued: mail };
  });
}
