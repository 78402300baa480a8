import type { Redis } from "ioredis";

/**
 * Resolves once the client is connected, or after `timeoutMs` (Redis down at start-up must not
 * stop the server from starting; its commands then fail as they would later). Clients made with
 * `enableOfflineQueue: false` refuse commands until connected, so the server waits for this
 * (an onReady hook) before answering its first request.
 */
export function redisReady(redis: Redis, timeoutMs = 10_000): Promise<void> {
  if (redis.status === "ready") return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      redis.off("ready", done);
      resolve();
    };
    const timer = setTimeout(done, timeoutMs);
    timer.unref();
    redis.once("ready", done);
  });
}
