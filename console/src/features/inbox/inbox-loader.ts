import { assignableKinds, inboxAnswer, inboxViewsAnswer, positionsAnswer } from "@contracts/console-answers";
import { pipelineAnswer } from "@contracts/pipeline-answers";
import { can, kindsOf } from "@contracts/staff/permissions";
import { api, type Staff } from "../../api";
import type { HiddenState } from "../../hidden-state";
import { filtersOf, loadFiltered, type FilterSpec } from "../../ui/useFilters";
import { filterBody, filtersInAddress, type Filters } from "./inbox-filters";

/** The inbox's filters for this person: one who reads a single kind has it chosen from the start. */
export function inboxSpec(staff: Staff): FilterSpec<Filters> {
  const kinds = kindsOf(staff);
  return {
    empty: {
      kind: kinds.length === 1 ? kinds[0]! : "",
      status: "",
      from: "",
      to: "",
      q: "",
      role: "",
      position: "",
      domain: "",
      view: "",
    },
    inAddress: filtersInAddress,
    idPrefix: "f",
  };
}

/** Whether this person owns enquiries and feedback, and so has the views Mine and Unassigned (issue 27). */
export function ownsItems(staff: Staff): boolean {
  return (
    can(staff, "submissions:assign") && kindsOf(staff).some((k) => (assignableKinds as readonly string[]).includes(k))
  );
}

/**
 * The inbox's route loader: the page of submissions its filters ask for and, beside it, what the
 * page offers around them: the views' counts for owners, and the roles and positions to filter
 * applications by (every position, retired ones too, from the server's table: decision 040). Those
 * three are helpers: without them the list still shows, its filters offering "any" and the value
 * the address asks for.
 */
export async function inboxLoader(_id: number, search: URLSearchParams, entry: { hidden: HiddenState; staff: Staff }) {
  const hiring = kindsOf(entry.staff).includes("application");
  const [list, counts, roles, positions] = await Promise.all([
    loadFiltered("inbox", inboxAnswer, filtersOf(inboxSpec(entry.staff), search, entry.hidden), filterBody),
    ownsItems(entry.staff) ? api("inbox/views", inboxViewsAnswer).catch(() => null) : null,
    hiring
      ? api("hiring", pipelineAnswer).then(
          (a) => a.roles.map(roleChoice),
          () => [],
        )
      : [],
    hiring
      ? api("positions", positionsAnswer).then(
          (a) => a.positions.map((p) => p.name),
          () => [],
        )
      : [],
  ]);
  return { list, counts, roles, positions };
}

/** A role as the Role filter offers it, named with its offices and, unless published, its state. */
function roleChoice(r: { slug: string; title: string; offices: string[]; state: string }): [string, string] {
  const offices = r.offices.length ? `, ${r.offices.join(", ")}` : "";
  return [r.slug, `${r.title}${offices}${r.state === "published" ? "" : ` (${r.state})`}`];
}
