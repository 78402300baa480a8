/** Operator queries: listing and selection (erasure.ts and retention.ts remove data). Used by the CLI. */
import type { Kysely } from "kysely";
import { keepingStatuses } from "../../contracts/staff-console";
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

/**
 * Keeps a candidate beyond the retention period, as the console's keeping statuses do: the flag
 * is set, and a candidate in neither keeping status is moved to the first ("shortlisted"), so the
 * console shows what the CLI decided. Returns the status the candidate has now.
 */
export async function selectApplication(db: Kysely<Database>, reference: string): Promise<string | undefined> {
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom("submissions")
      .select(["id", "status"])
      .where("kind", "=", "application")
      .where("reference", "=", reference)
      .executeTakeFirst();
    if (!row) return undefined;
    const keeps = (keepingStatuses as readonly string[]).includes(row.status);
    const status = keeps ? row.status : keepingStatuses[0];
    await trx.updateTable("submissions").set({ selected: 1, status }).where("id", "=", row.id).execute();
    return status;
  });
}
