/**
 * Migration 031 (issue 44's edges, docs/decisions/073), columns only:
 * - `routing_rules.message_words`: words a rule asks for in the submission's message ("migration"
 *   routes "We need a migration of 300 VMs"); null: any message.
 * - `routing_rules.webhook_failed_at` and `webhook_problem`: when the rule's webhook last failed and
 *   why in words (never the URL), shown on the rule; both cleared once it takes a message again.
 *   Rule settings, not personal data: no retention period.
 * - `staff.signature`: the person's own sign-off, plain text, which their replies and decision
 *   e-mails append; null: none. It goes with the staff row.
 */
import type { Kysely, Migration } from "kysely";

export function edgesMigration(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      // One statement per column: SQLite's ALTER TABLE adds one at a time.
      for (const column of ["message_words", "webhook_failed_at", "webhook_problem"])
        await db.schema.alterTable("routing_rules").addColumn(column, "text").execute();
      await db.schema.alterTable("staff").addColumn("signature", "text").execute();
    },
  };
}
