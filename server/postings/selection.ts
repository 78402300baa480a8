/** `npm run admin -- select`: shortlisting a candidate from the command line. */
import type { Kysely } from "kysely";
import { statusesOf } from "../../contracts/staff-console";
import { deletionDateOf, type DeletionDate } from "../retention/application-retention";
import type { RetentionSettings } from "../retention/retention-policy";
import type { Database } from "../db/schema";

const shortlisted = "shortlisted";
const stages = statusesOf.application;

/**
 * Moves a candidate at an earlier stage to "shortlisted", as the console's status does; one
 * already shortlisted or decided keeps their stage. Shortlisting keeps no one beyond the deletion
 * date (docs/decisions/033): the answer carries that date, so the operator sees it.
 */
export async function selectApplication(
  db: Kysely<Database>,
  reference: string,
  retention: RetentionSettings,
): Promise<{ status: string; deletion: DeletionDate } | undefined> {
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom("submissions")
      .select(["id", "status", "created_at", "decided_at", "future_roles_consent"])
      .where("kind", "=", "application")
      .where("spam", "=", 0)
      .where("reference", "=", reference)
      .executeTakeFirst();
    if (!row) return undefined;
    let { status } = row;
    if (stages.indexOf(status) < stages.indexOf(shortlisted)) {
      status = shortlisted;
      await trx.updateTable("submissions").set({ status }).where("id", "=", row.id).execute();
    }
    return { status, deletion: deletionDateOf({ ...row, status }, retention) };
  });
}
