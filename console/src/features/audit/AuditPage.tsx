import { auditActions } from "@contracts/console-answers";
import { download, formatTime } from "../../api";
import { DownloadButtons } from "../../ui/DownloadButtons";
import { Link } from "react-router";
import { auditPageAnswer } from "@contracts/console-answers";
import { useFilters } from "../../ui/useFilters";
import { useTitle } from "../../ui/useTitle";
import { Pager } from "../../ui/Pager";

type Filters = {
  person: string;
  action: string;
  from: string;
  to: string;
  reference: string;
};

const empty: Filters = { person: "", action: "", from: "", to: "", reference: "" };

export function AuditPage() {
  useTitle("Audit log");
  const {
    draft,
    filters,
    page,
    setPage,
    answer: data,
    error,
    field,
    apply,
    clear,
  } = useFilters("audit", auditPageAnswer, empty);

  return (
    <>
      <h1 tabIndex={-1}>Audit log</h1>
      <p>
        Every sign-in, refused sign-in, view of a submission, resume download, export, status change, note, erasure,
        invitation, release or deletion from quarantine, and every command-line action on personal data, newest first.
        Nobody can change or delete an entry here; entries are kept 24 months, and an entry changed in the database is
        found by <code>npm run admin -- audit verify</code>.
      </p>
      <form className="filters" aria-label="Filter the audit log" onSubmit={apply}>
        <div className="field">
          <label htmlFor="a-reference">Reference</label>
          <input
            id="a-reference"
            type="search"
            value={draft.reference}
            onChange={field("reference")}
            aria-describedby="a-reference-hint"
          />
          <p id="a-reference-hint" className="hint">
            Application number, submission or message
          </p>
        </div>
        <div className="field">
          <label htmlFor="a-person">Person</label>
          <select id="a-person" value={draft.person} onChange={field("person")}>
            <option value="">Anyone</option>
            {data?.people.map((p) => (
              <option key={p} value={p}>
                {p.startsWith("cli:") ? `Command line (${p.slice(4)})` : p}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="a-action">Action</label>
          <select id="a-action" value={draft.action} onChange={field("action")}>
            <option value="">Any action</option>
            {auditActions.map((a) => (
              <option key={a} value={a}>
                {a}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="a-from">From</label>
          <input id="a-from" type="date" value={draft.from} onChange={field("from")} />
        </div>
        <div className="field">
          <label htmlFor="a-to">Until</label>
          <input id="a-to" type="date" value={draft.to} onChange={field("to")} />
        </div>
        <div className="actions">
          <button type="submit" className="primary">
            Apply filters
          </button>
          <button type="button" onClick={clear}>
            Clear
          </button>
        </div>
      </form>
      <DownloadButtons
        className="export"
        actions={[
          {
            label: "Export CSV",
            run: async () => {
              await download("audit/export", filters);
            },
          },
        ]}
      />
      <div aria-live="polite">
        {error && (
          <p className="error" role="alert">
            {error}
          </p>
        )}
      </div>
      {data &&
        (data.entries.length === 0 ? (
          <p>No entries match these filters.</p>
        ) : (
          <>
            <table className="cards">
              <caption className="visually-hidden">Audit log, page {page}</caption>
              <thead>
                <tr>
                  <th scope="col">When</th>
                  <th scope="col">Who</th>
                  <th scope="col">What</th>
                  <th scope="col">Submission or person</th>
                  <th scope="col">Detail</th>
                </tr>
              </thead>
              <tbody>
                {data.entries.map((e) => (
                  <tr key={e.id}>
                    <th scope="row">{formatTime(e.at)}</th>
                    <td data-label="Who">
                      {e.staff_name?.startsWith("cli:")
                        ? `Command line (${e.staff_name.slice(4)})`
                        : (e.staff_name ?? "Command line")}
                    </td>
                    <td data-label="What">{e.action}</td>
                    <td data-label="Submission or person">
                      {e.submission_id && e.action !== "erasure" && e.action !== "delete" ? (
                        <Link to={`/submissions/${e.submission_id}`}>{e.subject}</Link>
                      ) : (
                        (e.subject ?? "–")
                      )}
                    </td>
                    <td data-label="Detail">{e.detail ?? "–"}</td>
                  </tr>
                ))}
              </tbody>
            </table>
            <Pager page={page} hasMore={data.hasMore} onPage={setPage} />
          </>
        ))}
    </>
  );
}
