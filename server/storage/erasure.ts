/**
 * Removing submissions leaves no copy in what the server holds: the rows (submission, resume,
 * outbox), the `.eml` files of its messages, the freed database space (storage.scrub()), and the
 * webhook receiver is told which submissions are gone (a signed `submission.erased` event).
 * Used by the `erase` command (a person's request) and by the retention purge.
 */
import { addressKey, confirmationKey } from "../mail/confirmation-limit";
import { removeMailFiles } from "../mail/mail-files";
import { newMessageId } from "../mail/outbox-rows";
import type { Storage } from "./db";

export interface ErasureOptions {
  dataDir: string;
  /** The receiver of submission webhooks; it gets the erasure event. */
  webhookUrl?: string;
  reason: "request" | "retention";
  now: Date;
}

export interface ErasureReport {
  submissions: number;
  resumes: number;
  messages: number;
  mailFiles: number;
  /** Records of a confirmation sent to the address today (erasure by address only). */
  confirmationRecords: number;
  /** 1 when an erasure event was queued for the webhook receiver. */
  webhookEvents: number;
  /** False when the database could not yet drop every old copy (SQLite: a reader held the WAL). */
  scrubbed: boolean;
}

/** Deletes these submissions and every copy of them; the ids must exist or be ignored. */
export async function eraseSubmissions(
  storage: Storage,
  ids: readonly number[],
  opts: ErasureOptions,
  extra: { confirmationRecords?: number } = {},
): Promise<ErasureReport> {
  const found = await storage.transaction(async (trx) => {
    if (ids.length === 0) return { rows: [], messageIds: [], resumes: 0, messages: 0 };
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
    const resumes = await trx
      .deleteFrom("resumes")
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
          next_attempt_at: at,
          message_id: messageId,
          created_at: at,
        })
        .execute();
    }
    return {
      rows,
      messageIds,
      resumes: Number(resumes.numDeletedRows),
      messages: Number(messages.numDeletedRows),
    };
  });
  const mailFiles = removeMailFiles(opts.dataDir, found.messageIds);
  const { complete } = await storage.scrub();
  return {
    submissions: found.rows.length,
    resumes: found.resumes,
    messages: found.messages,
    mailFiles,
    confirmationRecords: extra.confirmationRecords ?? 0,
    webhookEvents: opts.webhookUrl && found.rows.length > 0 ? 1 : 0,
    scrubbed: complete,
  };
}

/** Everything held about one person, by e-mail address (right to erasure). */
export async function eraseByEmail(storage: Storage, email: string, opts: ErasureOptions): Promise<ErasureReport> {
  const address = email.trim().toLowerCase();
  const { ids, confirmationRecords } = await storage.transaction(async (trx) => {
    const rows = await trx
      .selectFrom("submissions")
      .select("id")
      .where((eb) => eb(eb.fn("lower", ["email"]), "=", address))
      .execute();
    const key = await confirmationKey(storage, trx);
    const records = await trx
      .deleteFrom("confirmations_sent")
      .where("address_key", "=", addressKey(key, address))
      .executeTakeFirst();
    return { ids: rows.map((r) => r.id), confirmationRecords: Number(records.numDeletedRows) };
  });
  return eraseSubmissions(storage, ids, opts, { confirmationRecords });
}

/** One line for the operator: what was removed, by kind. */
export function describeErasure(r: ErasureReport): string {
  const parts = [
    `${r.submissions} submission(s)`,
    `${r.resumes} resume(s)`,
    `${r.messages} message(s)`,
    `${r.mailFiles} mail file(s)`,
    `${r.confirmationRecords} confirmation record(s)`,
  ];
  const hook = r.webhookEvents ? "; erasure event queued for the webhook receiver" : "";
  const scrub = r.scrubbed
    ? ""
    : "; WARNING: the database's write-ahead log is still in use by another reader, run the command again to clear old copies";
  return `${parts.join(", ")}${hook}${scrub}`;
}
