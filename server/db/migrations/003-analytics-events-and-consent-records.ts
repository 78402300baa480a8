/** Migration 003-analytics-events-and-consent-records, under the name Kysely has recorded in every database that ran it. */
import { type Kysely, type Migration, sql } from "kysely";
import { columnTypes, type Dialect } from "../dialect";

export function analyticsEventsAndConsentRecordsMigration(dialect: Dialect): Migration {
  const { id, real } = columnTypes(dialect);
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable("analytics_events")
        .addColumn("id", sql.raw(id))
        .addColumn("type", "text", (c) => c.notNull())
        .addColumn("path", "text", (c) => c.notNull())
        .addColumn("created_at", "text", (c) => c.notNull())
        .addColumn("referrer_host", "text")
        .addColumn("utm_source", "text")
        .addColumn("utm_medium", "text")
        .addColumn("utm_campaign", "text")
        .addColumn("viewport", "text")
        .addColumn("browser", "text")
        .addColumn("form", "text")
        .addColumn("step", "text")
        .addColumn("reason", "text")
        .addColumn("metric", "text")
        .addColumn("value", sql.raw(real))
        .addColumn("rating", "text")
        .addColumn("navigation_type", "text")
        .addColumn("attribution", "text")
        .execute();
      // Reports and the purge both read by time first.
      await db.schema
        .createIndex("analytics_events_created")
        .on("analytics_events")
        .columns(["created_at", "type"])
        .execute();

      await db.schema
        .createTable("consent_records")
        .addColumn("id", sql.raw(id))
        .addColumn("consent_id", "text", (c) => c.notNull())
        .addColumn("action", "text", (c) => c.notNull())
        .addColumn("performance", "integer", (c) => c.notNull())
        .addColumn("functional", "integer", (c) => c.notNull())
        .addColumn("marketing", "integer", (c) => c.notNull())
        .addColumn("policy_version", "text", (c) => c.notNull())
        .addColumn("browser_refusal", "integer", (c) => c.notNull())
        .addColumn("created_at", "text", (c) => c.notNull())
        .execute();
      await db.schema.createIndex("consent_records_consent_id").on("consent_records").column("consent_id").execute();
      await db.schema.createIndex("consent_records_created").on("consent_records").column("created_at").execute();
    },
  };
}
