/**
 * OpenTelemetry traces (docs/decisions/074), on the built server under plain `node`: with an OTLP
 * endpoint set, a request's span reaches a collector named by its route pattern, with nothing
 * personal from the URL, the headers or the body in the export; with none set, the server starts
 * and no OpenTelemetry module is even loaded. Which settings turn traces on or keep them off
 * (OTEL_TRACES_EXPORTER=none, OTEL_SDK_DISABLED) is server/tracing/settings.test.ts, without a server.
 */
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { contactBody, freePort, waitHealthy, xhr } from "./helpers";

const work = fs.mkdtempSync(path.join(os.tmpdir(), "tracing-"));
/** Node's module hooks: every module URL the server resolves from @opentelemetry, one per line. */
const loadedLog = path.join(work, "otel-modules.log");
const hook = path.join(work, "record-otel.mjs");
fs.writeFileSync(
  hook,
  `import fs from "node:fs";
import { registerHooks } from "node:module";
registerHooks({
  resolve(specifier, context, next) {
    const resolved = next(specifier, context);
    if (resolved.url.includes("/@opentelemetry/")) fs.appendFileSync(${JSON.stringify(loadedLog)}, resolved.url + "\\n");
    return resolved;
  },
});
`,
);

/** A collector's OTLP/HTTP traces endpoint that keeps every body it is sent, as text. */
const exports: string[] = [];
const collector = http.createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on("data", (c: Buffer) => chunks.push(c));
  req.on("end", () => {
    if (req.method === "POST" && req.url === "/v1/traces") exports.push(Buffer.concat(chunks).toString("utf8"));
    res.writeHead(200, { "Content-Type": "application/json" }).end("{}");
  });
});
let collectorPort = 0;

beforeAll(async () => {
  collectorPort = await freePort();
  await new Promise<void>((resolve) => collector.listen(collectorPort, "127.0.0.1", resolve));
});
afterAll(async () => {
  await new Promise((resolve) => collector.close(resolve));
  fs.rmSync(work, { recursive: true, force: true });
});

async function start(env: Record<string, string>): Promise<{ child: ChildProcess; port: number }> {
  fs.rmSync(loadedLog, { force: true });
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(work, "data-"));
  // Whatever the shell running the tests has, each case says what it wants.
  const inherited = Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith("OTEL_")));
  const child = spawn(process.execPath, ["--import", hook, "build/server/index.js"], {
    env: {
      ...inherited,
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: "error",
      SPAM_PROOF_REQUIRED: "false",
      CONFIRMATION_EMAILS: "false",
      ...env,
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  try {
    // Generous: the machine running the suite may be loaded.
    await waitHealthy(port, 60_000);
  } catch (error) {
    child.kill("SIGKILL");
    throw error;
  }
  return { child, port };
}

/** SIGTERM, as an operator stops it: the drain ends with the batch sent. */
async function stop(child: ChildProcess): Promise<number | null> {
  const exited = new Promise<number | null>((resolve) => child.once("exit", resolve));
  child.kill("SIGTERM");
  return exited;
}

/**
 * The OpenTelemetry packages the server loaded, apart from @opentelemetry/api: prom-client reads
 * that one (for its exemplars) whenever the metrics module loads, tracing or not.
 */
function loadedOtelPackages(): string[] {
  const urls = fs.existsSync(loadedLog) ? fs.readFileSync(loadedLog, "utf8").trim().split("\n") : [];
  const packages = new Set(
    urls.map((url) => /\/(@opentelemetry\/[^/]+)\//.exec(url)?.[1]).filter((p) => p !== undefined),
  );
  packages.delete("@opentelemetry/api");
  return [...packages].sort();
}

describe("OpenTelemetry traces", () => {
  it("sends a span named by the route pattern, with no personal value from the URL, headers or body", async () => {
    exports.length = 0;
    const { child, port } = await start({ OTEL_EXPORTER_OTLP_ENDPOINT: `http://127.0.0.1:${collectorPort}` });
    const personal = {
      query: "jane.roe.query@example.com",
      path: "jane-roe-path-value",
      cookie: "cookie-secret-4c1d",
      authorization: "bearer-secret-9e2a",
      body: "Jane Roe's body text",
    };
    const traceId = "5bd66ef5095369c7b0d1f8f4bd33716a";
    const answered = await fetch(
      `http://127.0.0.1:${port}/admin/api/submissions/${personal.path}/candidate?email=${encodeURIComponent(personal.query)}`,
      {
        headers: {
          cookie: `altiva_session=${personal.cookie}`,
          authorization: `Bearer ${personal.authorization}`,
          traceparent: `00-${traceId}-00f067aa0ba902b7-01`,
        },
      },
    );
    expect(answered.status).toBe(401);
    const posted = await fetch(
      `http://127.0.0.1:${port}/api/contact-us/create?name=${encodeURIComponent(personal.query)}`,
      {
        method: "POST",
        headers: { ...xhr, "Content-Type": "application/json" },
        body: contactBody(personal.body),
      },
    );
    expect(posted.status).toBe(201);
    expect(await stop(child)).toBe(0);

    const exported = exports.join("\n");
    const spans = exports.flatMap((body) =>
      (
        JSON.parse(body) as {
          resourceSpans: { scopeSpans: { spans: { name: string; traceId: string; kind: number }[] }[] }[];
        }
      ).resourceSpans.flatMap((r) => r.scopeSpans.flatMap((s) => s.spans)),
    );
    const names = spans.map((s) => s.name);
    console.log(`spans exported: ${names.join(", ")}`);
    const candidate = spans.find((s) => s.name === "GET /admin/api/submissions/:id/candidate");
    expect(candidate, "the console request's span, named by its pattern").toBeDefined();
    // The caller's trace is continued (traceparent), kind SERVER (2 in OTLP).
    expect(candidate!.traceId).toBe(traceId);
    expect(candidate!.kind).toBe(2);
    expect(names).toContain("POST /api/contact-us/create");
    expect(exported).toContain('"http.route"');
    expect(exported).toContain('"service.name"');
    for (const [where, value] of Object.entries(personal)) {
      expect(exported.includes(value), `the ${where}'s value is not in the export`).toBe(false);
    }
    for (const word of ["jane", "roe", "example.com", "cookie", "authorization", "load@", "4155550142"]) {
      expect(exported.toLowerCase().includes(word), `"${word}" is not in the export`).toBe(false);
    }
    // The detector below sees them when they load.
    expect(loadedOtelPackages()).toEqual(
      expect.arrayContaining(["@opentelemetry/sdk-trace", "@opentelemetry/exporter-trace-otlp-http"]),
    );
  });

  it("starts without tracing when no endpoint is set, and loads no OpenTelemetry module", async () => {
    exports.length = 0;
    const { child, port } = await start({});
    expect((await fetch(`http://127.0.0.1:${port}/readyz?email=x`)).status).toBe(200);
    expect(await stop(child)).toBe(0);
    expect(loadedOtelPackages()).toEqual([]);
    expect(exports).toEqual([]);
  });
});
