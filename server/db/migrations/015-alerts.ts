/**
 * Migration 015-alerts (docs/decisions/039-routing-rules-and-alerts.md): the routing rules admins
 * set in the console, and the mail-failure alerts raised, one row per UTC hour.
 */
import { type Kysely, type Migration, sql } from "kysely";
import { columnTypes, type Dialect } from "../dialect";

export function alertsMigration(dialect: Dialect): Migration {
  const { id } = columnTypes(dialect);
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable("routing_rules")
        .addColumn("id", sql.raw(id))
        .addColumn("kind", "text", (c) => c.notNull())
        // The contact form's reason contains these words (any case); null: any reason.
        .addColumn("reason", "text")
        // The application's position, exactly; null: any position.
        .addColumn("position", "text")
        .addColumn("email", "text")
        // AES-256-GCM of the webhook URL (routing-secret.ts); the URL itself is never stored.
        .addColumn("webhook_sealed", "text")
        // Only the host, for the console to show.
        .addColumn("webhook_host", "text")
        .addColumn("webhook_format", "text")
        .addColumn("system_alerts", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("paused", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("created_at", "text", (c) => c.notNull())
        .addColumn("updated_at", "text", (c) => c.notNull())
        .execute();
      // One alert per UTC hour however many instances check: the key is the hour.
      await db.schema
        .createTable("mail_alerts")
        .addColumn("hour", "text", (c) => c.primaryKey())
        .addColumn("failed", "integer", (c) => c.notNull())
        .addColumn("stale", "integer", (c) => c.notNull())
        // The newest failed outbox id this alert covered: later alerts count only newer failures.
        .addColumn("last_failed_id", "integer", (c) => c.notNull())
        .addColumn("sent", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("error", "text")
        .addColumn("created_at", "text", (c) => c.notNull())
        .execute();
    },
  };
}
