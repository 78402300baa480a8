import { CardTable } from "../../ui/CardTable";
import { quarantineAnswer } from "@contracts/console-answers";
import { api, formatTime, kindNames } from "../../api";
import { Link, useLoaderData, useSearchParams } from "react-router";
import { useTitle } from "../../ui/useTitle";

export const verdictNames = { spam: "Spam", review: "Held for review" } as const;

/** The verdict shown, from the address (`?verdict=spam`); anything else shows everything. */
function shownVerdict(search: URLSearchParams): keyof typeof verdictNames | "" {
  const verdict = search.get("verdict");
  return verdict === "spam" || verdict === "review" ? verdict : "";
}

export const quarantineLoader = (_id: number, search: URLSearchParams) => {
  const show = shownVerdict(search);
  return api(show ? `quarantine?verdict=${show}` : "quarantine", quarantineAnswer);
};

export function QuarantinePage() {
  useTitle("Quarantine");
  const rows = useLoaderData<typeof quarantineLoader>();
  const [search, setSearch] = useSearchParams();

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
          {/* Left to the browser: it keeps the choice shown while the list for it loads. */}
          <select
            id="q-show"
            defaultValue={shownVerdict(search)}
            // The filter replaces the history entry: a filter is no page to go Back to.
            onChange={(e) => setSearch(e.target.value ? { verdict: e.target.value } : {}, { replace: true })}
          >
            <option value="">Everything quarantined</option>
            <option value="spam">Spam only</option>
            <option value="review">Held for review only</option>
          </select>
        </div>
      </div>
      <div aria-live="polite">
        <p className="hint">{rows.length === 1 ? "1 submission" : `${rows.length} submissions`}</p>
      </div>
      {rows.length === 0 && <p>Nothing is in quarantine.</p>}
      {rows.length > 0 && (
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
