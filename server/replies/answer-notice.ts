/**
 * The owner's e-mail notice of a customer's answer (issue 44, decision 073), for those who chose it
 * on their account page: queued with the answer, in its transaction, through the outbox (purpose
 * "answer"); it carries the item's kind, number and console link, never the answer's words or
 * the customer's name or address.
 */
import type { Kysely } from "kysely";
import { formDefinitions } from "../../contracts/forms/index";
import type { Database } from "../db/schema";
import type { SubmissionKind } from "../../contracts/submission-kinds";
import { newMessageId } from "../outbox/outbox-rows";

/** Queues the notice when the item has an owner with access who chose it; whether it did. */
export async function queueAnswerNotice(
  trx: Kysely<Database>,
  submissionId: number,
  ownerId: number | null,
  now: Date,
): Promise<boolean> {
  if (ownerId === null) return false;
  const owner = await trx
    .selectFrom("staff")
    .select("email")
    .where("id", "=", ownerId)
    .where("answer_notice", "=", 1)
    .where("revoked_at", "is", null)
    .executeTakeFirst();
  if (!owner) return false;
  const at = now.toISOString();
  await trx
    .insertInto("outbox")
    .values({
      submission_id: submissionId,
      channel: "email",
      purpose: "answer",
      recipient: owner.email,
      status: "pending",
      attempts: 0,
      next_attempt_at: at,
      message_id: newMessageId(),
      created_at: at,
    })
    .execute();
  return true;
}

/** The notice's words: the kind, the number and the link. */
export function answerNotice(s: { id: number; kind: SubmissionKind }, link: string) {
  const what = `${formDefinitions[s.kind].title.toLowerCase()} #${s.id}`;
  const intro = `The customer answered your ${what} by e-mail. Their answer is in the staff console, not in this e-mail.`;
  return {
    subject: `An answer to your ${what}`,
    text: `${intro}\n\nOpen it (sign in with your passkey):\n${link}\n`,
    html: `<p>${intro}</p><p>Open it (sign in with your passkey):<br><a href="${link}">${link}</a></p>`,
  };
}
