/**
 * A reply from the console as it leaves (issue 27, docs/decisions/037): from the team's sending
 * address, with the team inbox as Reply-To, threaded under the team's notification of the
 * submission (In-Reply-To and References name its Message-ID), so the sender's answer lands in
 * that thread. The words are the ones recorded at Send (storage/replies.ts); the HTML part is made
 * from them with every character escaped. No Cc or Bcc: the one recipient is the submitter.
 */
import type { Kysely } from "kysely";
import type { Config } from "../config";
import type { Database } from "../db/schema";
import { replyForDelivery } from "../replies/replies";
import type { MailTransport, OutgoingMail } from "./transport";
import { decisionHtml } from "./decision-mail";
import { headerSafe } from "./templates";

/** A Message-ID as it may stand in a header: `<local@domain>`, nothing else. */
const messageIdPattern = /^<[^<>\s@]+@[^<>\s@]+>$/;

export function replyMail(
  words: { subject: string; body: string; in_reply_to: string | null },
  addresses: { from: string; teamInbox: string; to: string; messageId: string },
): OutgoingMail {
  const thread = words.in_reply_to && messageIdPattern.test(words.in_reply_to) ? words.in_reply_to : undefined;
  return {
    from: addresses.from,
    to: addresses.to,
    // Written as one line at Send; checked again here, as every header is.
    subject: headerSafe(words.subject, 400),
    text: words.body,
    html: decisionHtml(words.body),
    replyTo: addresses.teamInbox,
    messageId: addresses.messageId,
    ...(thread ? { inReplyTo: thread, references: thread } : {}),
  };
}

/** Sends the outbox row's reply as recorded; without its record there is nothing to send. */
export async function deliverReply(
  db: Kysely<Database>,
  transport: MailTransport,
  config: Config,
  row: { id: number; message_id: string; recipient: string },
): Promise<void> {
  const words = await replyForDelivery(db, row.message_id);
  if (!words) throw new Error(`reply ${row.id} has no recorded text`);
  await transport.send(
    replyMail(words, {
      from: config.mail.from,
      teamInbox: config.mail.notifyEmail,
      to: row.recipient,
      messageId: row.message_id,
    }),
  );
}
