/** Migration 002-confirmation-log-and-erasure-events, under the name Kysely has recorded in every database that ran it. */
import { type Kysely, type Migration, sql } from "kysely";
import crypto from "node:crypto";
import { columnTypes, type Dialect } from "../dialect";

export function confirmationLogAndErasureEventsMigration(dialect: Dialect): Migration {
  const { id } = columnTypes(dialect);
  return {
    async up(db: Kysely<unknown>) {
      // At most one confirmation per address per day, recorded by a keyed hash of the address
      // (docs/decisions: confirmation e-mails), so no address is stored outside the submission.
      await db.schema
        .createTable("site_keys")
        .addColumn("name", "text", (c) => c.primaryKey())
        .addColumn("value", "text", (c) => c.notNull())
        .execute();
      await db
        .insertInto("site_keys" as never)
        .values({ name: "confirmation", value: crypto.randomBytes(32).toString("base64") } as never)
        .execute();
      await db.schema
        .createTable("confirmations_sent")
        .addColumn("address_key", "text", (c) => c.notNull())
        .addColumn("day", "text", (c) => c.notNull())
        .addPrimaryKeyConstraint("confirmations_sent_pk", ["address_key", "day"])
        .execute();
      // Webhook events that outlive their submission (submission.erased), delivered by the
      // outbox worker like outbox rows.
      await db.schema
        .createTable("webhook_events")
        .addColumn("id", sql.raw(id))
        .addColumn("event", "text", (c) => c.notNull())
        .addColumn("payload", "text", (c) => c.notNull())
        .addColumn("recipient", "text", (c) => c.notNull())
        .addColumn("status", "text", (c) => c.notNull())
        .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("next_attempt_at", "text", (c) => c.notNull())
        .addColumn("last_error", "text")
        .addColumn("lease_owner", "text")
        .addColumn("lease_until", "text")
        .addColumn("message_id", "text", (c) => c.notNull().unique())
        .addColumn("created_at", "text", (c) => c.notNull())
        .addColumn("sent_at", "text")
        .execute();
      await db.schema
        .createIndex("webhook_events_due")
        .on("webhook_events")
        .columns(["status", "next_attempt_at"])
        .execute();
    },
  };
}
