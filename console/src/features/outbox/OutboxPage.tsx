import { CardTable } from "../../ui/CardTable";
import { unreadAnswer, api, formatTime, errorText } from "../../api";
import { outboxMessageAnswer } from "@contracts/console-answers";
import { z } from "zod";
import { useState } from "react";
import { Link, useLoaderData, useRevalidator } from "react-router";
import { useTitle } from "../../ui/useTitle";
import { UnmatchedMail } from "./UnmatchedMail";
import { isWithdrawnNote } from "@contracts/careers/decision-delivery";

export const outboxLoader = () => api("outbox", z.array(outboxMessageAnswer));

export function OutboxPage() {
  useTitle("Outbox");
  const messages = useLoaderData<typeof outboxLoader>();
  const revalidator = useRevalidator();
  const [message, setMessage] = useState("");
  // After a retry: the list as the server has it now (the router runs the loader again).
  const load = () => revalidator.revalidate();

  const retry = async (id: number) => {
    try {
      await api(`outbox/${id}/retry`, unreadAnswer, {});
      setMessage(`Message ${id} queued again.`);
      await load();
    } catch (e) {
      setMessage(errorText(e));
    }
  };

  return (
    <>
      <h1 tabIndex={-1}>Outbox</h1>
      <p>
        Messages not sent yet: pending ones are being tried with growing pauses; failed ones gave up and wait for you.
      </p>
      <div aria-live="polite">{message && <p className="hint">{message}</p>}</div>
      {messages && messages.length === 0 && <p>Every message has been sent.</p>}
      {messages && messages.length > 0 && (
        <CardTable
          caption={"Messages not yet sent"}
          columns={["Message", "To", "Status", "Attempts", "Next attempt", "Last error", "Action"]}
        >
          {messages.map((m) => (
            <tr key={m.id}>
              <th scope="row">
                <Link to={`/submissions/${m.submission_id}`}>
                  {m.purpose} #{m.id}
                </Link>
              </th>
              <td data-label="To">{m.recipient}</td>
              <td data-label="Status">{m.status}</td>
              <td data-label="Attempts">{m.attempts}</td>
              <td data-label="Next attempt">{m.status === "pending" ? formatTime(m.next_attempt_at) : "–"}</td>
              <td data-label="Last error">{m.last_error ?? "–"}</td>
              <td data-label="Action">
                {/* A withdrawn decision e-mail is not retried: it no longer fits the decision. */}
                {m.status === "failed" && !isWithdrawnNote(m.last_error) ? (
                  <button type="button" onClick={() => void retry(m.id)}>
                    Retry message {m.id}
                  </button>
                ) : (
                  "–"
                )}
              </td>
            </tr>
          ))}
        </CardTable>
      )}
      <UnmatchedMail />
    </>
  );
}
