/**
 * Migration 033 (issue 44, docs/decisions/077): `routing_rules.webhook_test_passed_at`, when a
 * "Send a test" last reached the rule's webhook; null after a test that failed. The rule shows it
 * beside a failure that came before it, so a channel fixed since says so while its parked
 * messages still wait for Retry. A rule setting, not personal data: no retention period.
 */
import type { Kysely, Migration } from "kysely";

export function webhookTestPassedMigration(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable("routing_rules").addColumn("webhook_test_passed_at", "text").execute();
    },
  };
}
