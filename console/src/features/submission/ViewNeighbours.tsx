import { neighboursAnswer } from "@contracts/pipeline-answers";
import type { NeighboursAnswer } from "@contracts/pipeline-answers";
import { useEffect, useState } from "react";
import { api } from "../../api";
import { Link } from "react-router";
import { useLocationState, withHidden } from "../../hidden-state";
import { filterQuery, filtersInAddress } from "../inbox/inbox-filters";

/**
 * Previous and Next on a submission's page: the submissions before and after it in the view it was
 * opened from (its address says which: the inbox's filters, or `hiring=<role id>`; the search words
 * come from the history entry, never the address). The server finds them with the view's own query.
 * Opened from anywhere else (a notification's link), the view is the whole inbox.
 */
export function ViewNeighbours({ id, noun }: { id: number; noun: "application" | "submission" }) {
  const { search, hidden } = useLocationState();
  const [near, setNear] = useState<NeighboursAnswer | null>(null);
  useEffect(() => {
    const params = new URLSearchParams(search);
    const hiring = Number(params.get("hiring"));
    const view: Record<string, unknown> = {};
    if (hiring > 0) view.hiring = hiring;
    else {
      for (const key of filtersInAddress) {
        const value = params.get(key);
        if (value) view[key] = value;
      }
      if (hidden.q) view.q = hidden.q;
      if (hidden.domain) view.domain = hidden.domain;
    }
    setNear(null);
    // Without neighbours the page is whole; a failure leaves the links out.
    api(`submissions/${id}/neighbours`, neighboursAnswer, view).then(setNear, () => setNear(null));
  }, [id, search, hidden]);

  // While asked, the links' room is kept, so the page does not move when they come.
  if (!near) return <div className="neighbours" />;
  if (near.previous === null && near.next === null) return null;
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
