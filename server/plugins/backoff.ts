/**
 * Repeated refusals slow an address further. After the rate limit has refused an address once,
 * each request it sends before its wait is over is refused too and doubles the wait: two
 * windows, then four, eight, … up to a day. An address that waits as told starts afresh
 * once the record expires (its wait plus one window). Shared through Redis when REDIS_URL is set,
 * so a client cannot escape it by reaching another instance; otherwise kept in this process
 * (bounded: the oldest addresses are dropped beyond 10,000).
 */
import type { Redis } from "ioredis";

export const maxBackoffMs = 24 * 60 * 60_000;

export interface Backoff {
  /** Milliseconds this address must still wait, 0 when it may send. */
  waitFor(ip: string, now: number): Promise<number>;
  /** Records one more refusal; returns the wait it now has. `firstWaitMs`: the rate limit's own wait. */
  strike(ip: string, firstWaitMs: number, now: number): Promise<number>;
}

/** The wait after the n-th refusal in a row. */
export function backoffWait(strikes: number, firstWaitMs: number, windowMs: number): number {
  if (strikes <= 1) return firstWaitMs;
  return Math.min(maxBackoffMs, windowMs * 2 ** (strikes - 1));
}

export function memoryBackoff(windowMs: number, maxEntries = 10_000): Backoff {
  const entries = new Map<string, { strikes: number; until: number; forgetAt: number }>();
  return {
    async waitFor(ip, now) {
      const e = entries.get(ip);
      if (!e) return 0;
      if (now >= e.forgetAt) {
        entries.delete(ip);
        return 0;
      }
      return Math.max(0, e.until - now);
    },
    async strike(ip, firstWaitMs, now) {
      const e = entries.get(ip);
      const strikes = e && now < e.forgetAt ? e.strikes + 1 : 1;
      const wait = backoffWait(strikes, firstWaitMs, windowMs);
      entries.delete(ip);
      if (entries.size >= maxEntries) entries.delete(entries.keys().next().value!);
      entries.set(ip, { strikes, until: now + wait, forgetAt: now + wait + windowMs });
      return wait;
    },
  };
}

export function redisBackoff(redis: Redis, windowMs: number): Backoff {
  const key = (ip: string) => `submissions-backoff:${ip}`;
  return {
    async waitFor(ip, now) {
      const until = Number(await redis.hget(key(ip), "until"));
      return Number.isFinite(until) ? Math.max(0, until - now) : 0;
    },
    async strike(ip, firstWaitMs, now) {
      const strikes = await redis.hincrby(key(ip), "strikes", 1);
      const wait = backoffWait(strikes, firstWaitMs, windowMs);
      await redis
        .multi()
        .hset(key(ip), "until", String(now + wait))
        .pexpire(key(ip), wait + windowMs)
        .exec();
      return wait;
    },
  };
}
