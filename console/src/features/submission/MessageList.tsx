import type { SubmissionDetailAnswer } from "@contracts/console-answers";
import { formatTime } from "../../api";

const purposeNames: Record<string, string> = {
  notify: "Notification to the team",
  confirm: "Confirmation to the sender",
  webhook: "Webhook delivery",
  decision: "Decision e-mail to the candidate",
  assign: "Assignment e-mail to a colleague",
  reply: "Reply to the sender",
};

/** The e-mails and webhook posts queued for a submission, with how each went. */
export function MessageList({ messages }: { messages: SubmissionDetailAnswer["messages"] }) {
  return (
    <>
      <h3>Messages</h3>
      {messages.length === 0 ? (
        <p>No messages were queued for this submission.</p>
      ) : (
        <ul className="messages">
          {messages.map((m) => (
            <li key={m.id}>
              <strong>{purposeNames[m.purpose] ?? m.purpose}</strong> to {m.recipient}: {m.status}
              {m.status === "sent" && m.sent_at ? ` ${formatTime(m.sent_at)}` : ""}
              {m.attempts > 0 && m.status !== "sent" ? `, ${m.attempts} attempt(s)` : ""}
              {m.last_error ? ` (last error: ${m.last_error})` : ""}
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
