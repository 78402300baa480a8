/**
 * Migration 016-positions on a database that already has rows, on SQLite and PostgreSQL: the
 * table is seeded with the form's list in its order, and a position only old rows name (an
 * application whose position is no longer in the list) is kept, retired, so filters still find it.
 */
import { Migrator, sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedPositions } from "../../../contracts/careers/positions";
import { formDefinitions } from "../../../contracts/forms/index";
import { backends, useBackend } from "../../test-support/backends";
import { validApplicationFields } from "../../test-support/fixtures";
import { openStorage, type Storage } from "../db";
import { migrations } from "./index";
import { allPositions, offeredPositions } from "../../postings/positions";
import { insertSubmission } from "../../submissions/submissions";

describe.each(backends)("migration 016-positions on %s", (backend) => {
  const env = useBackend(backend);
  let storage: Storage;

  beforeAll(async () => {
    storage = await openStorage({ databaseUrl: env.config.databaseUrl, dataDir: env.config.dataDir });
  }, 60_000);
  afterAll(() => storage?.close());

  it("seeds the form's list and keeps, retired, a position only old applications name", async () => {
    const { id } = await insertSubmission(
      storage,
      formDefinitions.application,
      { ...validApplicationFields, email: "old.position@example.com" },
      { ip: "192.0.2.9", userAgent: "Firefox", spam: false, now: new Date("2025-03-01T10:00:00Z") },
      [],
    );
    await storage.db.updateTable("submissions").set({ position: "Mainframe Operator" }).where("id", "=", id).execute();
    // Back to the state before 016, with the rows above, then migrate again.
    await sql`drop table positions`.execute(storage.db);
    await sql`delete from kysely_migration where name = '016-positions'`.execute(storage.db);
    // Migrations after 016 stay recorded: the step runs alone, as it did on the databases that had 015.
    const all = migrations(storage.dialect);
    const migrator = new Migrator({
      db: storage.db as never,
      provider: { getMigrations: async () => all },
      allowUnorderedMigrations: true,
    });
    expect((await migrator.migrateToLatest()).error).toBeUndefined();

    const rows = await allPositions(storage.db);
    expect(rows.map((r) => r.name)).toEqual([...seedPositions, "Mainframe Operator"]);
    expect(rows.filter((r) => r.retired_at !== null).map((r) => r.name)).toEqual(["Mainframe Operator"]);
    expect(await offeredPositions(storage)).toEqual([...seedPositions]);
  });
});
