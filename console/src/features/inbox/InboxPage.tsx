import { pipelineAnswer } from "@contracts/pipeline-answers";
import { allStatuses, statusesOf } from "@contracts/staff-console";
import { can, kindsOf } from "@contracts/staff/permissions";
import { formatTime, kindNames, type Staff } from "../../api";
import { usePositionChoices } from "./usePositionChoices";
import { withoutRole } from "@contracts/pipeline-answers";
import { useEffect, useState } from "react";
import { api } from "../../api";
import { Link } from "react-router";
import { withHidden } from "../../hidden-state";
import { inboxAnswer } from "@contracts/console-answers";
import { useFilters } from "../../ui/useFilters";
import { useTitle } from "../../ui/useTitle";
import { ExportButtons } from "./ExportButtons";
import {
  appliedFilters,
  filterBody,
  filterQuery,
  filtersInAddress,
  hiddenFilters,
  type Filters,
} from "./inbox-filters";
import { Pager } from "../../ui/Pager";
import { FilterFold } from "../../ui/FilterFold";
import { DomainGroups } from "./DomainGroups";
import { InboxViews, RowName } from "./InboxViews";

export function InboxPage({ staff }: { staff: Staff }) {
  useTitle("Inbox");
  const kinds = kindsOf(staff);
  const empty: Filters = {
    kind: kinds.length === 1 ? kinds[0]! : "",
    status: "",
    from: "",
    to: "",
    q: "",
    role: "",
    position: "",
    domain: "",
    view: "",
  };
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
  } = useFilters("inbox", inboxAnswer, empty, filterBody, filtersInAddress);

  const statuses = draft.kind ? statusesOf[draft.kind] : allStatuses;
  // Roles and positions are applications': offered to the roles that see them.
  const hiring = kinds.includes("application") && (draft.kind === "" || draft.kind === "application");
  const roles = useRoleChoices(kinds.includes("application"));
  const positions = usePositionChoices(kinds.includes("application"));
  // Each row opens with the view it was listed in: its filters in the address, the search words not.
  const viewQuery = filterQuery(filters);
  const rowState = withHidden(hiddenFilters(filters));

  return (
    <>
      <h1 tabIndex={-1}>Inbox</h1>
      <InboxViews staff={staff} />
      <FilterFold controls="inbox-filters" applied={appliedFilters(filters, empty)} />
      <form id="inbox-filters" className="filters" aria-label="Filter submissions" onSubmit={apply}>
        <div className="field">
          <label htmlFor="f-q">Search</label>
          <input id="f-q" type="search" value={draft.q} onChange={field("q")} aria-describedby="f-q-hint" />
          <p id="f-q-hint" className="hint">
            Any part of a name, e-mail address or domain, or application number, accents or not; a position or role. Two
            letters find a whole name (Li).
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
        {hiring && (
          <>
            <div className="field">
              <label htmlFor="f-role">Role</label>
              <select id="f-role" value={draft.role} onChange={field("role")}>
                <option value="">Any role</option>
                <option value={withoutRole}>Sent without a role</option>
                {/* A role asked for by the address before the list has come is still shown as chosen. */}
                {draft.role && draft.role !== withoutRole && !roles.some((r) => r.slug === draft.role) && (
                  <option value={draft.role}>{draft.role}</option>
                )}
                {roles.map((r) => (
                  <option key={r.slug} value={r.slug}>
                    {r.label}
                  </option>
                ))}
              </select>
            </div>
            <div className="field">
              <label htmlFor="f-position">Position</label>
              <select id="f-position" value={draft.position} onChange={field("position")}>
                <option value="">Any position</option>
                {draft.position && !positions.includes(draft.position) && (
                  <option value={draft.position}>{draft.position}</option>
                )}
                {positions.map((p) => (
                  <option key={p} value={p}>
                    {p}
                  </option>
                ))}
              </select>
            </div>
          </>
        )}
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
      {can(staff, "submissions:export") && <ExportButtons filters={filters} />}
      <div aria-live="polite">{error && <p className="error">{error}</p>}</div>
      {result && (
        <>
          <DomainGroups domains={result.domains} chosen={filters.domain} kind={filters.kind} />
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
                      <Link to={`/submissions/${r.id}${viewQuery}`} state={rowState}>
                        <RowName row={r} />
                      </Link>
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

/** The roles the Role filter offers, each named with its offices and, unless published, its state. */
function useRoleChoices(wanted: boolean): { slug: string; label: string }[] {
  const [roles, setRoles] = useState<{ slug: string; label: string }[]>([]);
  useEffect(() => {
    if (!wanted) return;
    api("hiring", pipelineAnswer).then(
      (answer) =>
        setRoles(
          answer.roles.map((r) => ({
            slug: r.slug,
            label: `${r.title}${r.offices.length ? `, ${r.offices.join(", ")}` : ""}${r.state === "published" ? "" : ` (${r.state})`}`,
          })),
        ),
      // Without the list the filter still offers "any" and "without a role"; the inbox says why it failed.
      () => setRoles([]),
    );
  }, [wanted]);
  return roles;
}
