/**
 * Migration 012-assignment on a database that already has submissions, on SQLite and PostgreSQL:
 * the rows come through unassigned (listed under Unassigned), unread by everyone, and an owner and
 * a read can be written afterwards; a read goes with its submission.
 */
import { describe, expect, it } from "vitest";
import { Kysely, Migrator, PostgresDialect, SqliteDialect, type Migration } from "kysely";
import SQLite from "better-sqlite3";
import pg from "pg";
import path from "node:path";
import { inboxWhere } from "../../console/inbox";
import { backends, useBackend } from "../../test-support/backends";
import { migrations } from "./index";
import type { Database } from "../schema";

describe.each(backends)("migration 012-assignment on %s", (backend) => {
  const env = useBackend(backend);

  it("brings existing submissions through unassigned and unread, ready for owners and reads", async () => {
    const { databaseUrl, dataDir } = env.config;
    const pool = databaseUrl ? new pg.Pool({ connectionString: databaseUrl, max: 2 }) : undefined;
    const file = pool ? undefined : new SQLite(path.join(dataDir, "before-012.db"));
    file?.pragma("foreign_keys = ON");
    const db = new Kysely<Database>({
      dialect: pool ? new PostgresDialect({ pool }) : new SqliteDialect({ database: file! }),
    });
    const migrate = async (all: Record<string, Migration>) => {
      const { error } = await new Migrator({
        db,
        provider: { getMigrations: async () => all },
      }).migrateToLatest();
      expect(error).toBeUndefined();
    };
    try {
      const all = migrations(backend);
      // The migrations before this one: later ones (in name order) run only after it.
      const before = Object.fromEntries(Object.entries(all).filter(([name]) => name < "012-assignment"));
      await migrate(before);
      const at = new Date("2026-11-20T10:00:00.000Z");
      // A row as the database held it then: only the columns of the migrations before this one.
      const { id } = await db
        .insertInto("submissions")
        .values({
          kind: "contact",
          first_name: "Olde",
          last_name: "Owner",
          email: "olde.owner@example.com",
          message: "Sent before enquiries had owners.",
          spam: 0,
          selected: 0,
          ip: "",
          created_at: at.toISOString(),
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      const { id: staffId } = await db
        .insertInto("staff")
        .values({
          email: "mia.migrate@altivacloud.com",
          name: "Mia Migrate",
          role: "sales",
          created_at: at.toISOString(),
          revoked_at: null,
        })
        .returning("id")
        .executeTakeFirstOrThrow();

      await migrate(all);
      const row = await db
        .selectFrom("submissions")
        .select(["assigned_to", "assigned_at", "assigned_by"])
        .where("id", "=", id)
        .executeTakeFirstOrThrow();
      expect(row).toEqual({ assigned_to: null, assigned_at: null, assigned_by: null });
      const unassigned = await inboxWhere(db, { kinds: ["contact", "feedback"], view: "unassigned" })
        .select("id")
        .execute();
      expect(unassigned.map((r) => r.id)).toEqual([id]);
      expect(await db.selectFrom("submission_reads").selectAll().execute()).toEqual([]);

      await db.updateTable("submissions").set({ assigned_to: staffId }).where("id", "=", id).execute();
      await db
        .insertInto("submission_reads")
        .values({ submission_id: id, staff_id: staffId, read_at: at.toISOString() })
        .execute();
      // One read per person and submission.
      await expect(
        db
          .insertInto("submission_reads")
          .values({ submission_id: id, staff_id: staffId, read_at: at.toISOString() })
          .execute(),
      ).rejects.toThrow();
      // An owner must be a person.
      await expect(
        db.updateTable("submissions").set({ assigned_to: 999_999 }).where("id", "=", id).execute(),
      ).rejects.toThrow();
      await db.deleteFrom("submissions").where("id", "=", id).execute();
      expect(await db.selectFrom("submission_reads").selectAll().execute()).toEqual([]);
    } finally {
      await db.destroy();
    }
  });
});
