import SQLite from "better-sqlite3";
import { Kysely, PostgresDialect, SqliteDialect, sql, type SqliteDatabase } from "kysely";
import fs from "node:fs";
import path from "node:path";
import pg from "pg";
import Cursor from "pg-cursor";
import { createGroupCommit, type TransactionWork } from "./group-commit";
import { migrateToLatest } from "./migrations";
import type { Database } from "./schema";

export type Dialect = "sqlite" | "postgres";

export interface Storage {
  db: Kysely<Database>;
  dialect: Dialect;
  /**
   * Runs `work` in a transaction and settles once it has committed. On SQLite, concurrent calls
   * share one transaction and one fsync (group-commit.ts); PostgreSQL already flushes concurrent
   * commits together, so there each call has its own transaction.
   */
  transaction<T>(work: TransactionWork<T>): Promise<T>;
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
  if (opts.databaseUrl) {
    dialect = "postgres";
    const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: 10 });
    // The cursor lets exports stream rows instead of loading them all.
    db = new Kysely<Database>({ dialect: new PostgresDialect({ pool, cursor: Cursor }) });
  } else {
    dialect = "sqlite";
    fs.mkdirSync(opts.dataDir, { recursive: true });
    const file = new SQLite(path.join(opts.dataDir, "site.db"));
    file.pragma("journal_mode = WAL");
    file.pragma("synchronous = FULL");
    file.pragma("busy_timeout = 5000");
    file.pragma("foreign_keys = ON");
    db = new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(file) }) });
  }
  await migrateToLatest(db as Kysely<unknown>, dialect);
  const transaction =
    dialect === "sqlite" ? createGroupCommit(db) : <T>(work: TransactionWork<T>) => db.transaction().execute(work);
  return {
    db,
    dialect,
    transaction,
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
