/**
 * Client addresses: whose budget a request spends (an IPv4 address or an IPv6 /64), whose
 * X-Forwarded-For is believed (only the proxies TRUST_PROXY names), and that no request log line
 * keeps an address.
 */
import type { InjectOptions } from "fastify";
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { analyticsPath } from "../contracts/analytics";
import { consentPath } from "../contracts/consent";
import { buildApp } from "./app";
import { ConfigError, loadConfig, type Config } from "./config";
import { clientKey } from "./plugins/rate-limit";
import { useBackend } from "./test-support/backends";
import { applicationParts, jsonHeaders, multipart, pdf, validContact, validFeedback } from "./test-support/fixtures";
import { startRedis } from "./test-support/redis";

type App = Awaited<ReturnType<typeof buildApp>>;

function configWith(env: Record<string, string>): Config {
  return loadConfig({ LOG_LEVEL: "silent", ...env });
}

describe("TRUST_PROXY", () => {
  it.each(["1", "2", "true", "yes"])(
    "refuses the hop count or switch %s at start-up, saying what to write",
    (value) => {
      expect(() => configWith({ TRUST_PROXY: value })).toThrow(ConfigError);
      expect(() => configWith({ TRUST_PROXY: value })).toThrow(
        /TRUST_PROXY: .*would believe X-Forwarded-For from any peer.*Write your proxies' addresses or CIDR ranges instead/,
      );
    },
  );

  it("stops the real server at start-up with that message", () => {
    const { DATABASE_URL: _db, ...rest } = process.env;
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "trust-proxy-"));
    try {
      const run = spawnSync(process.execPath, ["--import", "tsx", path.resolve("server/index.ts")], {
        env: { ...rest, TRUST_PROXY: "1", DATA_DIR: dataDir, PORT: "0" },
        encoding: "utf8",
        timeout: 60_000,
      });
      expect(run.status).toBe(1);
      expect(run.stderr).toMatch(
        /Invalid configuration:\n {2}TRUST_PROXY: "1" would believe X-Forwarded-For from any peer/,
      );
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it.each(["10.0.0.0/33", "fd00::/129", "proxy.internal", "10.0.0.5, 10.0.0.300", "10.0.0.0/8/1"])(
    "refuses %s as no address or range",
    (value) => {
      expect(() => configWith({ TRUST_PROXY: value })).toThrow(/TRUST_PROXY: not an IP address or CIDR range/);
    },
  );

  it("takes addresses and CIDR ranges of both families; unset, 0 or false trusts nobody", () => {
    expect(configWith({ TRUST_PROXY: "10.0.0.5, 10.0.1.0/24,fd00::/64,::1" }).trustProxy).toEqual([
      "10.0.0.5",
      "10.0.1.0/24",
      "fd00::/64",
      "::1",
    ]);
    expect(configWith({}).trustProxy).toEqual([]);
    expect(configWith({ TRUST_PROXY: "0" }).trustProxy).toEqual([]);
    expect(configWith({ TRUST_PROXY: "false" }).trustProxy).toEqual([]);
  });
});

describe("clientKey", () => {
  it("groups IPv6 by /64, reads IPv4-mapped IPv6 as IPv4 and keeps IPv4 as it is", () => {
    expect(clientKey("2001:db8:1:2::1")).toBe(clientKey("2001:db8:1:2:ffff:ffff:ffff:fffe"));
    expect(clientKey("2001:db8:1:2::1")).not.toBe(clientKey("2001:db8:1:3::1"));
    expect(clientKey("::ffff:198.51.100.7")).toBe("198.51.100.7");
    expect(clientKey("198.51.100.7")).not.toBe(clientKey("198.51.100.8"));
  });
});

const proxy = "10.0.0.1";

/** The submission budget, on the in-process store and on the Redis one shared by instances. */
describe.each(["memory", "redis"] as const)("the submission budget (%s store)", (store) => {
  const env = useBackend("sqlite", { RATE_LIMIT_MAX: "3", RATE_LIMIT_WINDOW: "60000", TRUST_PROXY: proxy });
  let redis: Awaited<ReturnType<typeof startRedis>> | undefined;
  beforeAll(async () => {
    if (store === "redis") redis = await startRedis();
  }, 30_000);
  afterAll(async () => redis?.stop());

  async function appFor(): Promise<App> {
    const config = redis ? { ...env.config, redisUrl: `redis://127.0.0.1:${redis.port}` } : env.config;
    return buildApp(config, { serveSite: false });
  }
  const send = (app: App, remoteAddress: string, forwardedFor?: string) =>
    app.inject({
      method: "POST",
      url: "/api/contact-us/create",
      headers: { ...jsonHeaders, ...(forwardedFor ? { "x-forwarded-for": forwardedFor } : {}) },
      payload: validContact,
      remoteAddress,
    });

  it("15 requests rotating X-Forwarded-For from an untrusted peer share one budget", async () => {
    const app = await appFor();
    const codes: number[] = [];
    for (let i = 1; i <= 15; i++) codes.push((await send(app, "198.51.100.20", `203.0.113.${i}`)).statusCode);
    expect(codes).toEqual([201, 201, 201, ...Array<number>(12).fill(429)]);
    await app.close();
  });

  it("believes X-Forwarded-For from the named proxy: each client behind it has its own budget", async () => {
    const app = await appFor();
    const codes: number[] = [];
    for (let i = 1; i <= 6; i++) codes.push((await send(app, proxy, `203.0.114.${i}`)).statusCode);
    expect(codes).toEqual(Array<number>(6).fill(201));
    // And the client's address, not the proxy's, is what the submission records.
    const rows = await app.storage.db.selectFrom("submissions").select("ip").execute();
    expect(rows.map((r) => r.ip)).toContain("203.0.114.6");
    await app.close();
  });

  it("two addresses in one IPv6 /64 share one budget; the next /64 has its own", async () => {
    const app = await appFor();
    const codes: number[] = [];
    for (const address of ["2001:db8:1:2::1", "2001:db8:1:2::2", "2001:db8:1:2::1", "2001:db8:1:2::2"]) {
      codes.push((await send(app, address)).statusCode);
    }
    expect(codes).toEqual([201, 201, 201, 429]);
    expect((await send(app, "2001:db8:1:3::1")).statusCode).toBe(201);
    await app.close();
  });

  it("an IPv4-mapped IPv6 address spends its IPv4 address's budget", async () => {
    const app = await appFor();
    const codes: number[] = [];
    for (const address of ["198.51.100.7", "::ffff:198.51.100.7", "198.51.100.7", "::ffff:198.51.100.7"]) {
      codes.push((await send(app, address)).statusCode);
    }
    expect(codes).toEqual([201, 201, 201, 429]);
    await app.close();
  });
});

describe("request logs", () => {
  const env = useBackend("sqlite", { RATE_LIMIT_MAX: "0", LOG_LEVEL: "info", TRUST_PROXY: proxy });
  const lines: string[] = [];
  let app: App;
  beforeAll(async () => {
    app = await buildApp(env.config, { serveSite: false, logStream: { write: (line) => void lines.push(line) } });
  });
  afterAll(() => app.close());

  /** Distinct, so a search of the log finds only what these requests could have left there. */
  const peer = "198.51.100.201";
  const client = "203.0.113.202";
  const ipv6 = "2001:db8:77:88::99";

  it("hold no client address for submission, analytics, consent and sign-in routes", async () => {
    const requests: (InjectOptions & { url: string; headers: Record<string, string> })[] = [
      { method: "POST", url: "/api/contact-us/create", headers: jsonHeaders, payload: validContact },
      { method: "POST", url: "/api/feedback", headers: jsonHeaders, payload: validFeedback },
      {
        method: "POST",
        url: "/api/job-application/apply",
        ...multipart(applicationParts(undefined, { filename: "cv.pdf", data: pdf() })),
      },
      { method: "POST", url: analyticsPath, headers: { "content-type": "text/plain" }, payload: "{}" },
      { method: "POST", url: consentPath, headers: { "content-type": "text/plain" }, payload: "{}" },
      { method: "POST", url: "/admin/api/sign-in/options", headers: jsonHeaders, payload: {} },
      { method: "POST", url: "/admin/api/sign-in/verify", headers: jsonHeaders, payload: { id: "x" } },
    ];
    for (const request of requests) {
      for (const [remoteAddress, forwarded] of [
        [peer, undefined],
        [proxy, client],
        [ipv6, undefined],
      ] as const) {
        const headers = { ...request.headers, ...(forwarded ? { "x-forwarded-for": forwarded } : {}) };
        await app.inject({ ...request, headers, remoteAddress });
      }
    }
    const log = lines.join("");
    // The lines are there: each route's requests were logged, just without who sent them.
    for (const request of requests) expect(log).toContain(`"url":"${request.url}"`);
    expect(log).toContain('"msg":"incoming request"');
    expect(log).toContain('"msg":"request completed"');
    for (const address of [peer, client, ipv6, proxy]) expect(log, address).not.toContain(address);
    expect(log).not.toMatch(/remoteAddress|remotePort/);
  });
});
