import { CardTable } from "../../ui/CardTable";
import { withoutRole } from "@contracts/pipeline-answers";
import { statusesFor } from "@contracts/staff-console";
import { can, kindsOf } from "@contracts/staff/permissions";
import { formatTime, kindNames, type Staff } from "../../api";
import { Link, useLoaderData } from "react-router";
import { withHidden } from "../../hidden-state";
import { ChoiceFilter, DateFilter, FilterActions, SearchFilter, same } from "../../ui/filter-fields";
import { useFilters } from "../../ui/useFilters";
import { useTitle } from "../../ui/useTitle";
import { ExportButtons } from "./ExportButtons";
import { appliedFilters, filterQuery, hiddenFilters } from "./inbox-filters";
import { inboxSpec, type inboxLoader } from "./inbox-loader";
import { Pager } from "../../ui/Pager";
import { FilterFold } from "../../ui/FilterFold";
import { DomainGroups } from "./DomainGroups";
import { InboxViews, RowName } from "./InboxViews";

export function InboxPage({ staff }: { staff: Staff }) {
  useTitle("Inbox");
  const kinds = kindsOf(staff);
  const { list: result, counts, roles, positions } = useLoaderData<typeof inboxLoader>();
  const spec = inboxSpec(staff);
  const { draft, filters, page, setPage, bind, apply, clear } = useFilters(spec);

  // Only the statuses of the kinds in view: sales, who read enquiries and feedback, are not
  // offered the hiring stages.
  const statuses = statusesFor(draft.kind ? [draft.kind] : kinds);
  // Roles and positions are applications': offered to the roles that see them.
  const hiring = kinds.includes("application") && (draft.kind === "" || draft.kind === "application");
  // Each row opens with the view it was listed in: its filters in the address, the search words not.
  const viewQuery = filterQuery(filters);
  const rowState = withHidden(hiddenFilters(filters));

  return (
    <>
      <h1 tabIndex={-1}>Inbox</h1>
      <InboxViews staff={staff} counts={counts} />
      <FilterFold controls="inbox-filters" applied={appliedFilters(filters, spec.empty)} />
      <form id="inbox-filters" className="filters" aria-label="Filter submissions" onSubmit={apply}>
        <SearchFilter
          {...bind("q")}
          label="Search"
          hint="Any part of a name, e-mail address or domain, or application number, accents or not; a position or role. Two letters find a whole name (Li)."
        />
        {kinds.length > 1 && (
          <ChoiceFilter {...bind("kind")} label="Kind" any="All kinds" options={kinds.map((k) => [k, kindNames[k]])} />
        )}
        <ChoiceFilter {...bind("status")} label="Status" any="Any status" options={same(statuses)} />
        {hiring && (
          <>
            {/* A role or position asked for by the address but missing from the lists (one that failed to load) stays chosen. */}
            <ChoiceFilter
              {...bind("role")}
              label="Role"
              any="Any role"
              first={[[withoutRole, "Sent without a role"]]}
              options={roles}
              keepUnknown
            />
            <ChoiceFilter
              {...bind("position")}
              label="Position"
              any="Any position"
              options={same(positions)}
              keepUnknown
            />
          </>
        )}
        <DateFilter {...bind("from")} label="Received from" />
        <DateFilter {...bind("to")} label="Received until" />
        <FilterActions onClear={clear} />
      </form>
      {can(staff, "submissions:export") && <ExportButtons filters={filters} />}
      <DomainGroups domains={result.domains} chosen={filters.domain} kind={filters.kind} />
      {result.rows.length === 0 ? (
        <p>No submissions match these filters.</p>
      ) : (
        <CardTable
          caption={`Submissions, newest first, page ${page}`}
          columns={["Name", "Kind", "Received", "Reference", "Position or reason", "Status"]}
        >
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
        </CardTable>
      )}
      <Pager page={page} hasMore={result.hasMore} onPage={setPage} />
    </>
  );
}
