/**
 * The audit log's hash chain on SQLite and PostgreSQL: appends from several writers at once never
 * fork it, an edited or removed entry is found, the retention purge leaves a chain that still
 * verifies, and migration 007 chains the entries written before it.
 */
import { UTCDate } from "@date-fns/utc";
import { subMonths } from "date-fns";
import { Kysely, Migrator, PostgresDialect, SqliteDialect } from "kysely";
import SQLite from "better-sqlite3";
import { spawn } from "node:child_process";
import { once } from "node:events";
import path from "node:path";
import readline from "node:readline";
import pg from "pg";
import Cursor from "pg-cursor";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openStorage, type Storage } from "../db/db";
import { migrateToLatest, migrations } from "../db/migrations/index";
import type { Database } from "../db/schema";
import { backends, useBackend } from "../test-support/backends";
import { purgeAudit } from "../retention/console-purge";
import { retentionPolicy } from "../retention/retention-policy";
import { appendAudit, verifyAuditChain } from "./audit";
import { genesisHash } from "../db/audit-chain";

const appender = path.resolve(import.meta.dirname, "../test-support/append-audit.ts");
const t0 = new Date("2026-03-02T10:00:00.000Z");
const at = (minutes: number) => new Date(t0.getTime() + minutes * 60_000);

describe.each(backends)("audit chain on %s", (backend) => {
  const env = useBackend(backend);
  const open = () => openStorage({ databaseUrl: env.config.databaseUrl, dataDir: env.config.dataDir });
  let storage: Storage;
  beforeAll(async () => {
    storage = await open();
  }, 60_000);
  afterAll(() => storage.close());

  const clear = () => storage.db.deleteFrom("audit_log").execute();
  const append = (db: Kysely<Database>, i: number, when = at(i)) =>
    appendAudit(
      db,
      { operator: `writer ${i}`, action: "view", subject: `APP-2026-${String(i).padStart(6, "0")}` },
      when,
    );

  it("chains each entry to the one before, starting from the genesis hash", async () => {
    await clear();
    for (let i = 0; i < 5; i++) await append(storage.db, i);
    const rows = await storage.db.selectFrom("audit_log").selectAll().orderBy("id").execute();
    expect(rows[0]!.prev_hash).toBe(genesisHash);
    for (let i = 1; i < rows.length; i++) expect(rows[i]!.prev_hash).toBe(rows[i - 1]!.hash);
    expect(await verifyAuditChain(storage.db)).toEqual({ ok: true, entries: 5, head: rows[4]!.hash });
  });

  it("does not fork when three processes append at the same time", async () => {
    await clear();
    const writers = 3;
    const perWriter = 100;
    // Separate processes, as two server instances and the CLI would be, released together.
    const env_ = {
      ...process.env,
      DATA_DIR: env.config.dataDir,
      ...(env.config.databaseUrl ? { DATABASE_URL: env.config.databaseUrl } : {}),
    };
    const children = Array.from({ length: writers }, (_, w) => {
      const child = spawn(process.execPath, ["--import", "tsx", appender, `writer ${w}`, String(perWriter)], {
        env: env_,
        stdio: ["pipe", "pipe", "inherit"],
      });
      const lines = readline.createInterface({ input: child.stdout! })[Symbol.asyncIterator]();
      return { child, lines, exited: once(child, "exit") };
    });
    for (const c of children) expect((await c.lines.next()).value).toBe("ready");
    for (const c of children) c.child.stdin!.write("go\n");
    const spans: { started: number; ended: number }[] = [];
    for (const c of children) spans.push(JSON.parse((await c.lines.next()).value as string));
    for (const c of children) expect((await c.exited)[0]).toBe(0);
    // The writers did run at the same time: each started before any other had finished.
    for (const s of spans) for (const o of spans) expect(s.started).toBeLessThan(o.ended);

    const rows = await storage.db.selectFrom("audit_log").select(["prev_hash", "staff_name"]).orderBy("id").execute();
    expect(rows).toHaveLength(writers * perWriter);
    const switches = rows.filter((r, i) => i > 0 && r.staff_name !== rows[i - 1]!.staff_name).length;
    console.log(`${backend}: ${rows.length} entries from ${writers} processes, ${switches} changes of writer`);
    // A fork is two entries naming the same predecessor.
    expect(new Set(rows.map((r) => r.prev_hash)).size).toBe(rows.length);
    expect(await verifyAuditChain(storage.db)).toMatchObject({ ok: true, entries: writers * perWriter });
  }, 60_000);

  it("names an entry whose fields were edited in the database", async () => {
    await clear();
    for (let i = 0; i < 6; i++) await append(storage.db, i);
    const target = (await storage.db.selectFrom("audit_log").select(["id", "at"]).orderBy("id").execute())[3]!;
    await storage.db.updateTable("audit_log").set({ subject: "APP-2026-999999" }).where("id", "=", target.id).execute();
    expect(await verifyAuditChain(storage.db)).toMatchObject({
      ok: false,
      entries: 4,
      broken: { id: target.id, at: target.at, reason: "its fields were changed" },
    });
  });

  it("names the entry after one removed from the middle", async () => {
    await clear();
    for (let i = 0; i < 6; i++) await append(storage.db, i);
    const ids = (await storage.db.selectFrom("audit_log").select("id").orderBy("id").execute()).map((r) => r.id);
    await storage.db.deleteFrom("audit_log").where("id", "=", ids[2]!).execute();
    const check = await verifyAuditChain(storage.db);
    expect(check).toMatchObject({ ok: false, broken: { id: ids[3] } });
    expect(check.ok === false && check.broken.reason).toContain(`entry ${ids[1]}`);
  });

  it("still verifies after the retention purge removed the oldest entries", async () => {
    await clear();
    const day = 86_400_000;
    const now = new Date("2028-06-15T12:00:00.000Z");
    const cutoff = subMonths(new UTCDate(now), retentionPolicy.auditLog.default);
    const old = [3, 2, 1].map((d) => new Date(cutoff.getTime() - d * day));
    for (const [i, when] of old.entries()) await append(storage.db, i, when);
    await append(storage.db, 10, new Date(cutoff.getTime() + day));
    // Written after a newer entry (a clock set back): kept until the entry before it goes.
    await append(storage.db, 11, new Date(cutoff.getTime() - day));
    await append(storage.db, 12, new Date(cutoff.getTime() + 2 * day));

    expect(await purgeAudit(storage.db, now)).toBe(3);
    const left = await storage.db.selectFrom("audit_log").select(["subject", "prev_hash"]).orderBy("id").execute();
    expect(left.map((r) => r.subject)).toEqual(["APP-2026-000010", "APP-2026-000011", "APP-2026-000012"]);
    expect(left[0]!.prev_hash).not.toBe(genesisHash);
    expect(await verifyAuditChain(storage.db)).toMatchObject({ ok: true, entries: 3 });
    // And the chain goes on from its head.
    await append(storage.db, 13, now);
    expect(await verifyAuditChain(storage.db)).toMatchObject({ ok: true, entries: 4 });
  });
});

