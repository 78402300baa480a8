/**
 * One submission budget per client (an IPv4 address or an IPv6 /64) across the three forms:
 * RATE_LIMIT_MAX per RATE_LIMIT_WINDOW, shared between instances through Redis when REDIS_URL is
 * set. A route's own `config.rateLimit` would give each form a budget of its own (three times the
 * stated limit), so every form uses the one handler made from the plugin's shared store.
 */
import rateLimit, { normalizeIP } from "@fastify/rate-limit";
import type { FastifyInstance, onRequestHookHandler } from "fastify";
import { Redis } from "ioredis";
import type { Config } from "../config";
import { memoryBackoff, redisBackoff } from "./backoff";
import { redisReady } from "./redis-ready";

/**
 * An IPv6 subscriber is handed a whole /64 (RFC 6177), so rotating through its addresses costs
 * nothing: the budget belongs to the /64.
 */
export const ipv6Prefix = 64;

/**
 * Whose budget a request spends: its IPv4 address (an IPv4-mapped IPv6 address counts as the
 * IPv4 one), or its IPv6 /64. The limit, its Redis store and the backoff all key by this.
 */
export function clientKey(ip: string): string {
  return normalizeIP(ip, ipv6Prefix);
}

/** "9 minutes", "1 minute", "45 seconds": the wait, rounded up, in words. */
export function waitInWords(ms: number): string {
  const seconds = Math.max(1, Math.ceil(ms / 1000));
  if (seconds < 60) return `${seconds} ${seconds === 1 ? "second" : "seconds"}`;
  const minutes = Math.ceil(seconds / 60);
  if (minutes < 120) return `${minutes} ${minutes === 1 ? "minute" : "minutes"}`;
  // The backoff's longer waits (plugins/backoff.ts), in hours.
  return `${Math.ceil(minutes / 60)} hours`;
}

export function rateLimitMessage(ms: number): string {
  return `Too many submissions from your address. Please try again in ${waitInWords(ms)}.`;
}

/**
 * The Redis a limit shares between instances (REDIS_URL), closed with `app`, or undefined without
 * one (each instance then counts alone, in memory).
 */
function sharedStore(app: FastifyInstance, config: Config): Redis | undefined {
  if (!config.redisUrl) return undefined;
  const redis = new Redis(config.redisUrl, { maxRetriesPerRequest: 1, enableOfflineQueue: false });
  app.addHook("onClose", async () => void redis.disconnect());
  app.addHook("onReady", () => redisReady(redis));
  return redis;
}

/**
 * A budget of `max` requests a minute per client for every route `app` (an encapsulated plugin)
 * registers after this, kept in Redis under `nameSpace` when REDIS_URL is set, so instances share
 * it; 429 with Retry-After and `message` with the wait in words. Nothing when `max` is 0.
 */
export async function routesRateLimit(
  app: FastifyInstance,
  config: Config,
  opts: { max: number; nameSpace: string; message: (wait: string) => string },
): Promise<void> {
  if (opts.max <= 0) return;
  await app.register(rateLimit, {
    global: true,
    max: opts.max,
    timeWindow: 60_000,
    redis: sharedStore(app, config),
    nameSpace: opts.nameSpace,
    keyGenerator: (req) => clientKey(req.ip),
    skipOnError: false,
    errorResponseBuilder: (_req, ctx) => ({
      statusCode: 429,
      code: "RATE_LIMITED",
      message: opts.message(waitInWords(ctx.ttl)),
    }),
  });
}

/**
 * Registers the limit; returns the hooks each submission route runs (the backoff of repeated
 * refusals, plugins/backoff.ts, then the limit itself), or undefined when off.
 */
export async function submissionRateLimit(
  app: FastifyInstance,
  config: Config,
): Promise<onRequestHookHandler[] | undefined> {
  if (config.rateLimit.max <= 0) return undefined;
  const redis = sharedStore(app, config);
  const backoff = redis ? redisBackoff(redis, config.rateLimit.windowMs) : memoryBackoff(config.rateLimit.windowMs);
  await app.register(rateLimit, {
    global: false,
    max: config.rateLimit.max,
    timeWindow: config.rateLimit.windowMs,
    redis,
    nameSpace: "submissions-rl:",
    keyGenerator: (req) => clientKey(req.ip),
    skipOnError: false,
    // api-errors.ts passes this message through (code RATE_LIMITED).
    errorResponseBuilder: (_req, ctx) => ({
      statusCode: 429,
      code: "RATE_LIMITED",
      message: rateLimitMessage(ctx.ttl),
      // Read below to start the backoff; the error handler sends only the message.
      waitMs: ctx.ttl,
    }),
  });
  const limit = app.rateLimit() as (this: FastifyInstance, ...args: Parameters<onRequestHookHandler>) => Promise<void>;
  const hook: onRequestHookHandler = async function (req, reply) {
    const now = Date.now();
    const key = clientKey(req.ip);
    if ((await backoff.waitFor(key, now)) > 0) {
      // Still asked to wait, and sent again: the wait doubles.
      const wait = await backoff.strike(key, 0, now);
      return reply
        .code(429)
        .header("Retry-After", String(Math.ceil(wait / 1000)))
        .send({ status: false, message: rateLimitMessage(wait) });
    }
    try {
      await limit.call(this, req, reply, () => undefined);
    } catch (error) {
      // The first refusal starts the backoff, recorded before the answer leaves, so the next
      // request (to any instance, with Redis) already finds it.
      const waitMs = (error as { waitMs?: number }).waitMs;
      if (typeof waitMs === "number") await backoff.strike(key, waitMs, now);
      throw error;
    }
  };
  return [hook];
}
