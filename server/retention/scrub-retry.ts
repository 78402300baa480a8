/**
 * When an erasure's scrub cannot finish (SQLite: another process reads an old snapshot, so the
 * WAL cannot be checkpointed and truncated), the deleted rows' bytes stay in the WAL until a
 * checkpoint succeeds. The server does not wait for the next erasure: it retries by itself, a
 * bounded number of times on a widening interval, in the background (timers that do not keep
 * the process alive). One retry sequence per storage at a time.
 */
import type { Storage } from "../db/db";

/** About 8½ minutes in all: long enough for an export or a backup to finish reading. */
export const scrubRetryDelaysMs = [1_000, 2_000, 5_000, 10_000, 30_000, 60_000, 120_000, 300_000];

interface Retrying {
  timer: NodeJS.Timeout;
  attempt: number;
}

const retrying = new WeakMap<Storage, Retrying>();

/** Scrubs now; when it cannot finish, starts the background retries and answers incomplete. */
export async function scrubNowOrLater(
  storage: Storage,
  delaysMs: readonly number[] = scrubRetryDelaysMs,
): Promise<{ complete: boolean }> {
  const result = await storage.scrub();
  if (!result.complete) retryScrub(storage, delaysMs);
  return result;
}

/** Starts the retries unless some are under way; each stops once a scrub completes. */
export function retryScrub(storage: Storage, delaysMs: readonly number[] = scrubRetryDelaysMs): void {
  if (retrying.has(storage) || delaysMs.length === 0) return;
  const schedule = (attempt: number) => {
    const timer = setTimeout(() => {
      storage.scrub().then(
        ({ complete }) => {
          retrying.delete(storage);
          if (!complete && attempt + 1 < delaysMs.length) schedule(attempt + 1);
        },
        // A closed storage (the server stopping) ends the retries.
        () => retrying.delete(storage),
      );
    }, delaysMs[attempt]);
    timer.unref();
    retrying.set(storage, { timer, attempt });
  };
  schedule(0);
}

/** True while background retries are pending for this storage (for the console and tests). */
export function scrubPending(storage: Storage): boolean {
  return retrying.has(storage);
}

/** Stops pending retries (the server closing). */
export function stopScrubRetries(storage: Storage): void {
  const r = retrying.get(storage);
  if (r) clearTimeout(r.timer);
  retrying.delete(storage);
}
