import { allStatuses, statusesOf } from "@contracts/staff-console";
import { kindsOfRole, type InboxAnswer } from "@contracts/console-answers";
import { formatTime, kindNames, type Staff } from "../api";
import { onLinkClick } from "../router";
import { useFilters } from "../useFilters";
import { useTitle } from "../useTitle";
import { ExportButtons } from "./ExportButtons";
import { filterBody, type Filters } from "./inbox-filters";
import { Pager } from "../Pager";

export function InboxPage({ staff }: { staff: Staff }) {
  useTitle("Inbox");
  const kinds = kindsOfRole[staff.role];
  const empty: Filters = { kind: kinds.length === 1 ? kinds[0]! : "", status: "", from: "", to: "", q: "" };
  const {
    draft,
    filters,
    page,
    setPage,
    answer: result,
    error,
    field,
    apply,
    clear,
  } = useFilters<Filters, InboxAnswer>("inbox", empty, filterBody);

  const statuses = draft.kind ? statusesOf[draft.kind] : allStatuses;

  return (
    <>
      <h1 tabIndex={-1}>Inbox</h1>
      <form className="filters" aria-label="Filter submissions" onSubmit={apply}>
        <div className="field">
          <label htmlFor="f-q">Search</label>
          <input id="f-q" type="search" value={draft.q} onChange={field("q")} aria-describedby="f-q-hint" />
          <p id="f-q-hint" className="hint">
            Name, e-mail address or application number
          </p>
        </div>
        {kinds.length > 1 && (
          <div className="field">
            <label htmlFor="f-kind">Kind</label>
            <select id="f-kind" value={draft.kind} onChange={field("kind")}>
              <option value="">All kinds</option>
              {kinds.map((k) => (
                <option key={k} value={k}>
                  {kindNames[k]}
                </option>
              ))}
            </select>
          </div>
        )}
        <div className="field">
          <label htmlFor="f-status">Status</label>
          <select id="f-status" value={draft.status} onChange={field("status")}>
            <option value="">Any status</option>
            {statuses.map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="f-from">Received from</label>
          <input id="f-from" type="date" value={draft.from} onChange={field("from")} />
        </div>
        <div className="field">
          <label htmlFor="f-to">Received until</label>
          <input id="f-to" type="date" value={draft.to} onChange={field("to")} />
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
      <ExportButtons filters={filters} />
      <div aria-live="polite">{error && <p className="error">{error}</p>}</div>
      {result && (
        <>
          {result.rows.length === 0 ? (
            <p>No submissions match these filters.</p>
          ) : (
            <table className="cards">
              <caption className="visually-hidden">Submissions, newest first, page {page}</caption>
              <thead>
                <tr>
                  <th scope="col">Name</th>
                  <th scope="col">Kind</th>
                  <th scope="col">Received</th>
                  <th scope="col">Reference</th>
                  <th scope="col">Position or reason</th>
                  <th scope="col">Status</th>
                </tr>
              </thead>
              <tbody>
                {result.rows.map((r) => (
                  <tr key={r.id}>
                    <th scope="row">
                      <a href={`/admin/submissions/${r.id}`} onClick={onLinkClick}>
                        {r.name}
                      </a>
                    </th>
                    <td data-label="Kind">{kindNames[r.kind]}</td>
                    <td data-label="Received">{formatTime(r.created_at)}</td>
                    <td data-label="Reference">{r.reference ?? "–"}</td>
                    <td data-label="Position or reason">{r.about ?? "–"}</td>
                    <td data-label="Status">{r.status}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
          <Pager page={page} hasMore={result.hasMore} onPage={setPage} />
        </>
      )}
    </>
  );
}
