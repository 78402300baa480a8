/**
 * A per-minute budget for a plugin's routes (routesRateLimit, used by /preview/, decision 077):
 * with REDIS_URL two instances spend one budget per client, so a second instance refuses what the
 * first allowed; without it each instance counts alone; 0 turns it off. A real redis-server on
 * loopback; bare Fastify instances, no database.
 */
import Fastify, { type FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Config } from "../config";
import { startRedis } from "../test-support/redis";
import { routesRateLimit } from "./rate-limit";

/** An instance with one limited route, /limited, and one outside the plugin, /free. */
async function instance(redisUrl: string | undefined, max: number): Promise<FastifyInstance> {
  const app = Fastify();
  await app.register(async (scope) => {
    await routesRateLimit(scope, { redisUrl } as Config, {
      max,
      nameSpace: "test-rl:",
      message: (wait) => `Too many pages from your address. Please try again in ${wait}.`,
    });
    scope.get("/limited", async () => "page");
  });
  app.get("/free", async () => "free");
  await app.ready();
  return app;
}

const from = (app: FastifyInstance, url: string, remoteAddress: string) =>
  app.inject({ method: "GET", url, remoteAddress });

describe("a routes' rate limit", () => {
  let redis: Awaited<ReturnType<typeof startRedis>>;
  const apps: FastifyInstance[] = [];
  beforeAll(async () => {
    redis = await startRedis();
  }, 30_000);
  afterAll(async () => {
    for (const app of apps) await app.close();
    await redis?.stop();
  });
  const made = async (redisUrl: string | undefined, max: number) => {
    const app = await instance(redisUrl, max);
    apps.push(app);
    return app;
  };

  it("shares one budget per client between two instances through Redis", async () => {
    const url = `redis://127.0.0.1:${redis.port}`;
    const [a, b] = [await made(url, 3), await made(url, 3)];
    const ip = "203.0.113.5";
    expect((await from(a, "/limited", ip)).statusCode).toBe(200);
    expect((await from(b, "/limited", ip)).statusCode).toBe(200);
    expect((await from(a, "/limited", ip)).statusCode).toBe(200);
    const refused = await from(b, "/limited", ip);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
    expect(refused.json().message).toMatch(
      /^Too many pages from your address\. Please try again in (1 minute|\d+ seconds)\.$/,
    );
    // Another client, and the routes outside the plugin, are not touched.
    expect((await from(b, "/limited", "203.0.113.6")).statusCode).toBe(200);
    expect((await from(b, "/free", ip)).statusCode).toBe(200);
  });

  it("counts on each instance alone without Redis, and not at all at 0", async () => {
    const [a, b] = [await made(undefined, 1), await made(undefined, 1)];
    const ip = "203.0.113.7";
    expect((await from(a, "/limited", ip)).statusCode).toBe(200);
    expect((await from(a, "/limited", ip)).statusCode).toBe(429);
    expect((await from(b, "/limited", ip)).statusCode).toBe(200);
    const off = await made(undefined, 0);
    for (let i = 0; i < 5; i++) expect((await from(off, "/limited", ip)).statusCode).toBe(200);
  });
});
