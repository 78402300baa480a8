import type { NeighboursAnswer } from "@contracts/pipeline-answers";
import { Link } from "react-router";
import { useLocationState, withHidden } from "../../hidden-state";
import { filterQuery } from "../inbox/inbox-filters";

/**
 * Previous and Next on a submission's page: the submissions before and after it in the view it was
 * opened from (its address says which: the inbox's filters, or `hiring=<role id>`; the search words
 * come from the history entry, never the address). The server finds them with the view's own query
 * (submission-loader.ts); without them (a failed ask) the links are left out.
 */
export function ViewNeighbours({ near, noun }: { near: NeighboursAnswer | null; noun: "application" | "submission" }) {
  const { search, hidden } = useLocationState();
  if (!near || (near.previous === null && near.next === null)) return null;
  return (
    <nav className="neighbours" aria-label={`${noun === "application" ? "Applications" : "Submissions"} in this view`}>
      {near.previous !== null && (
        <Link to={`/submissions/${near.previous}${search}`} state={withHidden(hidden)} rel="prev">
          <span aria-hidden="true">← </span>Previous {noun}
        </Link>
      )}
      {near.next !== null && (
        <Link to={`/submissions/${near.next}${search}`} state={withHidden(hidden)} rel="next">
          Next {noun}
          <span aria-hidden="true"> →</span>
        </Link>
      )}
    </nav>
  );
}

/**
 * The way back to the list a submission was opened from: the inbox with its filters (and, from the
 * history entry, its search), or the role's view; the plain inbox otherwise.
 */
export function BackToView() {
  const { search, hidden } = useLocationState();
  const hiring = Number(new URLSearchParams(search).get("hiring"));
  const href = hiring > 0 ? `/hiring/${hiring}` : `/${filterQuery(Object.fromEntries(new URLSearchParams(search)))}`;
  return (
    <p>
      <Link to={href} state={withHidden(hidden)}>
        {hiring > 0 ? "Back to the role" : "Inbox"}
      </Link>
    </p>
  );
}
