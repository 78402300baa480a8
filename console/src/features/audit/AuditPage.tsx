import { CardTable } from "../../ui/CardTable";
import { auditActions, auditPageAnswer } from "@contracts/console-answers";
import { download, formatTime } from "../../api";
import { DownloadButtons } from "../../ui/DownloadButtons";
import { Link, useLoaderData } from "react-router";
import { ChoiceFilter, DateFilter, FilterActions, SearchFilter, same } from "../../ui/filter-fields";
import { filtersOf, loadFiltered, useFilters, type FilterSpec } from "../../ui/useFilters";
import type { HiddenState } from "../../hidden-state";
import { useTitle } from "../../ui/useTitle";
import { Pager } from "../../ui/Pager";

type Filters = {
  person: string;
  action: string;
  from: string;
  to: string;
  reference: string;
};

/**
 * The action, the dates and the page are in the address (`?action=erasure&from=2027-03-01`): a link
 * can open the log filtered, Back returns to it. A person and a reference name someone, so they ride
 * in the history entry's hidden state.
 */
const spec: FilterSpec<Filters> = {
  empty: { person: "", action: "", from: "", to: "", reference: "" },
  inAddress: ["action", "from", "to"],
  idPrefix: "a",
};

export const auditLoader = (_id: number, search: URLSearchParams, { hidden }: { hidden: HiddenState }) =>
  loadFiltered("audit", auditPageAnswer, filtersOf(spec, search, hidden));

export function AuditPage() {
  useTitle("Audit log");
  const data = useLoaderData<typeof auditLoader>();
  const { filters, page, setPage, bind, apply, clear } = useFilters(spec);

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
        <SearchFilter {...bind("reference")} label="Reference" hint="Application number, submission or message" />
        <ChoiceFilter
          {...bind("person")}
          label="Person"
          any="Anyone"
          options={data.people.map((p) => [p, p.startsWith("cli:") ? `Command line (${p.slice(4)})` : p])}
        />
        <ChoiceFilter {...bind("action")} label="Action" any="Any action" options={same(auditActions)} />
        <DateFilter {...bind("from")} label="From" />
        <DateFilter {...bind("to")} label="Until" />
        <FilterActions onClear={clear} />
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
      {data.entries.length === 0 ? (
        <p>No entries match these filters.</p>
      ) : (
        <>
          <CardTable
            caption={`Audit log, page ${page}`}
            columns={["When", "Who", "What", "Submission or person", "Detail"]}
          >
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
          </CardTable>
          <Pager page={page} hasMore={data.hasMore} onPage={setPage} />
        </>
      )}
    </>
  );
}
