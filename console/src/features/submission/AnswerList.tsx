import type { InboundAnswer } from "@contracts/reply-answers";
import { formatTime } from "../../api";

/**
 * The sender's answers that came back by e-mail (issue 44), in the reply box above the replies:
 * who, when, the subject and the text as text (the server converted any HTML; React escapes it).
 * Attachments were never kept; the list says how many were dropped, so nobody waits for them.
 */
export function AnswerList(props: { answers: readonly InboundAnswer[] }) {
  if (props.answers.length === 0) return null;
  return (
    <>
      <h4 id="h-answers">Their answers</h4>
      <ul className="messages answer-list" aria-labelledby="h-answers">
        {props.answers.map((a) => (
          <li key={a.id}>
            <strong>{a.subject || "(no subject)"}</strong> from {a.sender}, received {formatTime(a.receivedAt)}
            <p className="mail-text">{a.text}</p>
            {a.attachmentsRefused > 0 && (
              <p className="hint">
                {a.attachmentsRefused === 1
                  ? "It had an attachment, which was not kept: ask for it another way if you need it."
                  : `It had ${a.attachmentsRefused} attachments, which were not kept: ask for them another way if you need them.`}
              </p>
            )}
          </li>
        ))}
      </ul>
    </>
  );
}
