/**
 * A submission's conversation (issue 44, docs/decisions/058): what a reply threads on and quotes,
 * the thread's Reply-To token, and the answers that came back by e-mail. A reply threads on the
 * submitter's own last answer when there is one, else on the confirmation they received (never on
 * the team's notification, which they never saw), and quotes that message below its words.
 */
import crypto from "node:crypto";
import type { Kysely, Selectable } from "kysely";
import { confirmationSubjects, isReplyKindName, quoteOriginal, replySubject } from "../../contracts/replies";
import type { Database, SubmissionsTable } from "../db/schema";

type SubmissionRow = Selectable<SubmissionsTable>;

type Reader = Pick<Kysely<Database>, "selectFrom">;
type Writer = Pick<Kysely<Database>, "selectFrom" | "insertInto">;

/** A time as the quote's line says it: "24 November 2026 at 10:00 UTC". */
export function quoteTime(iso: string): string {
  const d = new Date(iso);
  const day = d.toLocaleDateString("en-GB", { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" });
  return `${day} at ${iso.slice(11, 16)} UTC`;
}

/** The answers that came back for this submission, oldest first. */
export function inboundOf(db: Reader, submissionId: number) {
  return db
    .selectFrom("inbound_messages")
    .select(["id", "sender", "subject", "body", "attachments_refused", "sent_at", "received_at", "message_id"])
    .where("submission_id", "=", submissionId)
    .orderBy("id")
    .execute();
}

export interface Thread {
  /** The subject a reply carries now: "Re: " and the last answer's subject, else the confirmation's. */
  subject: string;
  /** The Message-ID the reply answers (In-Reply-To); null when the submitter received nothing from us. */
  inReplyTo: string | null;
  /** Every Message-ID of the thread the submitter has, oldest first (References). */
  references: string[];
  /** The original quoted below the reply's words. */
  quote: string;
}

/** What a reply to this submission threads on and quotes, read now. */
export async function threadOf(db: Reader, row: SubmissionRow): Promise<Thread> {
  const confirmationId = await db
    .selectFrom("outbox")
    .select("message_id")
    .where("submission_id", "=", row.id)
    .where("purpose", "=", "confirm")
    .where("channel", "=", "email")
    .orderBy("id")
    .executeTakeFirst();
  const earlier = await db
    .selectFrom("submission_replies")
    .select("message_id")
    .where("submission_id", "=", row.id)
    .orderBy("id")
    .execute();
  const answers = await inboundOf(db, row.id);
  const last = answers.at(-1);
  const who = `${row.first_name ?? ""} ${row.last_name ?? ""}`.trim() || "you";
  const references = [
    ...(confirmationId ? [confirmationId.message_id] : []),
    ...earlier.map((r) => r.message_id),
    ...answers.flatMap((a) => (a.message_id ? [a.message_id] : [])),
  ];
  if (last) {
    return {
      subject: replySubject(last.subject),
      inReplyTo: last.message_id ?? references.at(-1) ?? null,
      references,
      quote: quoteOriginal({ who, when: quoteTime(last.sent_at ?? last.received_at), text: last.body }),
    };
  }
  return {
    subject: replySubject(isReplyKindName(row.kind) ? confirmationSubjects[row.kind] : "Your message to Altiva Cloud"),
    inReplyTo: confirmationId?.message_id ?? null,
    references,
    quote: quoteOriginal({ who, when: quoteTime(row.created_at), text: row.message ?? "" }),
  };
}

/** The thread's Reply-To token, made (random, 128 bits) on its first reply. */
export async function tokenFor(db: Writer, submissionId: number, at: string): Promise<string> {
  const found = await db
    .selectFrom("conversation_tokens")
    .select("token")
    .where("submission_id", "=", submissionId)
    .executeTakeFirst();
  if (found) return found.token;
  // Lower-case hex: mail systems may fold the local part's case.
  const token = crypto.randomBytes(16).toString("hex");
  await db.insertInto("conversation_tokens").values({ submission_id: submissionId, token, created_at: at }).execute();
  return token;
}

/** reply+<token>@domain for INBOUND_EMAIL reply@domain. */
export function replyAddress(inboundEmail: string, token: string): string {
  const at = inboundEmail.lastIndexOf("@");
  return `${inboundEmail.slice(0, at)}+${token}${inboundEmail.slice(at)}`;
}

/** The answers of these submissions for the person's own copy (Art. 15): their words, as received. */
export function answersForCopy(db: Reader, submissionIds: readonly number[]) {
  return db
    .selectFrom("inbound_messages")
    .select(["submission_id", "sender", "subject", "body", "attachments_refused", "sent_at", "received_at"])
    .where("submission_id", "in", [...submissionIds])
    .orderBy("id")
    .execute();
}
