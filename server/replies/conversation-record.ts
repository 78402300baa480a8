/**
 * A submission's conversation as its record holds it, for the console's export and the CLI's
 * `show` (issue 44): the replies the team sent and the answers that came back by e-mail, one list
 * in the order they were written. Read for a page of submissions at once, so the export asks once
 * per page, not once per row.
 */
import type { Kysely } from "kysely";
import type { Database } from "../db/schema";

export interface ConversationMessage {
  /** "reply": the team wrote it; "answer": it came back by e-mail. */
  direction: "reply" | "answer";
  /** When it was written: the reply's Send, the answer's Date header (else its arrival). */
  at: string;
  /** The staff member's name for a reply, the sender's address for an answer. */
  from: string;
  subject: string;
  body: string;
}

/** Each submission's conversation, oldest first; a submission without one is absent from the map. */
export async function conversationsOf(
  db: Pick<Kysely<Database>, "selectFrom">,
  submissionIds: readonly number[],
): Promise<Map<number, ConversationMessage[]>> {
  const byId = new Map<number, ConversationMessage[]>();
  if (submissionIds.length === 0) return byId;
  const replies = await db
    .selectFrom("submission_replies")
    .select(["submission_id", "created_at", "staff_name", "subject", "body"])
    .where("submission_id", "in", [...submissionIds])
    .orderBy("id")
    .execute();
  const answers = await db
    .selectFrom("inbound_messages")
    .select(["submission_id", "sent_at", "received_at", "sender", "subject", "body"])
    .where("submission_id", "in", [...submissionIds])
    .orderBy("id")
    .execute();
  const messages = [
    ...replies.map((r) => ({
      id: r.submission_id,
      message: { direction: "reply", at: r.created_at, from: r.staff_name, subject: r.subject, body: r.body } as const,
    })),
    ...answers.map((a) => ({
      id: a.submission_id,
      message: {
        direction: "answer",
        at: a.sent_at ?? a.received_at,
        from: a.sender,
        subject: a.subject,
        body: a.body,
      } as const,
    })),
  ];
  // ISO-8601 in UTC compares as text; the sort is stable, so equal times keep replies first.
  messages.sort((a, b) => (a.message.at < b.message.at ? -1 : a.message.at > b.message.at ? 1 : 0));
  for (const { id, message } of messages) byId.set(id, [...(byId.get(id) ?? []), message]);
  return byId;
}

/** One message as a CSV cell's paragraph: "<time> reply from Noor Seller: <subject>", then its text. */
export function conversationParagraph(m: ConversationMessage): string {
  return `${m.at} ${m.direction} from ${m.from}: ${m.subject}\n${m.body}`;
}
