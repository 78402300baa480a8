/**
 * A reply from the console as it leaves (issues 27 and 44, docs/decisions/037 and 058): from the
 * person who wrote it ("Sasha Replies at Altiva Cloud", at MAIL_FROM's address, which SPF and DKIM
 * cover), with the thread's own address as Reply-To (reply+<token>@…, INBOUND_EMAIL) so the answer
 * comes back into the console, else the team inbox. It threads on what the submitter holds (their
 * last answer, else their confirmation: In-Reply-To and References) and quotes it below the words.
 * The words are the ones recorded at Send (replies/replies.ts); the HTML part is made from them
 * with every character escaped. No Cc or Bcc: the one recipient is the submitter.
 */
import type { Kysely } from "kysely";
import { oneLineText } from "../../contracts/careers/decision-text";
import type { Config } from "../config";
import type { Database } from "../db/schema";
import { replyAddress } from "../replies/conversation";
import { replyForDelivery } from "../replies/replies";
import type { MailTransport, OutgoingMail } from "./transport";
import { decisionHtml } from "./decision-mail";
import { escapeHtml, headerSafe } from "./templates";

/** A Message-ID as it may stand in a header: `<local@domain>`, nothing else. */
const messageIdPattern = /^<[^<>\s@]+@[^<>\s@]+>$/;

/** MAIL_FROM's display name and address ("Altiva Cloud <no-reply@altivacloud.com>"). */
export function sender(mailFrom: string): { company: string; address: string } {
  const named = /^\s*"?([^"<]*?)"?\s*<([^<>\s]+)>\s*$/.exec(mailFrom);
  if (!named) return { company: "Altiva Cloud", address: mailFrom.trim() };
  return { company: named[1] || "Altiva Cloud", address: named[2]! };
}

export interface ReplyWords {
  subject: string;
  body: string;
  quote: string | null;
  in_reply_to: string | null;
  thread_references: string | null;
  staff_name: string;
  token: string | null;
}

export function replyMail(
  words: ReplyWords,
  addresses: { from: string; teamInbox: string; inbound?: string; to: string; messageId: string },
): OutgoingMail {
  const thread = words.in_reply_to && messageIdPattern.test(words.in_reply_to) ? words.in_reply_to : undefined;
  const references = (words.thread_references ?? "").split(" ").filter((id) => messageIdPattern.test(id));
  const { company, address } = sender(addresses.from);
  // The person's name as one short line; nodemailer quotes or encodes it, so it cannot add a header.
  const name = `${oneLineText(words.staff_name.replace(/<[^>]*>/g, "")).slice(0, 80)} at ${company}`;
  const text = words.quote ? `${words.body}\n\n${words.quote}\n` : words.body;
  const quoteHtml = words.quote
    ? `<blockquote style="margin:0 0 0 .8ex;border-left:1px solid #ccc;padding-left:1ex">${escapeHtml(words.quote).replace(/\n/g, "<br>")}</blockquote>`
    : "";
  return {
    from: { name, address },
    to: addresses.to,
    // Written as one line at Send; checked again here, as every header is.
    subject: headerSafe(words.subject, 400),
    text,
    html: decisionHtml(words.body) + quoteHtml,
    replyTo: addresses.inbound && words.token ? replyAddress(addresses.inbound, words.token) : addresses.teamInbox,
    messageId: addresses.messageId,
    ...(thread ? { inReplyTo: thread } : {}),
    ...(references.length > 0 ? { references: references.join(" ") } : thread ? { references: thread } : {}),
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
      inbound: config.inbound.email,
      to: row.recipient,
      messageId: row.message_id,
    }),
  );
}
