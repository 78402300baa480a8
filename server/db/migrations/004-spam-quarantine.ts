/** Migration 004-spam-quarantine, under the name Kysely has recorded in every database that ran it. */
import { type Kysely, type Migration, sql } from "kysely";
import crypto from "node:crypto";
import { columnTypes, type Dialect } from "../dialect";

export function spamQuarantineMigration(dialect: Dialect): Migration {
  const { id } = columnTypes(dialect);
  return {
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
  };
}
