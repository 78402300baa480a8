/**
 * With REDIS_URL, two instances share what the spam defence remembers: a proof used on one is
 * refused on the other, and an address refused by one is slowed further by the other (backoff).
 * A real redis-server on loopback.
 */
import type { Challenge } from "altcha-lib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../app";
import { startRedis } from "../test-support/redis";
import { useBackend } from "../test-support/backends";
import { jsonHeaders, validContact } from "../test-support/fixtures";
import { solve } from "../test-support/spam-proof";
import { proofMessages } from "./proof";

type App = Awaited<ReturnType<typeof buildApp>>;

describe("spam defence shared through Redis", () => {
  const shared = {
    RATE_LIMIT_MAX: "2",
    RATE_LIMIT_WINDOW: "60000",
    SPAM_PROOF_REQUIRED: "true",
    SPAM_MIN_SECONDS: "0",
    // Both instances sign with one key, as instances behind one load balancer must.
    SPAM_PROOF_SECRET: "a-proof-secret-shared-by-both-instances",
  };
  let redis: Awaited<ReturnType<typeof startRedis>>;
  const envA = useBackend("sqlite", shared);
  const envB = useBackend("sqlite", shared);
  let a: App;
  let b: App;

  beforeAll(async () => {
    redis = await startRedis();
    const url = `redis://127.0.0.1:${redis.port}`;
    a = await buildApp({ ...envA.config, redisUrl: url }, { serveSite: false });
    b = await buildApp({ ...envB.config, redisUrl: url }, { serveSite: false });
  }, 30_000);
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await redis?.stop();
  });

  const post = (app: App, body: object, remoteAddress: string) =>
    app.inject({ method: "POST", url: "/api/contact-us/create", headers: jsonHeaders, payload: body, remoteAddress });

  it("refuses on one instance a proof already used on the other", async () => {
    const challenge = (await a.inject({ method: "GET", url: "/api/spam-proof/challenge" })).json() as Challenge;
    const altcha = await solve(challenge);
    expect((await post(a, { ...validContact, altcha }, "10.9.0.1")).statusCode).toBe(201);
    const again = await post(b, { ...validContact, altcha }, "10.9.0.2");
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe(proofMessages.replayed);
  });

  it("slows an address refused by one instance further on the other, saying how long", async () => {
    const ip = "10.9.0.3";
    expect((await post(a, validContact, ip)).statusCode).toBe(201);
    expect((await post(b, validContact, ip)).statusCode).toBe(201);
    const first = await post(a, validContact, ip);
    expect(first.statusCode).toBe(429);
    expect(Number(first.headers["retry-after"])).toBeLessThanOrEqual(60);
    expect(first.json().message).toBe("Too many submissions from your address. Please try again in 1 minute.");
    // Sent again before the wait is over, to the other instance: two windows now.
    const second = await post(b, validContact, ip);
    expect(second.statusCode).toBe(429);
    expect(second.headers["retry-after"]).toBe("120");
    expect(second.json().message).toBe("Too many submissions from your address. Please try again in 2 minutes.");
    const third = await post(a, validContact, ip);
    expect(third.headers["retry-after"]).toBe("240");
    // Another address is not affected.
    expect((await post(b, validContact, "10.9.0.4")).statusCode).toBe(201);
  });
});
