/** Migration 006-console-access, under the name Kysely has recorded in every database that ran it. */
import { type Kysely, type Migration } from "kysely";

export function consoleAccessMigration(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      // Each session is bound to the passkey that opened it and ends when that passkey is
      // revoked. Sessions from before cannot be bound: they end, and people sign in again.
      await db.schema.alterTable("staff_sessions").addColumn("passkey_id", "text").execute();
      await db.deleteFrom("staff_sessions" as never).execute();
      await db.schema.createIndex("staff_sessions_passkey").on("staff_sessions").column("passkey_id").execute();
      // Invitations an administrator cancelled, or that ended with their person's revocation.
      await db.schema.alterTable("invitations").addColumn("cancelled_at", "text").execute();
    },
  };
}
