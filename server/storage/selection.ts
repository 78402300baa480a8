/** `npm run admin -- select`: keeping a candidate beyond the retention period. */
import type { Kysely } from "kysely";
import { keepingStatuses } from "../../contracts/staff-console";
import type { Database } from "./schema";

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
