/**
 * Moves the site from SQLite to an empty PostgreSQL database (docs/decisions/050). In one
 * PostgreSQL transaction: the migrations create this version's schema, the rows the migrations
 * seed are removed, every table is copied with its ids in foreign-key order, and each sequence is
 * set past the highest id SQLite ever gave (sqlite_sequence), so an erased submission's id is not
 * given again to someone else. A failure anywhere rolls all of it back: the target is empty again
 * and the move can simply be run again. SQLite is opened read-only and read in one snapshot.
 *
 * The tables are the ones this version's migrations create on PostgreSQL, checked against the
 * tables SQLite holds: a table added by a later migration is moved without a list to update.
 */
import SQLite from "better-sqlite3";
import { Kysely, PostgresDialect, sql, type Transaction } from "kysely";
import crypto from "node:crypto";
import path from "node:path";
import pg from "pg";
import Cursor from "pg-cursor";
import { knownSchemaVersions } from "./backup";
import { migrateToLatest } from "./migrations/index";
import type { Database } from "./schema";

export class MoveError extends Error {}

export interface MoveReport {
  /** Table → rows copied, in the order they were copied. */
  tables: [string, number][];
  schemaVersion: string;
}

/** Rows per INSERT: well under PostgreSQL's 65,535 parameters for the widest table. */
const batch = 500;

/**
 * A pool of one connection: Kysely's transaction and the migrator's own Kysely run on the same
 * session, so the migrations' DDL belongs to the copy's transaction.
 */
function oneConnectionPool(client: pg.Client) {
  let failed: Error | undefined;
  client.on("error", (error) => (failed = error));
  const pooled = Object.assign(client, { release() {} });
  return {
    async connect() {
      // A broken session must not be replaced by a fresh one outside the transaction.
      if (failed) throw failed;
      return pooled;
    },
    async end() {
      await client.end();
    },
  };
}

/** Tables SQLite holds for itself: its own, Kysely's and the FTS5 search table with its shadows. */
function sqliteTables(source: SQLite.Database): string[] {
  const rows = source
    .prepare("select name, sql from sqlite_master where type = 'table' and name not like 'sqlite\\_%' escape '\\'")
    .all() as { name: string; sql: string }[];
  const virtual = rows.filter((r) => /^create virtual table/i.test(r.sql)).map((r) => r.name);
  return rows
    .map((r) => r.name)
    .filter((n) => !n.startsWith("kysely_") && !virtual.some((v) => n === v || n.startsWith(`${v}_`)))
    .sort();
}

async function postgresTables(db: Kysely<Database>): Promise<string[]> {
  const rows = await sql<{ name: string }>`
    select tablename as name from pg_tables
    where schemaname = current_schema() and tablename not like 'kysely\\_%'
    order by tablename`.execute(db);
  return rows.rows.map((r) => r.name);
}

/** Parents before children, by the foreign keys PostgreSQL's schema declares. */
async function inForeignKeyOrder(db: Kysely<Database>, tables: string[]): Promise<string[]> {
  const keys = await sql<{ child: string; parent: string }>`
    select c.relname as child, p.relname as parent from pg_constraint k
    join pg_class c on c.oid = k.conrelid join pg_class p on p.oid = k.confrelid
    where k.contype = 'f' and c.relnamespace = current_schema()::regnamespace`.execute(db);
  const parents = new Map(tables.map((t) => [t, new Set<string>()]));
  for (const k of keys.rows) if (k.child !== k.parent) parents.get(k.child)?.add(k.parent);
  const ordered: string[] = [];
  while (ordered.length < tables.length) {
    const ready = tables.filter((t) => !ordered.includes(t) && [...parents.get(t)!].every((p) => ordered.includes(p)));
    if (ready.length === 0) throw new MoveError("the schema's foreign keys form a cycle: the tables cannot be ordered");
    ordered.push(...ready);
  }
  return ordered;
}

async function columnsOf(db: Kysely<Database>, table: string): Promise<string[]> {
  const rows = await sql<{ name: string }>`
    select column_name as name from information_schema.columns
    where table_schema = current_schema() and table_name = ${table} order by ordinal_position`.execute(db);
  return rows.rows.map((r) => r.name);
}

/** Whether the PostgreSQL database holds any table of its own yet. */
async function tableCount(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const r = await client.query<{ n: string }>(
      "select count(*) as n from pg_tables where schemaname = current_schema()",
    );
    return Number(r.rows[0]!.n);
  } finally {
    await client.end();
  }
}

/**
 * Copies the SQLite database in `dataDir` to the PostgreSQL database at `url`. `beforeCommit`
 * runs last inside the transaction (the CLI appends its audit entry and verifies the chain
 * there); its throwing undoes the move.
 */
