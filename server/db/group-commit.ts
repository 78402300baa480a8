import type { Kysely, Transaction } from "kysely";
import type { Database } from "./schema";

/**
 * Database work done inside a transaction. It may share that transaction with other callers'
 * work and may be run a second time (after the shared transaction rolled back), so it must only
 * touch the database, and only through `trx`: a query on the Kysely instance itself would wait
 * for the connection the batch holds.
 */
export type TransactionWork<T> = (trx: Transaction<Database>) => Promise<T>;

interface Job {
  work: TransactionWork<unknown>;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

/**
 * Group commit for SQLite. With synchronous=FULL every commit waits for an fsync, on the event
 * loop's own thread (better-sqlite3 is synchronous), so one transaction per request makes every
 * request pay for an fsync and wait for all those ahead of it. Instead, work that arrives during
 * one turn of the event loop is queued and written in a single transaction: one fsync for all.
 *
 * Durability is unchanged: each caller's promise settles only after the commit that holds its
 * work has returned, so an answer sent after it still means "on disk". If the shared transaction
 * fails, its work is run again one job per transaction, so one bad job fails alone.
 */
export function createGroupCommit(db: Kysely<Database>) {
  let queue: Job[] = [];
  let scheduled = false;

  async function commitBatch(batch: Job[]): Promise<void> {
    try {
      const results = await db.transaction().execute(async (trx) => {
        const values: unknown[] = [];
        for (const job of batch) values.push(await job.work(trx));
        return values;
      });
      batch.forEach((job, i) => job.resolve(results[i]));
    } catch (error) {
      if (batch.length === 1) {
        batch[0]!.reject(error);
        return;
      }
      for (const job of batch) {
        try {
          job.resolve(await db.transaction().execute(job.work));
        } catch (jobError) {
          job.reject(jobError);
        }
      }
    }
  }

  // setImmediate runs after the poll phase, so the requests read in this turn of the event loop
  // have all reached the queue by then. Work queued while a batch commits goes in the next one.
  function schedule() {
    scheduled = true;
    setImmediate(() => {
      const batch = queue;
      queue = [];
      void commitBatch(batch).finally(() => {
        scheduled = false;
        if (queue.length > 0) schedule();
      });
    });
  }

  return function inTransaction<T>(work: TransactionWork<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      queue.push({ work, resolve: resolve as (value: unknown) => void, reject });
      if (!scheduled) schedule();
    });
  };
}
