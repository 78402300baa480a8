/**
 * Migration 029 (027 and 028 belong to the content work): daily histograms of the Web Vitals, so
 * the dashboard's p75 per page for a year reads a few rows per page, metric and bucket instead of
 * every sample (docs/decisions/057-marketing-dashboard.md, "Web Vitals"). `vital_rollups` counts
 * samples per day, page, metric and fixed bucket (contracts/vital-histogram.ts) with the bucket's
 * largest value; `vital_attributions` counts, per day, page and metric, the samples over the good
 * line by what their attribution names. Nothing personal: a path, a number, a selector. The vital
 * events already stored are summed in (server/db/vital-rollups.ts).
 */
import { sql, type Kysely, type Migration } from "kysely";
import { columnTypes, type Dialect } from "../dialect";
import type { Database } from "../schema";
import { vitalRollupsFrom } from "../vital-rollups";

export function vitalRollupsMigration(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable("vital_rollups")
        .addColumn("day", "text", (c) => c.notNull())
        .addColumn("path", "text", (c) => c.notNull())
        .addColumn("metric", "text", (c) => c.notNull())
        .addColumn("bucket", "integer", (c) => c.notNull())
        .addColumn("samples", "integer", (c) => c.notNull())
        .addColumn("max_value", sql.raw(columnTypes(dialect).real), (c) => c.notNull())
        .addPrimaryKeyConstraint("vital_rollups_key", ["day", "path", "metric", "bucket"])
        .execute();
      // The dashboard reads a period's rows from this index alone (every column it sums is in it):
      // 12 months of the bench's vitals, 189,000 rows, merged in 790 ms on SQLite at load 25 with it,
      // 1,160 ms without (the table row of each looked up). The page filter reads one page's rows.
      await db.schema
        .createIndex("vital_rollups_read")
        .on("vital_rollups")
        .columns(["day", "path", "metric", "bucket", "samples", "max_value"])
        .execute();
      await db.schema.createIndex("vital_rollups_path").on("vital_rollups").columns(["path", "day"]).execute();
      await db.schema
        .createTable("vital_attributions")
        .addColumn("day", "text", (c) => c.notNull())
        .addColumn("path", "text", (c) => c.notNull())
        .addColumn("metric", "text", (c) => c.notNull())
        .addColumn("attribution", "text", (c) => c.notNull())
        .addColumn("samples", "integer", (c) => c.notNull())
        .addPrimaryKeyConstraint("vital_attributions_key", ["path", "metric", "day", "attribution"])
        .execute();
      await vitalRollupsFrom(db as Kysely<Database>, "0000-00-00");
    },
  };
}
