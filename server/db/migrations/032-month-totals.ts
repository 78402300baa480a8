/**
 * Migration 032: monthly totals beside the daily ones (docs/decisions/075-monthly-totals.md), so a
 * dashboard period reads its whole months from a row per month and only the days at its two ends
 * from the daily tables:
 * - `pageview_month_totals`: the page views per month and one label at a time, as
 *   `pageview_day_totals` holds them per day (migration 018);
 * - `vital_month_rollups`: the Web Vitals' histograms per month, as `vital_rollups` per day
 *   (migration 029): samples per bucket and the bucket's largest value.
 * Plus an index on `pageview_day_totals` by label and day: the chart's views per day read the
 * "all" rows alone. Filled here from the daily rows already stored; kept in step as events
 * arrive. Nothing personal: a month, a label or a bucket, counted. Period: `dailyTotals`.
 */
import { sql, type Kysely, type Migration } from "kysely";
import { columnTypes, type Dialect } from "../dialect";
import { monthsFromDays } from "../month-totals";
import type { Database } from "../schema";

export function monthTotalsMigration(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable("pageview_month_totals")
        .addColumn("month", "text", (c) => c.notNull())
        .addColumn("dimension", "text", (c) => c.notNull())
        .addColumn("value", "text", (c) => c.notNull())
        .addColumn("views", "integer", (c) => c.notNull())
        .addPrimaryKeyConstraint("pageview_month_totals_key", ["month", "dimension", "value"])
        .execute();
      await db.schema
        .createTable("vital_month_rollups")
        .addColumn("month", "text", (c) => c.notNull())
        .addColumn("path", "text", (c) => c.notNull())
        .addColumn("metric", "text", (c) => c.notNull())
        .addColumn("bucket", "integer", (c) => c.notNull())
        .addColumn("samples", "integer", (c) => c.notNull())
        .addColumn("max_value", sql.raw(columnTypes(dialect).real), (c) => c.notNull())
        .addPrimaryKeyConstraint("vital_month_rollups_key", ["month", "path", "metric", "bucket"])
        .execute();
      // A period's months are read from this index alone, as the daily rows from theirs (029).
      // (Not a table WITHOUT ROWID: the move to PostgreSQL copies every table in rowid order.)
      await db.schema
        .createIndex("vital_month_rollups_read")
        .on("vital_month_rollups")
        .columns(["month", "path", "metric", "bucket", "samples", "max_value"])
        .execute();
      // The page filter reads one page's months.
      await db.schema
        .createIndex("vital_month_rollups_path")
        .on("vital_month_rollups")
        .columns(["path", "month"])
        .execute();
      await db.schema
        .createIndex("pageview_day_totals_dimension")
        .on("pageview_day_totals")
        .columns(["dimension", "day", "views"])
        .execute();
      await monthsFromDays(db as Kysely<Database>, "0000-00", "9999-12");
    },
  };
}
