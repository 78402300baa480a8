/**
 * Replies from the console (issue 27): the templates, and each reply a person sends to the
 * sender of an enquiry or feedback. A reply is queued in the outbox (purpose "reply": one
 * delivery, retries) and recorded in submission_replies with its words as sent, who sent it and
 * the Message-ID of the team's notification it answers (docs/decisions/037). The recipient is
 * always the address the submission holds, read here; no caller names one.
 */
import type { Kysely, Transaction } from "kysely";
import { emailOf } from "../../contracts/forms/address";
import { formDefinitions } from "../../contracts/forms/index";
import {
  fillReplyTemplate,
  replyKinds,
  replyReference,
  replyWords,
  type ReplyKind,
  type ReplyTemplateKind,
} from "../../contracts/replies";
import { signed } from "../../contracts/signature";
import { newMessageId } from "../outbox/outbox-rows";
import type { Storage } from "../db/db";
import { queuePersonalMail } from "../outbox/outbox-messages";
import type { Database } from "../db/schema";
import { forUpdate } from "../db/dialect";
import { inboundOf, threadOf, tokenFor } from "./conversation";
import { signatureOf } from "./signature";

type Reader = Pick<Kysely<Database>, "selectFrom">;

export interface ReplyTemplateRow {
  id: number;
  name: string;
  kind: ReplyTemplateKind;
  subject: string;
  body: string;
  updated_at: string;
  updated_by: string | null;
}

/** A reply of a submission as its page shows it: the words, who, when and its delivery. */
export interface SentReply {
  id: number;
  template: string | null;
  recipient: string;
  subject: string;
  text: string;
  /** The original quoted below the words; null for replies sent before quoting (migration 017). */
  quote: string | null;
  messageId: string;
  inReplyTo: string | null;
  queuedAt: string;
  queuedBy: string;
  status: "pending" | "sent" | "failed";
  attempts: number;
  lastError: string | null;
  sentAt: string | null;
}

export function listReplyTemplates(db: Reader): Promise<ReplyTemplateRow[]> {
  return db.selectFrom("reply_templates").selectAll().orderBy("name").orderBy("id").execute();
}

export function isReplyKind(kind: string): kind is ReplyKind {
  return (replyKinds as readonly string[]).includes(kind);
}

/**
 * Saves a template: a new one without `id`, else that one's new words. Undefined when the id is
 * gone; "taken" when another template has the name.
 */
export async function saveReplyTemplate(
  db: Kysely<Database>,
  t: { id?: number; name: string; kind: ReplyTemplateKind; subject: string; body: string },
  by: string,
  now: Date,
): Promise<ReplyTemplateRow | "taken" | undefined> {
  const name = t.name.trim();
  const clash = await db
    .selectFrom("reply_templates")
    .select("id")
    .where("name", "=", name)
    .$if(t.id !== undefined, (q) => q.where("id", "!=", t.id!))
    .executeTakeFirst();
  if (clash) return "taken";
  const values = {
    name,
    kind: t.kind,
    subject: t.subject,
    body: t.body,
    updated_at: now.toISOString(),
    updated_by: by,
  };
  if (t.id === undefined) {
    return db.insertInto("reply_templates").values(values).returningAll().executeTakeFirstOrThrow();
  }
  return db.updateTable("reply_templates").set(values).where("id", "=", t.id).returningAll().executeTakeFirst();
}

export async function deleteReplyTemplate(db: Kysely<Database>, id: number): Promise<string | undefined> {
  const gone = await db.deleteFrom("reply_templates").where("id", "=", id).returning("name").executeTakeFirst();
  return gone?.name;
}

/** The submission a reply is for: an enquiry or feedback with its address and reference. */
async function recipientOf(db: Reader, submissionId: number) {
  const row = await db.selectFrom("submissions").selectAll().where("id", "=", submissionId).executeTakeFirst();
  if (!row || !isReplyKind(row.kind)) return undefined;
  const form = formDefinitions[row.kind];
  // The address the sender gave, as the form defines it: the recipient is never the caller's choice.
  return { row, recipient: emailOf(form, row), reference: replyReference(row) };
}

/** A template's words for this submission: the sender's first name and its reference filled in. */
export async function draftReply(db: Reader, submissionId: number, templateId: number) {
  const found = await recipientOf(db, submissionId);
  const template = await db.selectFrom("reply_templates").selectAll().where("id", "=", templateId).executeTakeFirst();
  if (!found || !template) return undefined;
  const words = fillReplyTemplate(template, { firstName: found.row.first_name, reference: found.reference });
  // The subject is the thread's ("Re: " and what the sender holds), not the template's (058).
  const thread = await threadOf(db, found.row);
  return { template: template.name, subject: thread.subject, text: words.text };
}

/** The submission's replies, oldest first, with the delivery of each one's outbox row. */
export async function repliesOf(db: Reader, submissionId: number): Promise<SentReply[]> {
  const rows = await db
    .selectFrom("submission_replies as r")
    .leftJoin("outbox as o", "o.message_id", "r.message_id")
    .select([
      "r.id",
      "r.template",
      "r.subject",
      "r.body",
      "r.quote",
      "r.message_id",
      "r.in_reply_to",
      "r.created_at",
      "r.staff_name",
      "o.recipient",
      "o.status",
      "o.attempts",
      "o.last_error",
      "o.sent_at",
    ])
    .where("r.submission_id", "=", submissionId)
    .orderBy("r.id")
    .execute();
  return rows.map((r) => ({
    id: r.id,
    template: r.template,
    recipient: r.recipient ?? "",
    subject: r.subject,
    text: r.body,
    quote: r.quote,
    messageId: r.message_id,
    inReplyTo: r.in_reply_to,
    queuedAt: r.created_at,
    queuedBy: r.staff_name,
    status: r.status ?? "failed",
    attempts: r.attempts ?? 0,
    lastError: r.last_error ?? null,
    sentAt: r.sent_at ?? null,
  }));
}

