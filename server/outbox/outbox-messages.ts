/** The outbox as the operators see it (`npm run admin -- outbox`): what is not sent yet, and a retry. */
import type { Kysely } from "kysely";
import type { Database } from "../db/schema";

/** Messages not sent yet (or only the failed ones), oldest first. */
export function unsentMessages(db: Kysely<Database>, { failedOnly }: { failedOnly: boolean }) {
  const q = db
    .selectFrom("outbox")
    .select(["id", "submission_id", "purpose", "recipient", "status", "attempts", "next_attempt_at", "last_error"])
    .orderBy("id");
  return (failedOnly ? q.where("status", "=", "failed") : q.where("status", "!=", "sent")).execute();
}

/** Queues a failed message again, now, with its attempts reset; false when no failed message has that id. */
export async function retryFailedMessage(db: Kysely<Database>, id: number, now: Date): Promise<boolean> {
  const res = await db
    .updateTable("outbox")
    .set({ status: "pending", attempts: 0, next_attempt_at: now.toISOString(), last_error: null })
    .where("id", "=", id)
    .where("status", "=", "failed")
    .executeTakeFirst();
  return Number(res.numUpdatedRows) > 0;
}

/**
 * Queues one e-mail a person sent from the console (a decision e-mail, a reply): due now, to the
 * recipient the caller read from the submission, under a Message-ID the caller made. Returns its id.
 */
export async function queuePersonalMail(
  trx: Pick<Kysely<Database>, "insertInto">,
  mail: { submissionId: number; purpose: "decision" | "reply"; recipient: string; messageId: string; at: string },
): Promise<number> {
  const { id } = await trx
    .insertInto("outbox")
    .values({
      submission_id: mail.submissionId,
      channel: "email",
      purpose: mail.purpose,
      recipient: mail.recipient,
      status: "pending",
      attempts: 0,
      next_attempt_at: mail.at,
      message_id: mail.messageId,
      created_at: mail.at,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return id;
}
