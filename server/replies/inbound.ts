/**
 * Attaching an answer that came back by e-mail to its conversation (issue 44, docs/decisions/058).
 * An answer belongs to a submission when it is addressed to that thread's reply+<token> address,
 * or, without a token, when its In-Reply-To or References name one of our replies; and in either
 * case only when it comes from the address the submission holds. A token that names no thread,
 * a stranger's address, or a thread we never wrote to attaches to nothing, and nothing of such a
 * message is stored. Each message is stored once (source_key unique), however many readers race.
 * A matched answer passes the site's content scoring too (`isSpam`, server/spam/verdict.ts's
 * scoresAsSpam given by the readers: the same rules and threshold as the forms, decision 073): the submitter's address can be forged in From, and a
 * message that scores as spam is not attached; like unmatched mail it stays in the mailbox.
 */
import type { Kysely } from "kysely";
import { emailOf } from "../../contracts/forms/address";
import { formDefinitions } from "../../contracts/forms/index";
import { isReplyKindName } from "../../contracts/replies";
import type { Storage } from "../db/db";
import { recordUnmatched, type UnmatchedReason } from "./unmatched-mail";
import { queueAnswerNotice } from "./answer-notice";
import type { Database } from "../db/schema";

/** What the conversation keeps of an e-mail (mail/inbound-parse.ts reads it). */
export interface InboundMail {
  messageId: string | null;
  inReplyTo: string | null;
  references: string[];
  /** The From address, lower case. */
  from: string | null;
  /** To, Cc, Delivered-To and X-Original-To, lower case. */
  recipients: string[];
  subject: string;
  text: string;
  attachments: number;
  /** The Date header, ISO; null when missing or invalid. */
  date: string | null;
}

export type InboundOutcome =
  | { attached: number; submissionId: number }
  /** Stored already, by this reader earlier or by another instance. */
  | { duplicate: true }
  | { unmatched: UnmatchedReason };

type Reader = Pick<Kysely<Database>, "selectFrom">;

/** The token of reply+<token>@domain among the recipients, for INBOUND_EMAIL reply@domain. */
export function tokenIn(recipients: readonly string[], inboundEmail: string): string | undefined {
  const at = inboundEmail.lastIndexOf("@");
  const local = inboundEmail.slice(0, at).toLowerCase();
  const domain = inboundEmail.slice(at + 1).toLowerCase();
  for (const r of recipients) {
    const i = r.lastIndexOf("@");
    if (r.slice(i + 1) !== domain) continue;
    const [base, token, ...rest] = r.slice(0, i).split("+");
    if (base === local && token !== undefined && rest.length === 0) return token;
  }
  return undefined;
}

/** The submission an answer names: by its token, else by our replies' Message-IDs it answers. */
async function threadOfAnswer(db: Reader, mail: InboundMail, inboundEmail: string | undefined) {
  const token = inboundEmail ? tokenIn(mail.recipients, inboundEmail) : undefined;
  if (token !== undefined) {
    const row = await db
      .selectFrom("conversation_tokens")
      .select("submission_id")
      .where("token", "=", token)
      .executeTakeFirst();
    return row ? { submissionId: row.submission_id } : ("unknown token" as const);
  }
  const ids = [mail.inReplyTo, ...mail.references].filter((id): id is string => !!id).slice(0, 50);
  if (ids.length === 0) return "no thread" as const;
  const row = await db
    .selectFrom("submission_replies")
    .select("submission_id")
    .where("message_id", "in", ids)
    .orderBy("id", "desc")
    .executeTakeFirst();
  return row ? { submissionId: row.submission_id } : ("no thread" as const);
}

/** Where it was read, when it has no Message-ID: the mailbox's UIDVALIDITY and UID. */
export function sourceKeyOf(mail: InboundMail, fallback: string): string {
  return mail.messageId && mail.messageId.length <= 300 ? mail.messageId : fallback;
}

/**
 * Attaches the answer to its conversation, marks the submission unread for everyone who had
 * opened it (its owner sees it again), and says what became of it.
 */
export async function attachInbound(
  storage: Storage,
  mail: InboundMail,
  opts: {
    inboundEmail: string | undefined;
    sourceKey: string;
    now: Date;
    via?: "imap" | "webhook";
    /** The spam scoring (a domain room does not import the spam defence; its callers do). */
    isSpam: (mail: { subject: string; text: string }) => boolean;
  },
): Promise<InboundOutcome> {
  return storage.transaction(async (trx): Promise<InboundOutcome> => {
    // Mail that attaches to nothing is listed for administrators (unmatched-mail.ts), in the same transaction.
    const unmatched = async (reason: UnmatchedReason, submissionId: number | null = null) => {
      await recordUnmatched(trx, { reason, via: opts.via ?? "imap", from: mail.from, submissionId, now: opts.now });
      return { unmatched: reason } as const;
    };
    const thread = await threadOfAnswer(trx, mail, opts.inboundEmail);
    if (typeof thread === "string") return unmatched(thread);
    const row = await trx
      .selectFrom("submissions")
      .selectAll()
      .where("id", "=", thread.submissionId)
      .executeTakeFirst();
    if (!row || !isReplyKindName(row.kind)) return unmatched("no thread");
    const holder = emailOf(formDefinitions[row.kind], row).toLowerCase();
    if (!mail.from || mail.from !== holder) return unmatched("not the submitter", row.id);
    if (opts.isSpam({ subject: mail.subject, text: mail.text })) return unmatched("spam", row.id);
    const inserted = await trx
      .insertInto("inbound_messages")
      .values({
        submission_id: row.id,
        source_key: opts.sourceKey,
        message_id: mail.messageId,
        sender: mail.from,
        subject: mail.subject,
        body: mail.text,
        attachments_refused: mail.attachments,
        sent_at: mail.date,
        received_at: opts.now.toISOString(),
      })
      .onConflict((oc) => oc.column("source_key").doNothing())
      .returning("id")
      .executeTakeFirst();
    if (!inserted) return { duplicate: true };
    await trx.deleteFrom("submission_reads").where("submission_id", "=", row.id).execute();
    await queueAnswerNotice(trx, row.id, row.assigned_to, opts.now);
    return { attached: inserted.id, submissionId: row.id };
  });
}
