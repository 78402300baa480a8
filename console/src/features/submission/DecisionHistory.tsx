import type { DecisionMailAnswer } from "@contracts/console-answers";
import { isWithdrawnNote } from "@contracts/careers/decision-delivery";
import { formatTime } from "../../api";
import { MailPreview } from "../../ui/MailPreview";

/** Where a message a person sent (a decision e-mail, a reply) stands, from its outbox row. */
export function delivery(m: Pick<DecisionMailAnswer, "status" | "sentAt" | "attempts" | "lastError">): string {
  if (m.status === "sent") return `delivered to the mail server ${m.sentAt ? formatTime(m.sentAt) : ""}`.trim();
  // Withdrawn: the decision changed before delivery. Sending it now would contradict the decision.
  if (m.status === "failed" && isWithdrawnNote(m.lastError)) return `${m.lastError} It was not sent and will not be.`;
  if (m.status === "failed")
    return `failed after ${m.attempts} attempt(s)${m.lastError ? ` (${m.lastError})` : ""}; an administrator can retry it from the Outbox`;
  return m.attempts > 0
    ? `queued, ${m.attempts} attempt(s) so far${m.lastError ? ` (last error: ${m.lastError})` : ""}; retried automatically`
    : "queued";
}

/** The application's history of decision e-mails: when, which template, by whom, its delivery, and the words sent. */
export function DecisionHistory({ mails }: { mails: readonly DecisionMailAnswer[] }) {
  if (mails.length === 0) return null;
  return (
    <>
      <h3 id="h-decision-history">Decision e-mails sent</h3>
      <ul className="messages decision-history" aria-labelledby="h-decision-history">
        {mails.map((m) => (
          <li key={m.id}>
            <strong>“{m.template}” e-mail</strong> to {m.recipient}, sent by {m.queuedBy} on {formatTime(m.queuedAt)}:{" "}
            {delivery(m)}
            <details>
              <summary>What was sent</summary>
              <MailPreview subject={m.subject} text={m.text} />
            </details>
          </li>
        ))}
      </ul>
    </>
  );
}
