/**
 * Migration 029-vital-rollups on a database that already holds vital events, on SQLite and
 * PostgreSQL: the histograms and the slow samples' attributions are summed in from them, the same
 * rows the events would have made arriving one batch at a time.
 */
import { Migrator, sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AnalyticsEvent } from "../../../contracts/analytics";
import { insertEvents } from "../../analytics/analytics";
import { backends, useBackend } from "../../test-support/backends";
import { openStorage, type Storage } from "../db";
import { migrations } from "./index";

const vital = (path: string, name: "LCP" | "INP" | "CLS", value: number, attribution?: string) =>
  ({ type: "vital", path, name, value, rating: "good", ...(attribution ? { attribution } : {}) }) as AnalyticsEvent;

describe.each(backends)("migration 029-vital-rollups on %s", (backend) => {
  const env = useBackend(backend);
  let storage: Storage;

  beforeAll(async () => {
    storage = await openStorage({ databaseUrl: env.config.databaseUrl, dataDir: env.config.dataDir });
  }, 60_000);
  afterAll(() => storage?.close());

  const rows = async () => ({
    buckets: await storage.db
      .selectFrom("vital_rollups")
      .selectAll()
      .orderBy(["day", "path", "metric", "bucket"])
      .execute(),
    named: await storage.db
      .selectFrom("vital_attributions")
      .selectAll()
      .orderBy(["day", "path", "metric", "attribution"])
      .execute(),
  });

  it("sums in the vital events already stored", async () => {
    await insertEvents(
      storage,
      [vital("/", "LCP", 2600, "img.hero"), vital("/", "INP", 120)],
      new Date("2026-03-01T10:00:00Z"),
    );
    await insertEvents(
      storage,
      [vital("/", "LCP", 2550, "img.hero"), vital("/", "CLS", 0.3, "div.banner"), vital("/contact", "LCP", 900)],
      new Date("2026-03-09T23:59:00Z"),
    );
    const inStep = await rows();
    expect(inStep.buckets.map((r) => [r.day, r.path, r.metric, r.bucket, r.samples, r.max_value])).toEqual([
      ["2026-03-01", "/", "INP", 30, 1, 120],
      ["2026-03-01", "/", "LCP", 26, 1, 2600],
      ["2026-03-09", "/", "CLS", 30, 1, 0.3],
      ["2026-03-09", "/", "LCP", 26, 1, 2550],
      ["2026-03-09", "/contact", "LCP", 9, 1, 900],
    ]);
    // Back to the state before 029, with the events above, then migrate again.
    await sql`drop table vital_rollups`.execute(storage.db);
    await sql`drop table vital_attributions`.execute(storage.db);
    await sql`delete from kysely_migration where name = '029-vital-rollups'`.execute(storage.db);
    const all = migrations(storage.dialect);
    const migrator = new Migrator({
      db: storage.db as never,
      provider: { getMigrations: async () => all },
      allowUnorderedMigrations: true,
    });
    expect((await migrator.migrateToLatest()).error).toBeUndefined();
    expect(await rows()).toEqual(inStep);
    expect((await rows()).named.map((r) => `${r.day} ${r.metric} ${r.attribution} ${r.samples}`)).toEqual([
      "2026-03-01 LCP img.hero 1",
      "2026-03-09 CLS div.banner 1",
      "2026-03-09 LCP img.hero 1",
    ]);
  });
});
