/**
 * Migration 031 (issue 44, docs/decisions/073): a routing rule can ask for words in the
 * submission's message ("migration" routes "We need a migration of 300 VMs"). Rule settings, not
 * personal data: no retention period. Null: the rule does not read the message. And how its
 * webhook last failed, so the console shows it on the rule: when, and the reason in words (never
 * the URL), both cleared when the webhook takes a message again.
 */
import type { Kysely, Migration } from "kysely";

export function routingMessageWordsMigration(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      // One statement per column: SQLite's ALTER TABLE adds one at a time.
      for (const column of ["message_words", "webhook_failed_at", "webhook_problem"])
        await db.schema.alterTable("routing_rules").addColumn(column, "text").execute();
    },
  };
}
