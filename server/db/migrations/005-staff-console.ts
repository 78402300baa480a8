/**
 * The staff console's tables (docs/decisions/019-staff-console.md): people and their passkeys,
 * one-time invitations, WebAuthn challenges, server-side sessions, the audit log, colleagues'
 * notes on a submission, and each submission's handling status. Self-contained: it reads and
 * changes only what migration 001 made.
 */
import { type Kysely, type Migration, sql } from "kysely";
import { columnTypes, type Dialect } from "../dialect";

export function staffConsoleMigration(dialect: Dialect): Migration {
  const { id, bytes } = columnTypes(dialect);
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable("staff")
        .addColumn("id", sql.raw(id))
        .addColumn("email", "text", (c) => c.notNull().unique())
        .addColumn("name", "text", (c) => c.notNull())
        .addColumn("role", "text", (c) => c.notNull())
        .addColumn("created_at", "text", (c) => c.notNull())
        .addColumn("revoked_at", "text")
        .execute();

      await db.schema
        .createTable("passkeys")
        // The credential id, base64url, as the authenticator returns it.
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("staff_id", "integer", (c) => c.notNull().references("staff.id").onDelete("cascade"))
        .addColumn("public_key", sql.raw(bytes), (c) => c.notNull())
        .addColumn("counter", "integer", (c) => c.notNull())
        .addColumn("transports", "text")
        .addColumn("created_at", "text", (c) => c.notNull())
        .addColumn("last_used_at", "text")
        .addColumn("revoked_at", "text")
        .execute();
      await db.schema.createIndex("passkeys_staff").on("passkeys").column("staff_id").execute();

      await db.schema
        .createTable("invitations")
        // SHA-256 of the token in the link: the database never holds a usable link.
        .addColumn("token_hash", "text", (c) => c.primaryKey())
        .addColumn("email", "text", (c) => c.notNull())
        .addColumn("name", "text", (c) => c.notNull())
        .addColumn("role", "text", (c) => c.notNull())
        .addColumn("created_at", "text", (c) => c.notNull())
        .addColumn("expires_at", "text", (c) => c.notNull())
        .addColumn("used_at", "text")
        .execute();

      await db.schema
        .createTable("webauthn_challenges")
        .addColumn("challenge", "text", (c) => c.primaryKey())
        .addColumn("purpose", "text", (c) => c.notNull())
        .addColumn("invitation", "text")
        .addColumn("expires_at", "text", (c) => c.notNull())
        .execute();

      await db.schema
        .createTable("staff_sessions")
        // SHA-256 of the cookie's value.
        .addColumn("id_hash", "text", (c) => c.primaryKey())
        .addColumn("staff_id", "integer", (c) => c.notNull().references("staff.id").onDelete("cascade"))
        .addColumn("created_at", "text", (c) => c.notNull())
        .addColumn("last_seen_at", "text", (c) => c.notNull())
        .addColumn("expires_at", "text", (c) => c.notNull())
        .execute();
      await db.schema.createIndex("staff_sessions_staff").on("staff_sessions").column("staff_id").execute();

      await db.schema
        .createTable("audit_log")
        .addColumn("id", sql.raw(id))
        .addColumn("at", "text", (c) => c.notNull())
        // Kept by value too, so the entry still names the person after they are revoked.
        .addColumn("staff_id", "integer")
        .addColumn("staff_name", "text")
        .addColumn("action", "text", (c) => c.notNull())
        .addColumn("submission_id", "integer")
        .addColumn("subject", "text")
        .addColumn("detail", "text")
        .execute();
      await db.schema.createIndex("audit_log_at").on("audit_log").columns(["at", "id"]).execute();
      await db.schema.createIndex("audit_log_submission").on("audit_log").column("submission_id").execute();

      await db.schema
        .createTable("submission_notes")
        .addColumn("id", sql.raw(id))
        .addColumn("submission_id", "integer", (c) => c.notNull().references("submissions.id").onDelete("cascade"))
        .addColumn("staff_id", "integer")
        .addColumn("staff_name", "text", (c) => c.notNull())
        .addColumn("body", "text", (c) => c.notNull())
        .addColumn("created_at", "text", (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex("submission_notes_submission")
        .on("submission_notes")
        .column("submission_id")
        .execute();

      await db.schema
        .alterTable("submissions")
        .addColumn("status", "text", (c) => c.notNull().defaultTo("new"))
        .execute();
      // Candidates selected from the command line so far are shortlisted ones.
      await sql`update submissions set status = 'shortlisted' where kind = 'application' and selected = 1`.execute(db);
      // The inbox: newest first overall, by kind (001 has kind, created_at), by status.
      await db.schema.createIndex("submissions_created").on("submissions").columns(["created_at", "id"]).execute();
      await db.schema
        .createIndex("submissions_status_created")
        .on("submissions")
        .columns(["status", "created_at"])
        .execute();
      await db.schema
        .createIndex("submissions_kind_status_created")
        .on("submissions")
        .columns(["kind", "status", "created_at"])
        .execute();
      // Search by e-mail address and by name, whatever their case (inbox.ts searches by prefix).
      await sql`create index submissions_email_lower on submissions (lower(email))`.execute(db);
      await sql`create index submissions_first_name_lower on submissions (lower(first_name))`.execute(db);
      await sql`create index submissions_last_name_lower on submissions (lower(last_name))`.execute(db);
    },
  };
}
