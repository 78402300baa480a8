/**
 * The inbox's views (issue 27): "mine", the items the asking person owns; "unassigned", the
 * enquiries and feedback nobody owns, or whose owner's access was revoked (their items must not
 * sit in a queue nobody reads); "all", no narrowing. The inbox, its counts and Previous/Next all
 * apply the view through this one function.
 */
import type { SelectQueryBuilder } from "kysely";
import { assignableKinds, type InboxView } from "../../contracts/console-answers";
import type { Database } from "../db/schema";

export interface ViewFilter {
  view?: InboxView;
  /** The staff id of the person asking: whose "mine". */
  viewer?: number;
}

export function inView<O>(
  query: SelectQueryBuilder<Database, "submissions", O>,
  { view, viewer }: ViewFilter,
): SelectQueryBuilder<Database, "submissions", O> {
  if (view === "mine") {
    // Without a person there is nobody's "mine": no rows rather than everyone's.
    return viewer === undefined ? query.where("id", "<", 0) : query.where("assigned_to", "=", viewer);
  }
  if (view === "unassigned") {
    return query
      .where("kind", "in", [...assignableKinds])
      .where((eb) =>
        eb.or([
          eb("assigned_to", "is", null),
          eb("assigned_to", "in", eb.selectFrom("staff").select("id").where("revoked_at", "is not", null)),
        ]),
      );
  }
  return query;
}
