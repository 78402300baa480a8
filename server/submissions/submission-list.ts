/** The operators' list of submissions (`npm run admin -- list`) and its filter, which `export` shares. */
import type { Kysely } from "kysely";
import type { Database, SubmissionKind } from "../db/schema";

export interface ListFilter {
  kind?: SubmissionKind;
  since?: Date;
  spam?: boolean;
}

/** The submissions a ListFilter picks, quarantined ones too unless `spam` says which. */
export function listWhere(db: Kysely<Database>, filter: ListFilter = {}) {
  let q = db.selectFrom("submissions");
  if (filter.kind) q = q.where("kind", "=", filter.kind);
  if (filter.since) q = q.where("created_at", ">=", filter.since.toISOString());
  if (filter.spam !== undefined) q = q.where("spam", "=", filter.spam ? 1 : 0);
  return q;
}

/** Every matching submission, oldest first (by id). */
export function listSubmissions(db: Kysely<Database>, filter: ListFilter = {}) {
  return listWhere(db, filter).selectAll().orderBy("id").execute();
}
