import { CardTable } from "../../ui/CardTable";
import { quarantineAnswer } from "@contracts/console-answers";
import { useEffect, useState } from "react";
import type { QuarantineAnswer } from "@contracts/console-answers";
import { api, formatTime, kindNames, errorText } from "../../api";
import { Link } from "react-router";
import { useTitle } from "../../ui/useTitle";

export const verdictNames = { spam: "Spam", review: "Held for review" } as const;

type Show = "" | "spam" | "review";

export function QuarantinePage() {
  useTitle("Quarantine");
  const [show, setShow] = useState<Show>("");
  const [rows, setRows] = useState<QuarantineAnswer | null>(null);
  const [error, setError] = useState("");
  useEffect(() => {
    api(show ? `quarantine?verdict=${show}` : "quarantine", quarantineAnswer).then(setRows, (e) =>
      setError(errorText(e)),
    );
  }, [show]);

  return (
    <>
      <h1 tabIndex={-1}>Quarantine</h1>
      <p>
        Submissions caught as spam, and those held for review because they were sent without JavaScript, oldest first.
        They have sent nothing. Release one to send what it would have sent on arrival, or delete it with every copy.
        Both are recorded in the audit log.
      </p>
      <div className="filters">
        <div className="field">
          <label htmlFor="q-show">Show</label>
          <select id="q-show" value={show} onChange={(e) => setShow(e.target.value as Show)}>
            <option value="">Everything quarantined</option>
            <option value="spam">Spam only</option>
            <option value="review">Held for review only</option>
          </select>
        </div>
      </div>
      <div aria-live="polite">
        {error && <p className="error">{error}</p>}
        {rows && <p className="hint">{rows.length === 1 ? "1 submission" : `${rows.length} submissions`}</p>}
      </div>
      {rows && rows.length === 0 && <p>Nothing is in quarantine.</p>}
      {rows && rows.length > 0 && (
        <CardTable
          caption={"Quarantined submissions, oldest first"}
          columns={["Name", "Kind", "Received", "Held as", "Reasons"]}
        >
          {rows.map((r) => (
            <tr key={r.id}>
              <th scope="row">
                <Link to={`/quarantine/${r.id}`}>{r.name}</Link>
              </th>
              <td data-label="Kind">{kindNames[r.kind]}</td>
              <td data-label="Received">{formatTime(r.createdAt)}</td>
              <td data-label="Held as">{verdictNames[r.verdict]}</td>
              <td data-label="Reasons">{r.reasons.map((reason) => reason.text).join("; ") || "–"}</td>
            </tr>
          ))}
        </CardTable>
      )}
    </>
  );
}