/**
 * The reply exactly as Send would queue it now, signed with the sender's signature (decision 073),
 * and how many replies were queued before.
 */
export async function composeReply(db: Reader, submissionId: number, subject: string, text: string, senderId: number) {
  const found = await recipientOf(db, submissionId);
  if (!found) return undefined;
  const sent = await db
    .selectFrom("submission_replies")
    .select((eb) => eb.fn.countAll<string | number>().as("n"))
    .where("submission_id", "=", submissionId)
    .executeTakeFirstOrThrow();
  const thread = await threadOf(db, found.row);
  const words = replyWords(subject, text);
  return {
    recipient: found.recipient,
    subject: words.subject,
    // Signed after the words are tidied, which would take the space off the "-- " line.
    text: signed(words.text, await signatureOf(db, senderId)),
    quote: thread.quote,
    sent: Number(sent.n),
    thread,
  };
}

export type ReplyOutcome =
  | { queued: SentReply }
  /** Erased meanwhile, or not an enquiry or feedback. */
  | { refused: "gone" }
  /** Another reply was queued since the person looked (a double click, a second tab, a retry). */
  | { refused: "already sent"; sent: number };

/**
 * Queues the reply in one transaction that holds the submission (locked on PostgreSQL; SQLite
 * writes one transaction at a time), only when as many replies were queued as the person saw
 * (`seen`), so racing Sends queue one message. The reply's record, the status "answered" and the
 * audit entry are written in the same transaction.
 */
export async function queueReply(
  storage: Storage,
  opts: {
    submissionId: number;
    subject: string;
    text: string;
    template: string | null;
    seen: number;
    staff: { id: number; name: string };
    now: Date;
    audit: (trx: Transaction<Database>, reply: SentReply) => Promise<void>;
  },
): Promise<ReplyOutcome> {
  return storage.transaction(async (trx): Promise<ReplyOutcome> => {
    const read = trx.selectFrom("submissions").select(["id"]).where("id", "=", opts.submissionId);
    const held = await forUpdate(storage.dialect, read).executeTakeFirst();
    if (!held) return { refused: "gone" };
    const composed = await composeReply(trx, opts.submissionId, opts.subject, opts.text, opts.staff.id);
    if (!composed) return { refused: "gone" };
    if (composed.sent !== opts.seen) return { refused: "already sent", sent: composed.sent };
    const at = opts.now.toISOString();
    const messageId = newMessageId();
    const { inReplyTo, references } = composed.thread;
    await tokenFor(trx, opts.submissionId, at);
    await queuePersonalMail(trx, {
      submissionId: opts.submissionId,
      purpose: "reply",
      recipient: composed.recipient,
      messageId,
      at,
    });
    const { id } = await trx
      .insertInto("submission_replies")
      .values({
        submission_id: opts.submissionId,
        message_id: messageId,
        in_reply_to: inReplyTo,
        template: opts.template,
        subject: composed.subject,
        body: composed.text,
        quote: composed.quote,
        thread_references: references.length > 0 ? references.join(" ") : null,
        staff_id: opts.staff.id,
        staff_name: opts.staff.name,
        created_at: at,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await trx.updateTable("submissions").set({ status: "answered" }).where("id", "=", opts.submissionId).execute();
    const reply: SentReply = {
      id,
      template: opts.template,
      recipient: composed.recipient,
      subject: composed.subject,
      text: composed.text,
      quote: composed.quote,
      messageId,
      inReplyTo,
      queuedAt: at,
      queuedBy: opts.staff.name,
      status: "pending",
      attempts: 0,
      lastError: null,
      sentAt: null,
    };
    await opts.audit(trx, reply);
    return { queued: reply };
  });
}

/** What the worker sends for an outbox row of purpose "reply"; undefined when its record is gone. */
export function replyForDelivery(db: Reader, messageId: string) {
  return db
    .selectFrom("submission_replies as r")
    .leftJoin("conversation_tokens as t", "t.submission_id", "r.submission_id")
    .select(["r.subject", "r.body", "r.quote", "r.in_reply_to", "r.thread_references", "r.staff_name", "t.token"])
    .where("r.message_id", "=", messageId)
    .executeTakeFirst();
}

/** The replies of these submissions for the person's own copy (Art. 15): the words and dates. */
export function repliesForCopy(db: Reader, submissionIds: readonly number[]) {
  return db
    .selectFrom("submission_replies")
    .select(["submission_id", "subject", "body", "created_at"])
    .where("submission_id", "in", [...submissionIds])
    .orderBy("id")
    .execute();
}

/** What the reply box offers for this submission: its address, its phone number, the templates for its kind. */
export async function replyContext(db: Reader, submissionId: number) {
  const found = await recipientOf(db, submissionId);
  if (!found) return undefined;
  const kind = found.row.kind;
  const templates = (await listReplyTemplates(db)).filter((t) => t.kind === "both" || t.kind === kind);
  // Digits and a leading + only: a number stored before phone numbers were normalised (031) may hold more.
  const phone = (found.row.phone ?? "").replace(/[^\d+]/g, "").replace(/(?!^)\+/g, "");
  const answers = (await inboundOf(db, submissionId)).map((a) => ({
    id: a.id,
    sender: a.sender,
    subject: a.subject,
    text: a.body,
    attachmentsRefused: a.attachments_refused,
    sentAt: a.sent_at,
    receivedAt: a.received_at,
  }));
  return { recipient: found.recipient, phone: /\d{5,}/.test(phone) ? phone : null, templates, answers };
}
