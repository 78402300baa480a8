/**
 * The dialect adapter: every place where SQLite and PostgreSQL need different SQL is here or
 * elsewhere in server/db/ (the connection, backups, the search's SQL), so the domains above write
 * one query for both (docs/decisions/054-server-rooms.md).
 */
import { PostgresAdapter, sql, type Kysely, type RawBuilder } from "kysely";

export type Dialect = "sqlite" | "postgres";

/** The database a Kysely instance speaks to, read from its adapter (callers pass only `db`). */
export function dialectOf<DB>(db: Kysely<DB>): Dialect {
  return db.getExecutor().adapter instanceof PostgresAdapter ? "postgres" : "sqlite";
}

/**
 * The rows read kept for this transaction: `for update` on PostgreSQL. SQLite has no row locks
 * and needs none: its one writer at a time already serialises the read and the write after it.
 */
export function forUpdate<Q extends { forUpdate(): Q }>(dialect: Dialect, query: Q): Q {
  return dialect === "postgres" ? query.forUpdate() : query;
}

/**
 * For a queue's claim: rows another instance holds are passed over on PostgreSQL (`for update
 * skip locked`); on SQLite the claim's transaction is the only writer, so nothing is locked.
 */
export function skipLocked(dialect: Dialect): RawBuilder<unknown> {
  return dialect === "postgres" ? sql`for update skip locked` : sql``;
}

/** Column types the two databases spell differently, for the migrations. */
export function columnTypes(dialect: Dialect): { id: string; bytes: string; real: string } {
  return dialect === "postgres"
    ? { id: "serial primary key", bytes: "bytea", real: "double precision" }
    : { id: "integer primary key autoincrement", bytes: "blob", real: "real" };
}

/**
 * Runs `work` as the only writer of its kind across processes (server instances, the CLI):
 * PostgreSQL takes the transaction-scoped advisory lock `lockKey`, SQLite starts the transaction
 * with BEGIN IMMEDIATE (the database's one write lock, waited for up to busy_timeout). Inside the
 * caller's transaction `work` joins it; on SQLite that transaction already holds the only
 * connection.
 */
export async function asOnlyWriter<DB>(
  db: Kysely<DB>,
  lockKey: number,
  work: (db: Kysely<DB>) => Promise<void>,
): Promise<void> {
  const postgres = dialectOf(db) === "postgres";
  if (db.isTransaction) {
    if (postgres) await sql`select pg_advisory_xact_lock(${lockKey})`.execute(db);
    return work(db);
  }
  if (postgres) {
    return db.transaction().execute(async (trx) => {
      await sql`select pg_advisory_xact_lock(${lockKey})`.execute(trx);
      await work(trx);
    });
  }
  await db.connection().execute(async (conn) => {
    await sql`begin immediate`.execute(conn);
    try {
      await work(conn);
      await sql`commit`.execute(conn);
    } catch (error) {
      await sql`rollback`.execute(conn);
      throw error;
    }
  });
}
