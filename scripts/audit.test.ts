/**
 * scripts/audit.ts against a real `npm audit` talking to a registry on loopback: one that answers
 * 405 (as the registry here does), one with a high advisory for a production dependency, one with
 * none. What counts is what the script prints last and its exit code.
 */
import { spawn } from "node:child_process";
import http from "node:http";
import type net from "node:net";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

type Answer = "405" | "high" | "clean";

describe("dependency audit (scripts/audit.ts)", () => {
  let answer: Answer = "405";
  let server: http.Server;
  let registry = "";
  beforeAll(async () => {
    server = http.createServer((req, res) => {
      req.resume();
      req.on("end", () => {
        if (req.method !== "POST" || answer === "405") return void res.writeHead(405, { allow: "GET,HEAD" }).end();
        const advisories =
          answer === "high"
            ? {
                fastify: [
                  {
                    id: 1099001,
                    url: "https://github.com/advisories/GHSA-test-only",
                    title: "Test advisory for the audit script",
                    severity: "high",
                    vulnerable_versions: "<99.0.0",
                    cwe: [],
                    cvss: { score: 7.5, vectorString: null },
                  },
                ],
              }
            : {};
        res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(advisories));
      });
    });
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    registry = `http://127.0.0.1:${(server.address() as net.AddressInfo).port}/`;
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  // Asynchronous: the registry above answers from this same process.
  const audit = (env: Record<string, string> = {}) =>
    new Promise<{ code: number | null; output: string }>((resolve) => {
      const child = spawn(path.resolve("node_modules/.bin/tsx"), ["scripts/audit.ts"], {
        env: { ...process.env, npm_config_registry: registry, npm_config_fetch_retries: "0", ...env },
        timeout: 60_000,
      });
      let output = "";
      child.stdout.on("data", (c) => (output += c));
      child.stderr.on("data", (c) => (output += c));
      child.on("close", (code) => resolve({ code, output }));
    });

  it("says plainly that no scan ran when the registry answers 405, and fails a release build", async () => {
    answer = "405";
    const everyday = await audit();
    expect(everyday.output).toContain("NO VULNERABILITY SCAN RAN");
    expect(everyday.output).toContain("405");
    expect(everyday.code).toBe(0);
    const release = await audit({ AUDIT_REQUIRED: "1" });
    expect(release.output).toContain("NO VULNERABILITY SCAN RAN");
    expect(release.code).toBe(1);
  }, 120_000);

  it("fails on a high finding in a production dependency and passes a clean scan", async () => {
    answer = "high";
    const high = await audit();
    expect(high.output).toContain("High or critical vulnerabilities found");
    expect(high.code).toBe(1);
    answer = "clean";
    const clean = await audit({ AUDIT_REQUIRED: "1" });
    expect(clean.output).toContain("Vulnerability scan ran: no high or critical finding.");
    expect(clean.code).toBe(0);
  }, 120_000);
});
