/**
 * Migration 020-conversations (issue 44, docs/decisions/058): replies become a conversation.
 * `conversation_tokens` holds each thread's random Reply-To token (reply+<token>@…), so an answer
 * finds its submission without a guessable number in the address; `inbound_messages` holds the
 * answers that came back, as text; `submission_replies` gains the quoted original and the thread's
 * References. Every new row hangs on its submission (on delete cascade), so erasure, purge and
 * retention take the whole conversation. `inbound_messages.source_key` is unique: two instances
 * reading the same mailbox attach one copy of a message.
 */
import { type Kysely, type Migration, sql } from "kysely";
import { columnTypes, type Dialect } from "../dialect";

export function conversationsMigration(dialect: Dialect): Migration {
  const { id } = columnTypes(dialect);
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable("conversation_tokens")
        .addColumn("submission_id", "integer", (c) => c.primaryKey().references("submissions.id").onDelete("cascade"))
        .addColumn("token", "text", (c) => c.notNull().unique())
        .addColumn("created_at", "text", (c) => c.notNull())
        .execute();
      await db.schema
        .createTable("inbound_messages")
        .addColumn("id", sql.raw(id))
        .addColumn("submission_id", "integer", (c) => c.notNull().references("submissions.id").onDelete("cascade"))
        // The message's Message-ID, else where it was read (imap:<uidvalidity>:<uid>): one copy each.
        .addColumn("source_key", "text", (c) => c.notNull().unique())
        .addColumn("message_id", "text")
        .addColumn("sender", "text", (c) => c.notNull())
        .addColumn("subject", "text", (c) => c.notNull())
        .addColumn("body", "text", (c) => c.notNull())
        .addColumn("attachments_refused", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("sent_at", "text")
        .addColumn("received_at", "text", (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex("inbound_messages_submission")
        .on("inbound_messages")
        .column("submission_id")
        .execute();
      await db.schema.alterTable("submission_replies").addColumn("quote", "text").execute();
      await db.schema.alterTable("submission_replies").addColumn("thread_references", "text").execute();
    },
  };
}
