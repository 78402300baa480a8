/**
 * Where the dashboard's 12-month answer spends its time, for `npm run bench:dashboard`: the
 * answer is built directly (`dashboardFigures`, no HTTP, no session) `runs` times on a Kysely of its
 * own that logs every query's duration, and each table's share is printed as a median over the
 * runs. The query's table is the first one it reads from (`from "…"`).
 */
import SQLite from "better-sqlite3";
import { Kysely, PostgresDialect, SqliteDialect, type LogEvent } from "kysely";
import path from "node:path";
import pg from "pg";
import { dashboardFigures } from "../server/analytics/dashboard";
import type { DayRange } from "../server/analytics/dashboard-range";
import type { Database } from "../server/db/schema";

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;

export async function profileAnswer(
  where: { dataDir: string; databaseUrl?: string },
  range: DayRange,
  previous: DayRange | null,
  runs = 10,
): Promise<{ total: number; byTable: [string, { ms: number; queries: number }][] }> {
  let current = new Map<string, { ms: number; queries: number }>();
  const log = (e: LogEvent) => {
    const table = /from "(\w+)"/.exec(e.query.sql)?.[1] ?? "other";
    const t = current.get(table) ?? { ms: 0, queries: 0 };
    t.ms += e.queryDurationMillis;
    t.queries++;
    current.set(table, t);
  };
  const pool = where.databaseUrl ? new pg.Pool({ connectionString: where.databaseUrl, max: 10 }) : undefined;
  const db = new Kysely<Database>({
    dialect: pool
      ? new PostgresDialect({ pool })
      : new SqliteDialect({ database: new SQLite(path.join(where.dataDir, "site.db"), { readonly: true }) }),
    log,
  });
  try {
    await dashboardFigures(db, range, previous, {}); // warm-up
    const totals: number[] = [];
    const perRun: Map<string, { ms: number; queries: number }>[] = [];
    for (let i = 0; i < runs; i++) {
      current = new Map();
      const t = performance.now();
      await dashboardFigures(db, range, previous, {});
      totals.push(performance.now() - t);
      perRun.push(current);
    }
    const tables = [...new Set(perRun.flatMap((m) => [...m.keys()]))];
    const byTable = tables
      .map((name): [string, { ms: number; queries: number }] => [
        name,
        {
          ms: median(perRun.map((m) => m.get(name)?.ms ?? 0)),
          queries: perRun[0]?.get(name)?.queries ?? 0,
        },
      ])
      .sort((a, b) => b[1].ms - a[1].ms);
    return { total: median(totals), byTable };
  } finally {
    await db.destroy();
  }
}
