/**
 * Migration 031 (issue 44's edges, docs/decisions/073), columns only:
 * - `routing_rules.message_words`: words a rule asks for in the submission's message ("migration"
 *   routes "We need a migration of 300 VMs"); null: any message.
 * - `routing_rules.webhook_failed_at` and `webhook_problem`: when the rule's webhook last failed and
 *   why in words (never the URL), shown on the rule; both cleared once it takes a message again.
 *   Rule settings, not personal data: no retention period.
 * - `staff.signature`: the person's own sign-off, plain text, which their replies and decision
 *   e-mails append; null: none. It goes with the staff row.
 * - `staff.answer_notice`: 1 when the person wants an e-mail (a link only) when a customer answers
 *   an item they own.
 * - `unmatched_mail`: inbound mail that attached to no conversation, listed for administrators:
 *   when, why, how it came and the sender's domain only (no address, subject or words); the thread
 *   it claimed, if any, by submission id with `on delete cascade`, so erasure takes it along. Its
 *   period is the retention table's `unmatchedMail`.
 */
import { type Kysely, type Migration, sql } from "kysely";
import { columnTypes, type Dialect } from "../dialect";

export function edgesMigration(dialect: Dialect): Migration {
  const { id } = columnTypes(dialect);
  return {
    async up(db: Kysely<unknown>) {
      // One statement per column: SQLite's ALTER TABLE adds one at a time.
      for (const column of ["message_words", "webhook_failed_at", "webhook_problem"])
        await db.schema.alterTable("routing_rules").addColumn(column, "text").execute();
      await db.schema.alterTable("staff").addColumn("signature", "text").execute();
      await db.schema
        .alterTable("staff")
        .addColumn("answer_notice", "integer", (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema
        .createTable("unmatched_mail")
        .addColumn("id", sql.raw(id))
        .addColumn("received_at", "text", (c) => c.notNull())
        // "no thread", "unknown token", "not the submitter" or "spam" (server/replies/inbound.ts).
        .addColumn("reason", "text", (c) => c.notNull())
        // "imap" or "webhook".
        .addColumn("via", "text", (c) => c.notNull())
        .addColumn("sender_domain", "text")
        .addColumn("submission_id", "integer", (c) => c.references("submissions.id").onDelete("cascade"))
        .execute();
      await db.schema.createIndex("unmatched_mail_received").on("unmatched_mail").column("received_at").execute();
      await db.schema.createIndex("unmatched_mail_submission").on("unmatched_mail").column("submission_id").execute();
    },
  };
}
