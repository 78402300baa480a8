import { unmatchedMailAnswer, type UnmatchedMailAnswer } from "@contracts/console-answers";
import { useEffect, useState } from "react";
import { Link } from "react-router";
import { api, errorText, formatTime, unreadAnswer } from "../../api";

const reasons: Record<UnmatchedMailAnswer[number]["reason"], string> = {
  "no thread": "answers none of our e-mails",
  "unknown token": "addressed to a conversation that does not exist (a forged or old reply address)",
  "not the submitter": "sent from another address than the one the conversation holds (forged or a colleague's)",
  spam: "scored as spam by the site's rules",
};

/**
 * Inbound mail that attached to no conversation (decision 073): when, why, how it came and the
 * sender's domain. The message itself stays in the mailbox, marked read; Dismiss removes the line.
 */
export function UnmatchedMail() {
  const [rows, setRows] = useState<UnmatchedMailAnswer | null>(null);
  const [note, setNote] = useState("");
  const load = () => api("unmatched-mail", unmatchedMailAnswer).then(setRows, (e: unknown) => setNote(errorText(e)));
  useEffect(() => void load(), []);

  const dismiss = async (id: number) => {
    try {
      await api(`unmatched-mail/${id}/dismiss`, unreadAnswer, {});
      setNote(`The line of mail ${id} is dismissed.`);
      await load();
    } catch (e) {
      setNote(errorText(e));
    }
  };

  return (
    <section aria-labelledby="h-unmatched">
      <h2 id="h-unmatched">Mail that matched no conversation</h2>
      <p className="hint">
        Answers by e-mail that were not attached to any enquiry or feedback. Only when, why and the sender’s domain are
        kept here, for 30 days; the message itself stays in the mailbox, marked read.
      </p>
      <div role="status">{note && <p className="hint">{note}</p>}</div>
      {rows && rows.length === 0 && <p>None.</p>}
      {rows && rows.length > 0 && (
        <ul className="unmatched-mail">
          {rows.map((r) => (
            <li key={r.id}>
              <p>
                {formatTime(r.received_at)}, by {r.via === "imap" ? "the mailbox" : "the provider’s webhook"}, from{" "}
                {r.sender_domain ?? "no sender"}: {reasons[r.reason]}
                {r.submission_id !== null && (
                  <>
                    {" "}
                    (it named <Link to={`/submissions/${r.submission_id}`}>submission {r.submission_id}</Link>)
                  </>
                )}
                .
              </p>
              <button type="button" onClick={() => void dismiss(r.id)} aria-label={`Dismiss mail ${r.id}`}>
                Dismiss
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
