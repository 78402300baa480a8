/**
 * Proofs of work are single-use: each answered challenge is recorded until it expires. With
 * REDIS_URL every instance shares the record in Redis (SET NX with the expiry), otherwise it is
 * the database's `spam_proofs_used` table (a primary key: a second insert of the same signature
 * inserts nothing). Expired rows are deleted by the daily retention job.
 */
import type { Redis } from "ioredis";
import type { Storage } from "../db/db";

export interface UsedProofs {
  /** True the first time a signature is claimed; false for every later claim before `expiresAt`. */
  claim(signature: string, expiresAt: Date): Promise<boolean>;
}

export function usedProofsInDatabase(storage: Pick<Storage, "transaction">): UsedProofs {
  return {
    async claim(signature, expiresAt) {
      const result = await storage.transaction((trx) =>
        trx
          .insertInto("spam_proofs_used")
          .values({ signature, expires_at: expiresAt.toISOString() })
          .onConflict((oc) => oc.column("signature").doNothing())
          .executeTakeFirst(),
      );
      return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
    },
  };
}

export function usedProofsInRedis(redis: Redis): UsedProofs {
  return {
    async claim(signature, expiresAt) {
      const ms = Math.max(1000, expiresAt.getTime() - Date.now());
      return (await redis.set(`spam-proof-used:${signature}`, "1", "PX", ms, "NX")) === "OK";
    },
  };
}