export async function moveToPostgres(opts: {
  dataDir: string;
  url: string;
  beforeCommit?: (db: Transaction<Database>, report: MoveReport) => Promise<void>;
}): Promise<MoveReport> {
  const held = await tableCount(opts.url);
  if (held > 0)
    throw new MoveError(
      `the PostgreSQL database already has ${held} tables: move only into an empty database (createdb a new one).`,
    );

  const file = path.join(opts.dataDir, "site.db");
  let source: SQLite.Database;
  try {
    source = new SQLite(file, { readonly: true, fileMustExist: true });
  } catch {
    throw new MoveError(`${file} cannot be opened: set DATA_DIR to the folder of the SQLite database.`);
  }
  const client = new pg.Client({ connectionString: opts.url });
  await client.connect();
  const target = new Kysely<Database>({
    dialect: new PostgresDialect({ pool: oneConnectionPool(client), cursor: Cursor }),
  });
  try {
    source.pragma("busy_timeout = 5000");
    // One read transaction: every table is read as of the same moment.
    source.exec("begin");
    const version = (source.prepare("select max(name) as name from kysely_migration").get() as { name: string | null })
      .name;
    const latest = knownSchemaVersions("sqlite").at(-1)!;
    if (version !== latest)
      throw new MoveError(
        `the SQLite database's schema is ${version ?? "empty"}, this version's is ${latest}: ` +
          "run this version of the site on it once (it migrates on start), then move.",
      );
    const report: MoveReport = { tables: [], schemaVersion: latest };
    await target.transaction().execute(async (trx) => {
      // The migrator's own Kysely on the same session: its DDL is part of this transaction.
      const migrating = new Kysely<unknown>({ dialect: new PostgresDialect({ pool: oneConnectionPool(client) }) });
      await migrateToLatest(migrating, "postgres", { inOpenTransaction: true });

      const tables = await postgresTables(trx);
      const fromSqlite = sqliteTables(source);
      const unknown = fromSqlite.filter((t) => !tables.includes(t));
      const missing = tables.filter((t) => !fromSqlite.includes(t));
      if (unknown.length || missing.length)
        throw new MoveError(
          `the two schemas differ: only in SQLite ${unknown.join(", ") || "none"}; only in PostgreSQL ${missing.join(", ") || "none"}`,
        );
      const order = await inForeignKeyOrder(trx, tables);
      // The rows the migrations seed (keys, first roles, templates) give way to SQLite's own.
      for (const table of [...order].reverse()) await sql`delete from ${sql.table(table)}`.execute(trx);

      for (const table of order) {
        const columns = await columnsOf(trx, table);
        const sqliteColumns = (source.pragma(`table_info(${table})`) as { name: string }[]).map((c) => c.name);
        // Either way a column would be lost or invented: the schemas must agree.
        const absent = columns.filter((c) => !sqliteColumns.includes(c));
        if (absent.length) throw new MoveError(`${table} lacks ${absent.join(", ")} in SQLite`);
        const extra = sqliteColumns.filter((c) => !columns.includes(c));
        if (extra.length) throw new MoveError(`${table} has ${extra.join(", ")} in SQLite only`);
        const select = source.prepare(
          `select ${columns.map((c) => `"${c}"`).join(", ")} from "${table}" order by rowid`,
        );
        let rows: Record<string, unknown>[] = [];
        let copied = 0;
        const flush = async () => {
          if (rows.length === 0) return;
          await trx
            .insertInto(table as keyof Database)
            .values(rows as never)
            .execute();
          copied += rows.length;
          rows = [];
        };
        for (const row of select.iterate() as IterableIterator<Record<string, unknown>>) {
          rows.push(row);
          if (rows.length >= batch) await flush();
        }
        await flush();
        report.tables.push([table, copied]);
        await setSequences(trx, source, table, columns);
      }
      await checkCopy(trx, source, report);
      await opts.beforeCommit?.(trx, report);
    });
    // The planner's statistics for the copied tables, and the trigram index's.
    await sql`analyze`.execute(target);
    return report;
  } finally {
    if (source.inTransaction) source.exec("rollback");
    source.close();
    await target.destroy();
  }
}

/**
 * Each serial column's sequence continues after the highest id SQLite gave: its AUTOINCREMENT
 * counter (which remembers ids of rows deleted since), else the largest id present.
 */
async function setSequences(trx: Transaction<Database>, source: SQLite.Database, table: string, columns: string[]) {
  for (const column of columns) {
    const found = await sql<{ seq: string | null }>`select pg_get_serial_sequence(${table}, ${column}) as seq`.execute(
      trx,
    );
    const seq = found.rows[0]?.seq;
    if (!seq) continue;
    const max = (source.prepare(`select max("${column}") as m from "${table}"`).get() as { m: number | null }).m ?? 0;
    const counter =
      (source.prepare("select seq from sqlite_sequence where name = ?").get(table) as { seq: number } | undefined)
        ?.seq ?? 0;
    const last = Math.max(max, counter);
    // is_called false with 1: the next id is 1; true with N: the next is N + 1.
    await sql`select setval(${seq}, ${Math.max(last, 1)}, ${last > 0})`.execute(trx);
  }
}

/** Row counts per table and every resume's bytes, compared inside the transaction. */
async function checkCopy(trx: Transaction<Database>, source: SQLite.Database, report: MoveReport) {
  for (const [table, copied] of report.tables) {
    const r = await sql<{ n: string }>`select count(*) as n from ${sql.table(table)}`.execute(trx);
    if (Number(r.rows[0]!.n) !== copied) throw new MoveError(`${table}: ${r.rows[0]!.n} rows arrived of ${copied}`);
  }
  const moved = await sql<{
    id: number;
    digest: string;
  }>`select submission_id as id, encode(sha256(content), 'hex') as digest from resumes`.execute(trx);
  const digests = new Map(moved.rows.map((r) => [Number(r.id), r.digest]));
  for (const row of source.prepare("select submission_id as id, content from resumes").iterate() as IterableIterator<{
    id: number;
    content: Buffer;
  }>) {
    if (digests.get(row.id) !== crypto.createHash("sha256").update(row.content).digest("hex"))
      throw new MoveError(`the resume of submission ${row.id} did not arrive byte for byte`);
  }
}
