/** Operator queries: listing and selection (erasure.ts and retention.ts remove data). Used by the CLI. */
import type { Kysely } from "kysely";
import type { Database, SubmissionKind } from "./schema";

export interface ListFilter {
  kind?: SubmissionKind;
  since?: Date;
  spam?: boolean;
}

export function submissionsQuery(db: Kysely<Database>, filter: ListFilter = {}) {
  let q = db.selectFrom("submissions").selectAll().orderBy("id");
  if (filter.kind) q = q.where("kind", "=", filter.kind);
  if (filter.since) q = q.where("created_at", ">=", filter.since.toISOString());
  if (filter.spam !== undefined) q = q.where("spam", "=", filter.spam ? 1 : 0);
  return q;
}

export async function selectApplication(db: Kysely<Database>, reference: string): Promise<boolean> {
  const res = await db
    .updateTable("submissions")
    .set({ selected: 1 })
    .where("kind", "=", "application")
    .where("reference", "=", reference)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) > 0;
}
