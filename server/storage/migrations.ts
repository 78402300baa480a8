import { type Kysely, type Migration, type MigrationProvider, Migrator, sql } from "kysely";
import crypto from "node:crypto";
import { entryHash, genesisHash } from "./audit-chain";
import { firstDecisionTemplates } from "../../contracts/careers/decision-templates";
import { firstRoles } from "../../contracts/careers/first-roles";
import { assignmentMigration } from "./assignment-migration";
import { staffConsoleMigration } from "./console-migration";
import { inboxSearchMigration } from "./inbox-search-migration";
import { leadSourceMigration } from "./lead-source-migration";
import { alertsMigration } from "./routing-migration";
import { positionsMigration } from "./positions-migration";
import { roleRow } from "./job-roles";
import { repliesMigration } from "./replies-migration";
import type { Dialect } from "./db";

/** One set of migrations for SQLite and PostgreSQL; the few type differences are spelled out. */
export function migrations(dialect: Dialect): Record<string, Migration> {
  const id = dialect === "postgres" ? "serial primary key" : "integer primary key autoincrement";
  const bytes = dialect === "postgres" ? "bytea" : "blob";
  return {
    "001-submissions": {
      async up(db: Kysely<unknown>) {
        await db.schema
          .createTable("submissions")
          .addColumn("id", sql.raw(id))
          .addColumn("kind", "text", (c) => c.notNull())
          .addColumn("reference", "text", (c) => c.unique())
          .addColumn("first_name", "text", (c) => c.notNull())
          .addColumn("last_name", "text", (c) => c.notNull())
          .addColumn("email", "text", (c) => c.notNull())
          .addColumn("phone", "text")
          .addColumn("reason", "text")
          .addColumn("position", "text")
          .addColumn("feedback_type", "text")
          .addColumn("message", "text", (c) => c.notNull())
          .addColumn("ip", "text", (c) => c.notNull())
          .addColumn("user_agent", "text")
          .addColumn("spam", "integer", (c) => c.notNull().defaultTo(0))
          .addColumn("selected", "integer", (c) => c.notNull().defaultTo(0))
          .addColumn("created_at", "text", (c) => c.notNull())
          .execute();
        await db.schema
          .createIndex("submissions_kind_created")
          .on("submissions")
          .columns(["kind", "created_at"])
          .execute();
        await db.schema.createIndex("submissions_email").on("submissions").column("email").execute();

        await db.schema
          .createTable("resumes")
          .addColumn("submission_id", "integer", (c) => c.primaryKey().references("submissions.id").onDelete("cascade"))
          .addColumn("original_name", "text", (c) => c.notNull())
          .addColumn("detected_type", "text", (c) => c.notNull())
          .addColumn("size", "integer", (c) => c.notNull())
          .addColumn("sha256", "text", (c) => c.notNull())
          .addColumn("content", sql.raw(bytes), (c) => c.notNull())
          .execute();

        await db.schema
          .createTable("outbox")
          .addColumn("id", sql.raw(id))
          .addColumn("submission_id", "integer", (c) => c.notNull().references("submissions.id").onDelete("cascade"))
          .addColumn("channel", "text", (c) => c.notNull())
          .addColumn("purpose", "text", (c) => c.notNull())
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
        await db.schema.createIndex("outbox_due").on("outbox").columns(["status", "next_attempt_at"]).execute();
        await db.schema.createIndex("outbox_submission").on("outbox").column("submission_id").execute();

        await db.schema
          .createTable("counters")
          .addColumn("name", "text", (c) => c.primaryKey())
          .addColumn("value", "integer", (c) => c.notNull())
          .execute();
      },
    },
    "002-confirmation-log-and-erasure-events": {
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
    },
    "003-analytics-events-and-consent-records": {
      async up(db: Kysely<unknown>) {
        const real = dialect === "postgres" ? "double precision" : "real";
        await db.schema
          .createTable("analytics_events")
          .addColumn("id", sql.raw(id))
          .addColumn("type", "text", (c) => c.notNull())
          .addColumn("path", "text", (c) => c.notNull())
          .addColumn("created_at", "text", (c) => c.notNull())
          .addColumn("referrer_host", "text")
          .addColumn("utm_source", "text")
          .addColumn("utm_medium", "text")
          .addColumn("utm_campaign", "text")
          .addColumn("viewport", "text")
          .addColumn("browser", "text")
          .addColumn("form", "text")
          .addColumn("step", "text")
          .addColumn("reason", "text")
          .addColumn("metric", "text")
          .addColumn("value", sql.raw(real))
          .addColumn("rating", "text")
          .addColumn("navigation_type", "text")
          .addColumn("attribution", "text")
          .execute();
        // Reports and the purge both read by time first.
        await db.schema
          .createIndex("analytics_events_created")
          .on("analytics_events")
          .columns(["created_at", "type"])
          .execute();

        await db.schema
          .createTable("consent_records")
          .addColumn("id", sql.raw(id))
          .addColumn("consent_id", "text", (c) => c.notNull())
          .addColumn("action", "text", (c) => c.notNull())
          .addColumn("performance", "integer", (c) => c.notNull())
          .addColumn("functional", "integer", (c) => c.notNull())
          .addColumn("marketing", "integer", (c) => c.notNull())
          .addColumn("policy_version", "text", (c) => c.notNull())
          .addColumn("browser_refusal", "integer", (c) => c.notNull())
          .addColumn("created_at", "text", (c) => c.notNull())
          .execute();
        await db.schema.createIndex("consent_records_consent_id").on("consent_records").column("consent_id").execute();
        await db.schema.createIndex("consent_records_created").on("consent_records").column("created_at").execute();
      },
    },
    "004-spam-quarantine": {
      async up(db: Kysely<unknown>) {
        // The spam verdict and its readable reasons (server/spam/verdict.ts): "spam" or
        // "review" (sent without JavaScript, held for a person to look at); null when ordinary.
        await db.schema.alterTable("submissions").addColumn("spam_verdict", "text").execute();
        await db.schema.alterTable("submissions").addColumn("spam_reasons", "text").execute();
        // Who released or deleted a quarantined submission, and when; kept after a delete, so
        // ids, kinds and application numbers only.
        await db.schema
          .createTable("spam_reviews")
          .addColumn("id", sql.raw(id))
          .addColumn("submission_id", "integer", (c) => c.notNull())
          .addColumn("kind", "text", (c) => c.notNull())
          .addColumn("reference", "text")
          .addColumn("action", "text", (c) => c.notNull())
          .addColumn("operator", "text", (c) => c.notNull())
          .addColumn("created_at", "text", (c) => c.notNull())
          .execute();
        // Proofs of work already used, until they expire (single use without REDIS_URL).
        await db.schema
          .createTable("spam_proofs_used")
          .addColumn("signature", "text", (c) => c.primaryKey())
          .addColumn("expires_at", "text", (c) => c.notNull())
          .execute();
        // The key that signs proof-of-work challenges, shared by every instance on this database.
        await db
          .insertInto("site_keys" as never)
          .values({ name: "spam-proof", value: crypto.randomBytes(32).toString("base64") } as never)
          .execute();
      },
    },
    "005-staff-console": staffConsoleMigration(dialect),
    "006-console-access": {
      async up(db: Kysely<unknown>) {
        // Each session is bound to the passkey that opened it and ends when that passkey is
        // revoked. Sessions from before cannot be bound: they end, and people sign in again.
        await db.schema.alterTable("staff_sessions").addColumn("passkey_id", "text").execute();
        await db.deleteFrom("staff_sessions" as never).execute();
        await db.schema.createIndex("staff_sessions_passkey").on("staff_sessions").column("passkey_id").execute();
        // Invitations an administrator cancelled, or that ended with their person's revocation.
        await db.schema.alterTable("invitations").addColumn("cancelled_at", "text").execute();
      },
    },
    "007-audit-chain": {
      async up(db: Kysely<unknown>) {
        // Each entry carries the hash of the one before it and its own (docs/decisions/023).
        // Nullable so that a row inserted outside appendAudit() is reported, not refused.
        await db.schema.alterTable("audit_log").addColumn("prev_hash", "text").execute();
        await db.schema.alterTable("audit_log").addColumn("hash", "text").execute();
        // Existing entries are chained in the order they were written.
        const rows = await sql<{
          id: number;
          at: string;
          staff_id: number | null;
          staff_name: string | null;
          action: string;
          submission_id: number | null;
          subject: string | null;
          detail: string | null;
        }>`select id, at, staff_id, staff_name, action, submission_id, subject, detail from audit_log order by id`.execute(
          db,
        );
        let prev = genesisHash;
        for (const row of rows.rows) {
          const hash = entryHash({ ...row, prev_hash: prev });
          await sql`update audit_log set prev_hash = ${prev}, hash = ${hash} where id = ${row.id}`.execute(db);
          prev = hash;
        }
      },
    },
    "008-invitation-inviter": {
      async up(db: Kysely<unknown>) {
        // Who made each invitation (a staff id; null: the command line). A revoked person's
        // pending invitations end with them, and a link of theirs no longer opens.
        await db.schema.alterTable("invitations").addColumn("invited_by", "integer").execute();
      },
    },
    "009-job-roles": {
      async up(db: Kysely<unknown>) {
        // Roles are data HR edits in the console (issue 26; contracts/careers/roles.ts).
        await db.schema
          .createTable("job_roles")
          .addColumn("id", sql.raw(id))
          .addColumn("slug", "text", (c) => c.notNull().unique())
          .addColumn("title", "text", (c) => c.notNull())
          .addColumn("position", "text", (c) => c.notNull())
          // JSON array of office cities.
          .addColumn("offices", "text", (c) => c.notNull())
          .addColumn("employment_type", "text", (c) => c.notNull())
          .addColumn("workplace", "text", (c) => c.notNull())
          .addColumn("salary_min", "integer")
          .addColumn("salary_max", "integer")
          .addColumn("salary_currency", "text")
          .addColumn("salary_period", "text")
          .addColumn("description", "text", (c) => c.notNull())
          .addColumn("date_posted", "text", (c) => c.notNull())
          .addColumn("valid_through", "text", (c) => c.notNull())
          .addColumn("state", "text", (c) => c.notNull().defaultTo("draft"))
          .addColumn("created_at", "text", (c) => c.notNull())
          .addColumn("updated_at", "text", (c) => c.notNull())
          .execute();
        await db.schema.createIndex("job_roles_state").on("job_roles").column("state").execute();
        // Today's five roles, as they were in app/content/job-openings.ts, published.
        const at = new Date().toISOString();
        for (const role of firstRoles) {
          await db
            .insertInto("job_roles" as never)
            .values(roleRow(role, at) as never)
            .execute();
        }
        // The role an application was sent for (its slug); null when sent from the list.
        await db.schema.alterTable("submissions").addColumn("role", "text").execute();
        await db.schema.createIndex("submissions_role").on("submissions").column("role").execute();
      },
    },
    "010-decisions": {
      async up(db: Kysely<unknown>) {
        // "rejected" is "not selected" from issue 26 on (contracts/staff-console.ts).
        await sql`update submissions set status = 'not selected' where kind = 'application' and status = 'rejected'`.execute(
          db,
        );
        // When an application was decided ("not selected" or "hired"): its retention counts from here.
        await db.schema.alterTable("submissions").addColumn("decided_at", "text").execute();
        // The version of the words the candidate agreed to when they ticked "Keep my application
        // for future roles"; null when they did not.
        await db.schema.alterTable("submissions").addColumn("future_roles_consent", "text").execute();
        // The e-mails a decision offers to send, one per status, edited by administrators.
        await db.schema
          .createTable("decision_templates")
          .addColumn("status", "text", (c) => c.primaryKey())
          .addColumn("subject", "text", (c) => c.notNull())
          .addColumn("body", "text", (c) => c.notNull())
          .addColumn("updated_at", "text", (c) => c.notNull())
          .addColumn("updated_by", "text")
          .execute();
        const at = new Date().toISOString();
        for (const template of firstDecisionTemplates) {
          await db
            .insertInto("decision_templates" as never)
            .values({ ...template, updated_at: at, updated_by: null } as never)
            .execute();
        }
      },
    },
    "011-inbox-search": inboxSearchMigration(dialect),
    "012-assignment": assignmentMigration(),
    "013-replies": repliesMigration(dialect),
    "014-lead-source": leadSourceMigration(),
    "015-alerts": alertsMigration(dialect),
    "016-positions": positionsMigration(dialect),
  };
}

class InCodeProvider implements MigrationProvider {
  constructor(private readonly dialect: Dialect) {}
  async getMigrations() {
    return migrations(this.dialect);
  }
}

/**
 * `inOpenTransaction`: the caller already holds a transaction on the connection `db` uses
 * (move-to-postgres, which creates the schema and copies the rows in one), so each migration
 * does not open its own.
 */
export async function migrateToLatest(
  db: Kysely<unknown>,
  dialect: Dialect,
  opts: { inOpenTransaction?: boolean } = {},
): Promise<void> {
  const migrator = new Migrator({
    db,
    provider: new InCodeProvider(dialect),
    disableTransactions: opts.inOpenTransaction === true,
  });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === "Error");
  if (error || failed) {
    throw new Error(`Database migration ${failed?.migrationName ?? ""} failed: ${String(error)}`);
  }
}
