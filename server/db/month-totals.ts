/**
 * Monthly totals beside the daily ones (migration 032, docs/decisions/075-monthly-totals.md): the
 * page views by one label at a time (`pageview_month_totals`) and the Web Vitals' histograms
 * (`vital_month_rollups`), summed per month (YYYY-MM). A dashboard period reads its whole months
 * here and only the days at its two ends from the daily tables. The insert keeps them in step
 * (server/analytics/rollups.ts, server/db/vital-rollups.ts); `monthsFromDays` writes them again
 * from the daily rows. Nothing personal: a month, a label or a bucket, counted.
 */
import { sql, type Kysely } from "kysely";
import type { Database } from "./schema";

/**
 * Writes the months `from` to `through` (YYYY-MM, both included) of both monthly tables again
 * from the daily rows those months still have: the migration's backfill, a rebuild's months, and
 * the purge's, so a month always holds exactly what its days hold. Runs in the caller's transaction.
 */
export async function monthsFromDays(db: Kysely<Database>, from: string, through: string): Promise<void> {
  // Days compare as text: "-31" is at or after every day of a month.
  const first = `${from}-01`;
  const last = `${through}-31`;
  await db.deleteFrom("pageview_month_totals").where("month", ">=", from).where("month", "<=", through).execute();
  await sql`
    insert into pageview_month_totals (month, dimension, value, views)
    select substr(day, 1, 7), dimension, value, sum(views)
    from pageview_day_totals where day >= ${first} and day <= ${last}
    group by substr(day, 1, 7), dimension, value`.execute(db);
  await db.deleteFrom("vital_month_rollups").where("month", ">=", from).where("month", "<=", through).execute();
  await sql`
    insert into vital_month_rollups (month, path, metric, bucket, samples, max_value)
    select substr(day, 1, 7), path, metric, bucket, sum(samples), max(max_value)
    from vital_rollups where day >= ${first} and day <= ${last}
    group by substr(day, 1, 7), path, metric, bucket`.execute(db);
}

/** The monthly tables, for the purge's count. */
export const monthTotalTables = ["pageview_month_totals", "vital_month_rollups"] as const;