describe.each(backends)("migration 007 on %s", (backend) => {
  const env = useBackend(backend);

  it("chains the entries written before it, in the order they were written", async () => {
    const db = env.config.databaseUrl
      ? new Kysely<Database>({
          dialect: new PostgresDialect({
            pool: new pg.Pool({ connectionString: env.config.databaseUrl }),
            cursor: Cursor,
          }),
        })
      : new Kysely<Database>({
          dialect: new SqliteDialect({ database: new SQLite(path.join(env.config.dataDir, "site.db")) }),
        });
    try {
      const all = migrations(backend);
      const names = Object.keys(all);
      const before = names.slice(0, names.indexOf("007-audit-chain"));
      const upTo006 = new Migrator({
        db,
        provider: { getMigrations: async () => Object.fromEntries(before.map((n) => [n, all[n]!])) },
      });
      expect((await upTo006.migrateToLatest()).error).toBeUndefined();
      for (const [i, action] of ["sign-in", "view", "export"].entries()) {
        await (db as unknown as Kysely<Record<string, Record<string, unknown>>>)
          .insertInto("audit_log")
          .values({ at: at(i).toISOString(), staff_id: 1, staff_name: "Ada Admin", action, subject: null })
          .execute();
      }
      await migrateToLatest(db as Kysely<unknown>, backend);
      expect(await verifyAuditChain(db)).toMatchObject({ ok: true, entries: 3 });
      await appendAudit(db, { operator: "cli:test", action: "view" }, at(5));
      expect(await verifyAuditChain(db)).toMatchObject({ ok: true, entries: 4 });
    } finally {
      await db.destroy();
    }
  });
});
