/** Migration 014 on a database that already holds submissions: they stay, with no source. SQLite and PostgreSQL. */
import SQLite from "better-sqlite3";
import { Kysely, Migrator, PostgresDialect, SqliteDialect } from "kysely";
import path from "node:path";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { backends, useBackend } from "../../test-support/backends";
import { migrateToLatest, migrations } from "./index";

describe.each(backends)("migration 014-lead-source on %s", (backend) => {
  const env = useBackend(backend);

  it("adds the three source columns beside the rows already there, as null", async () => {
    const db = new Kysely<Record<string, Record<string, unknown>>>({
      dialect: env.config.databaseUrl
        ? new PostgresDialect({ pool: new pg.Pool({ connectionString: env.config.databaseUrl }) })
        : new SqliteDialect({ database: new SQLite(path.join(env.config.dataDir, "site.db")) }),
    });
    try {
      const all = migrations(backend);
      const names = Object.keys(all);
      const before = names.slice(0, names.indexOf("014-lead-source"));
      const upToBefore = new Migrator({
        db,
        provider: { getMigrations: async () => Object.fromEntries(before.map((n) => [n, all[n]!])) },
      });
      expect((await upToBefore.migrateToLatest()).error).toBeUndefined();
      await db
        .insertInto("submissions")
        .values({
          kind: "contact",
          first_name: "Olde",
          last_name: "Rowe",
          email: "olde.rowe@example.com",
          message: "Sent before enquiries kept their source.",
          ip: "",
          created_at: "2026-11-01T09:00:00.000Z",
        })
        .execute();
      await migrateToLatest(db as Kysely<unknown>, backend);
      const rows = await db
        .selectFrom("submissions")
        .select(["email", "source_path", "source_referrer", "source_campaign"])
        .execute();
      expect(rows).toEqual([
        { email: "olde.rowe@example.com", source_path: null, source_referrer: null, source_campaign: null },
      ]);
    } finally {
      await db.destroy();
    }
  });
});
