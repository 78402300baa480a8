/**
 * An IP address as the console's origin is said once at start-up (the console's registration
 * logs it) and by `invite`, and a domain name is not warned about.
 */
import Fastify from "fastify";
import { PassThrough } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runCli } from "../cli/index";
import { loadConfig } from "../config";
import { openStorage, type Storage } from "../db/db";
import { useBackend } from "../test-support/backends";
import { ipOriginWarning } from "./origin-warning";
import { staffConsole } from "./plugin";

const ipOrigins = ["http://192.0.2.10:3000", "https://203.0.113.5", "http://[::1]:4173", "http://[2001:db8::7]"];
const domainOrigins = ["http://localhost:4173", "https://www.altivacloud.com", "https://console.example.com:8443"];

describe("a console origin on an IP address", () => {
  const env = useBackend("sqlite");
  let storage: Storage;
  beforeAll(async () => {
    storage = await openStorage({ dataDir: env.dataDir });
  });
  afterAll(() => storage.close());

  it("is recognised for IPv4 and IPv6, and domain names are not", () => {
    for (const origin of ipOrigins) expect(ipOriginWarning(origin), origin).toContain("refuse passkeys");
    for (const origin of domainOrigins) expect(ipOriginWarning(origin), origin).toBeUndefined();
  });

  /** The log lines of starting a server with the console at this origin. */
  async function startUpLog(adminOrigin: string) {
    const stream = new PassThrough();
    const lines: { level: number; msg: string }[] = [];
    stream.on("data", (chunk: Buffer) => {
      for (const line of chunk.toString().split("\n").filter(Boolean)) lines.push(JSON.parse(line));
    });
    const config = loadConfig({ DATA_DIR: env.dataDir, LOG_LEVEL: "info", ADMIN_ORIGIN: adminOrigin });
    const app = Fastify({ logger: { level: "info", stream } });
    app.decorate("consoleRoutes", []);
    await app.register(staffConsole, { config, storage, now: () => new Date() });
    await app.ready();
    await app.close();
    return lines;
  }

  it("logs one warning at start-up, naming the origin; none for a domain name", async () => {
    const warned = (await startUpLog("http://192.0.2.10:3000")).filter((l) => l.level === 40);
    expect(warned.map((l) => l.msg)).toEqual([ipOriginWarning("http://192.0.2.10:3000")]);
    expect(warned[0]!.msg).toContain("http://192.0.2.10:3000");
    expect((await startUpLog("http://localhost:4173")).filter((l) => l.level >= 40)).toEqual([]);
  });

  it("is printed by invite before the link, which stays the last line", async () => {
    const invite = async (origin: string) => {
      const out = new PassThrough();
      let printed = "";
      out.on("data", (c) => (printed += c));
      const code = await runCli(
        ["invite", "--email", `sam.${Math.random().toString(36).slice(2)}@altivacloud.com`, "--role", "sales"],
        { DATA_DIR: env.dataDir, LOG_LEVEL: "silent", ADMIN_ORIGIN: origin },
        { out, err: new PassThrough(), now: () => new Date() },
      );
      expect(code).toBe(0);
      return printed.trim().split("\n");
    };
    const lines = await invite("http://192.0.2.10:3000");
    expect(lines[0]).toBe(`Warning: ${ipOriginWarning("http://192.0.2.10:3000")}`);
    expect(lines.at(-1)).toMatch(/^http:\/\/192\.0\.2\.10:3000\/admin\/invitation#[\w-]{43}$/);
    expect((await invite("http://localhost:4173")).join("\n")).not.toContain("Warning");
  });
});
