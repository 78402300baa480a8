/**
 * Migration 013 (replies) on SQLite and PostgreSQL, on a database that already holds an enquiry:
 * it seeds the first reply templates, and a reply recorded for the older enquiry goes when the
 * enquiry is deleted (the cascade that erasure and retention rely on).
 */
import SQLite from "better-sqlite3";
import { Kysely, Migrator, PostgresDialect, sql, SqliteDialect } from "kysely";
import path from "node:path";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { firstReplyTemplates } from "../../../contracts/replies";
import { backends, useBackend } from "../../test-support/backends";
import { openStorage } from "../db";
import { migrations } from "./index";

describe.each(backends)("migration 013-replies on %s", (backend) => {
  const env = useBackend(backend);

  it("runs over existing rows, seeds the templates, and a reply goes with its submission", async () => {
    const raw = env.config.databaseUrl
      ? new Kysely<unknown>({
          dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: env.config.databaseUrl }) }),
        })
      : new Kysely<unknown>({
          dialect: new SqliteDialect({ database: new SQLite(path.join(env.config.dataDir, "site.db")) }),
        });
    try {
      const all = migrations(backend);
      const names = Object.keys(all).sort();
      const before = names.slice(0, names.indexOf("013-replies"));
      const upToBefore = new Migrator({
        db: raw,
        provider: { getMigrations: async () => Object.fromEntries(before.map((n) => [n, all[n]!])) },
      });
      expect((await upToBefore.migrateToLatest()).error).toBeUndefined();
      // An enquiry as migration 001 knew them: the later columns take their defaults.
      await sql`insert into submissions (kind, first_name, last_name, email, message, ip, created_at)
        values ('contact', 'Olga', 'Older', 'olga.older@example.com', 'Written before replies existed.', '', '2026-01-05T09:00:00.000Z')`.execute(
        raw,
      );
    } finally {
      await raw.destroy();
    }

    // Opening the storage runs the rest, 013 among them.
    const storage = await openStorage({ databaseUrl: env.config.databaseUrl, dataDir: env.config.dataDir });
    try {
      const { db } = storage;
      const templates = await db.selectFrom("reply_templates").select(["name", "kind", "updated_by"]).execute();
      expect(templates.map((t) => t.name).sort()).toEqual(firstReplyTemplates.map((t) => t.name).sort());
      expect(templates.every((t) => t.updated_by === null)).toBe(true);
      const old = await db.selectFrom("submissions").select(["id", "status"]).executeTakeFirstOrThrow();
      expect(old.status).toBe("new");
      await db
        .insertInto("submission_replies")
        .values({
          submission_id: old.id,
          message_id: "<older-reply@altivacloud.com>",
          in_reply_to: null,
          template: null,
          subject: "About your enquiry",
          body: "Thank you.\n",
          staff_id: null,
          staff_name: "Sasha Replies",
          created_at: "2026-01-06T09:00:00.000Z",
        })
        .execute();
      await db.deleteFrom("submissions").where("id", "=", old.id).execute();
      expect(await db.selectFrom("submission_replies").selectAll().execute()).toEqual([]);
    } finally {
      await storage.close();
    }
  });
});
