/**
 * One submission budget per client address across the three forms: RATE_LIMIT_MAX per
 * RATE_LIMIT_WINDOW, shared between instances through Redis when REDIS_URL is set. A route's own
 * `config.rateLimit` would give each form a budget of its own (three times the stated limit), so
 * every form uses the one handler made from the plugin's shared store.
 */
import rateLimit from "@fastify/rate-limit";
import type { FastifyInstance, onRequestHookHandler } from "fastify";
import { Redis } from "ioredis";
import type { Config } from "../config";

/** "9 minutes", "1 minute", "45 seconds": the wait, rounded up, in words. */
export function waitInWords(ms: number): string {
  const seconds = Math.max(1, Math.ceil(ms / 1000));
  if (seconds < 60) return `${seconds} ${seconds === 1 ? "second" : "seconds"}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} ${minutes === 1 ? "minute" : "minutes"}`;
}

export function rateLimitMessage(ms: number): string {
  return `Too many submissions from your address. Please try again in ${waitInWords(ms)}.`;
}

/** Registers the limit; returns the hook each submission route runs, or undefined when off. */
export async function submissionRateLimit(
  app: FastifyInstance,
  config: Config,
): Promise<onRequestHookHandler | undefined> {
  if (config.rateLimit.max <= 0) return undefined;
  let redis: Redis | undefined;
  if (config.redisUrl) {
    redis = new Redis(config.redisUrl, { maxRetriesPerRequest: 1, enableOfflineQueue: false });
    app.addHook("onClose", async () => void redis?.disconnect());
  }
  await app.register(rateLimit, {
    global: false,
    max: config.rateLimit.max,
    timeWindow: config.rateLimit.windowMs,
    redis,
    nameSpace: "submissions-rl:",
    skipOnError: false,
    // api-errors.ts passes this message through (code RATE_LIMITED).
    errorResponseBuilder: (_req, ctx) => ({
      statusCode: 429,
      code: "RATE_LIMITED",
      message: rateLimitMessage(ctx.ttl),
    }),
  });
  return app.rateLimit() as onRequestHookHandler;
}
