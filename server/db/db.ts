import SQLite from "better-sqlite3";
import { Kysely, PostgresDialect, SqliteDialect, sql, type SqliteDatabase } from "kysely";
import path from "node:path";
import pg from "pg";
import Cursor from "pg-cursor";
import { createGroupCommit, type TransactionWork } from "./group-commit";
import { migrateToLatest } from "./migrations/index";
import { privateDir, privateFile, restrictIfPresent } from "./private-files";
import type { Dialect } from "./dialect";
import type { Database } from "./schema";

export type { Dialect } from "./dialect";

export interface Storage {
  db: Kysely<Database>;
  dialect: Dialect;
  /**
   * Runs `work` in a transaction and settles once it has committed. On SQLite, concurrent calls
   * share one transaction and one fsync (group-commit.ts); PostgreSQL already flushes concurrent
   * commits together, so there each call has its own transaction.
   */
  transaction<T>(work: TransactionWork<T>): Promise<T>;
  /**
   * After a deletion of personal data: leaves no copy of deleted rows in files the database
   * keeps. SQLite deletes with secure_delete (freed space is zeroed), and this checkpoints the
   * WAL into the database and truncates it. PostgreSQL: a plain VACUUM of the tables, which makes
   * the dead rows' space reusable but does not overwrite it (see docs/operations.md, "Erasure").
   */
  scrub(): Promise<{ complete: boolean }>;
  /** True when a trivial query answers. */
  ping(): Promise<boolean>;
  close(): Promise<void>;
}

/**
 * better-sqlite3 compiles SQL on every prepare() and Kysely prepares each query it runs, while a
 * submission repeats the same few statements: compiling them once saves about a tenth of the
 * request's time. The cache is emptied when full, so ad-hoc operator queries cannot grow it.
 * Reusing a statement is safe because Kysely runs one query at a time on its SQLite connection.
 */
function withStatementCache(file: SQLite.Database, max = 200): SqliteDatabase {
  const statements = new Map<string, SQLite.Statement>();
  return {
    prepare(query) {
      let statement = statements.get(query);
      if (!statement) {
        if (statements.size >= max) statements.clear();
        statement = file.prepare(query);
        statements.set(query, statement);
      }
      return statement;
    },
    close: () => file.close(),
  };
}

/**
 * PostgreSQL when DATABASE_URL is set, else SQLite in DATA_DIR/site.db. SQLite runs in WAL mode
 * with synchronous=FULL: once a transaction commits (and the API has answered 201), it survives
 * a crash or power loss.
 */
export async function openStorage(opts: { databaseUrl?: string; dataDir: string }): Promise<Storage> {
  let db: Kysely<Database>;
  let dialect: Dialect;
  let scrub = async () => {
    await sql`vacuum submissions, resumes, outbox`.execute(db);
    return { complete: true };
  };
  if (opts.databaseUrl) {
    dialect = "postgres";
    const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: 10 });
    // A connection that breaks (PostgreSQL restarted or stopped) fails its query, if it has one,
    // and is dropped from the pool; the next query opens a fresh one. Without these listeners the
    // break would also be an unhandled error event, which ends the process: /readyz reports it.
    pool.on("error", () => undefined);
    pool.on("connect", (client) => client.on("error", () => undefined));
    // The cursor lets exports stream rows instead of loading them all.
    db = new Kysely<Database>({ dialect: new PostgresDialect({ pool, cursor: Cursor }) });
  } else {
    dialect = "sqlite";
    privateDir(opts.dataDir);
    const dbFile = path.join(opts.dataDir, "site.db");
    // SQLite gives the -wal and -shm files the database file's permissions: a 0600 database
    // keeps all three private. Files left readable by an older version are narrowed too.
    privateFile(dbFile);
    for (const extra of ["-wal", "-shm", "-journal"]) restrictIfPresent(dbFile + extra);
    const file = new SQLite(dbFile);
    file.pragma("journal_mode = WAL");
    // Deleted rows are overwritten with zeros instead of lingering in free pages (erasure).
    file.pragma("secure_delete = ON");
    file.pragma("synchronous = FULL");
    file.pragma("busy_timeout = 5000");
    file.pragma("foreign_keys = ON");
    db = new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(file) }) });
    scrub = async () =>
      // TRUNCATE copies every page into the database and empties the WAL, which still held the
      // rows as they were written. It cannot finish while another connection reads an old
      // snapshot; then `busy` is 1 and the caller says so (and retries later: scrub-retry.ts).
      // Without waiting: better-sqlite3 is synchronous, so a busy timeout would stop the whole
      // server (every form, every sign-in) for its length. The connection is held throughout,
      // so no other query runs with the timeout at zero.
      db.connection().execute(async (conn) => {
        await sql`pragma busy_timeout = 0`.execute(conn);
        try {
          const result = await sql<{ busy: number }>`pragma wal_checkpoint(TRUNCATE)`.execute(conn);
          return { complete: result.rows[0]?.busy === 0 };
        } finally {
          await sql`pragma busy_timeout = 5000`.execute(conn);
        }
      });
  }
  await migrateToLatest(db as Kysely<unknown>, dialect);
  const transaction =
    dialect === "sqlite" ? createGroupCommit(db) : <T>(work: TransactionWork<T>) => db.transaction().execute(work);
  return {
    db,
    dialect,
    transaction,
    scrub: () => scrub(),
    async ping() {
      try {
        await sql`select 1`.execute(db);
        return true;
      } catch {
        return false;
      }
    },
    close: () => db.destroy(),
  };
}
