import type { InboxView, InboxViewsAnswer } from "@contracts/console-answers";
import type { Staff } from "../../api";
import { ownsItems } from "./inbox-loader";
import { Link } from "react-router";
import { useLocationState, withHidden } from "../../hidden-state";

const names: Record<InboxView, string> = { all: "All", mine: "Mine", unassigned: "Unassigned" };

/**
 * The inbox's views (issue 27) as links that keep the other filters and start again at page 1:
 * the view lives in the address (`?view=mine`), so Back and a shared link keep it. Mine says how
 * many of the person's items they have not opened. Only for those who own enquiries and feedback
 * (`submissions:assign`). The counts come with the inbox's loader, asked again on every move: back
 * from an item just read, Mine's count is one lower.
 */
export function InboxViews({ staff, counts }: { staff: Staff; counts: InboxViewsAnswer | null }) {
  const { search, hidden } = useLocationState();
  if (!ownsItems(staff)) return null;

  const params = new URLSearchParams(search);
  const current = (params.get("view") as InboxView | null) ?? "all";
  const hrefOf = (view: InboxView) => {
    const next = new URLSearchParams(search);
    next.delete("page");
    if (view === "all") next.delete("view");
    else next.set("view", view);
    const query = next.toString();
    return `/${query ? `?${query}` : ""}`;
  };
  const countOf = (view: InboxView) =>
    !counts || view === "all"
      ? ""
      : view === "mine"
        ? ` (${counts.mine}${counts.unread ? `, ${counts.unread} unread` : ""})`
        : ` (${counts.unassigned})`;

  return (
    <nav className="inbox-views" aria-label="Views">
      <ul>
        {(["mine", "unassigned", "all"] as const).map((view) => (
          <li key={view}>
            <Link to={hrefOf(view)} state={withHidden(hidden)} aria-current={view === current ? "page" : undefined}>
              {names[view]}
              {countOf(view)}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** A row's name in the inbox: bold, and said to be unread, until the person opens it. */
export function RowName({ row }: { row: { name: string; unread: boolean } }) {
  if (!row.unread) return <>{row.name}</>;
  return (
    <strong className="unread">
      <span className="visually-hidden">Unread: </span>
      {row.name}
    </strong>
  );
}
