/**
 * Migration 022: an index on analytics_events (type, created_at), so the dashboard's Web Vitals
 * (docs/decisions/057-marketing-dashboard.md) read only the vital events of the period instead of
 * walking every event of it through `analytics_events_created` (two million for a year in
 * `npm run bench:dashboard`) to keep the vitals among them.
 */
import type { Kysely, Migration } from "kysely";

export function vitalEventsIndexMigration(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createIndex("analytics_events_type_created")
        .on("analytics_events")
        .columns(["type", "created_at"])
        .execute();
    },
  };
}
