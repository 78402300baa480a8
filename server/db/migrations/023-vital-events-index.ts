/**
 * Migration 022: an index on analytics_events (type, created_at, path, metric, value), so the
 * dashboard's Web Vitals (docs/decisions/057-marketing-dashboard.md) read only the vital events of
 * the period, from the index alone, instead of walking every event of it through
 * `analytics_events_created` (two million for a year in `npm run bench:dashboard`).
 */
import type { Kysely, Migration } from "kysely";

export function vitalEventsIndexMigration(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createIndex("analytics_events_vitals")
        .on("analytics_events")
        .columns(["type", "created_at", "path", "metric", "value"])
        .execute();
    },
  };
}
