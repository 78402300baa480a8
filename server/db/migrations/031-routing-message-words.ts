/**
 * Migration 031 (issue 44, docs/decisions/073): a routing rule can ask for words in the
 * submission's message ("migration" routes "We need a migration of 300 VMs"). Rule settings, not
 * personal data: no retention period. Null: the rule does not read the message.
 */
import type { Kysely, Migration } from "kysely";

export function routingMessageWordsMigration(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable("routing_rules").addColumn("message_words", "text").execute();
    },
  };
}
