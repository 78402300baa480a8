/** Operator queries: listing, erasure, selection and the retention purge. Used by the CLI and the daily job. */
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

/** Everything held about one person, by e-mail address (right to erasure). */
export async function eraseByEmail(db: Kysely<Database>, email: string) {
  return db.transaction().execute(async (trx) => {
    const ids = (
      await trx
        .selectFrom("submissions")
        .select("id")
        .where((eb) => eb(eb.fn("lower", ["email"]), "=", email.trim().toLowerCase()))
        .execute()
    ).map((r) => r.id);
    if (ids.length === 0) return { submissions: 0, resumes: 0, outbox: 0 };
    const resumes = await trx.deleteFrom("resumes").where("submission_id", "in", ids).executeTakeFirst();
    const outbox = await trx.deleteFrom("outbox").where("submission_id", "in", ids).executeTakeFirst();
    const submissions = await trx.deleteFrom("submissions").where("id", "in", ids).executeTakeFirst();
    return {
      submissions: Number(submissions.numDeletedRows),
      resumes: Number(resumes.numDeletedRows),
      outbox: Number(outbox.numDeletedRows),
    };
  });
}

export function retentionCutoff(now: Date, months: number): Date {
  const cutoff = new Date(now);
  cutoff.setUTCMonth(cutoff.getUTCMonth() - months);
  return cutoff;
}

/** Applications older than the retention period and not selected, with their resumes and outbox rows. */
export async function purgeExpiredApplications(db: Kysely<Database>, now: Date, months: number, dryRun = false) {
  const cutoff = retentionCutoff(now, months).toISOString();
  const expired = await db
    .selectFrom("submissions")
    .select(["id", "reference", "created_at"])
    .where("kind", "=", "application")
    .where("selected", "=", 0)
    .where("created_at", "<", cutoff)
    .execute();
  if (!dryRun && expired.length > 0) {
    const ids = expired.map((e) => e.id);
    await db.transaction().execute(async (trx) => {
      await trx.deleteFrom("resumes").where("submission_id", "in", ids).execute();
      await trx.deleteFrom("outbox").where("submission_id", "in", ids).execute();
      await trx.deleteFrom("submissions").where("id", "in", ids).execute();
    });
  }
  return { cutoff, applications: expired.map((e) => e.reference ?? String(e.id)) };
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
