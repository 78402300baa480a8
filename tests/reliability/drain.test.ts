/**
 * SIGTERM drains the built server (build/server/index.js): /readyz answers 503 "draining" for
 * SHUTDOWN_DELAY_MS while it still serves, then it stops accepting connections,
 * answers the request in flight, and finishes the outbox sends in flight or, when they outlast
 * SHUTDOWN_TIMEOUT_MS, gives their leases back. Real SMTP server, real process, real SQLite file.
 */
import type { ChildProcess } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { openStorage } from "../../server/db/db";
import { startSmtp } from "../../server/test-support/smtp";
import { contactBody, freePort, startServer, waitHealthy, xhr } from "./helpers";

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function serverWith(smtpUrl: string, env: Record<string, string> = {}) {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "drain-"));
  const child = startServer({
    PORT: String(port),
    DATA_DIR: dataDir,
    SMTP_URL: smtpUrl,
    RATE_LIMIT_MAX: "0",
    SPAM_PROOF_REQUIRED: "false",
    OUTBOX_POLL_MS: "50",
    ...env,
  });
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  cleanups.push(async () => {
    if (child.exitCode === null) child.kill("SIGKILL");
    await exited;
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
  await waitHealthy(port);
  return { port, dataDir, child, exited };
}

/** Waits until `check` holds, polling every 20 ms, at most 10 s. */
async function until(check: () => boolean | Promise<boolean>, what: string) {
  for (const deadline = Date.now() + 10_000; !(await check());) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

const refused = (port: number) =>
  fetch(`http://127.0.0.1:${port}/healthz`).then(
    () => false,
    () => true,
  );

async function outboxRows(dataDir: string) {
  const storage = await openStorage({ dataDir });
  try {
    return await storage.db.selectFrom("outbox").select(["status", "lease_owner", "attempts"]).execute();
  } finally {
    await storage.close();
  }
}

function post(port: number, body: string) {
  return fetch(`http://127.0.0.1:${port}/api/contact-us/create`, {
    method: "POST",
    headers: { "content-type": "application/json", ...xhr },
    body,
  });
}

/** A POST whose body is sent in two halves: in flight between them. */
function halfSentPost(
  port: number,
  body: string,
  to = "/api/contact-us/create",
  headers: Record<string, string> = xhr,
) {
  const req = http.request({
    host: "127.0.0.1",
    port,
    method: "POST",
    path: to,
    headers: { "content-type": "application/json", "content-length": Buffer.byteLength(body), ...headers },
  });
  const answer = new Promise<{ status: number; connection: string | undefined }>((resolve, reject) => {
    req.once("response", (res) => {
      res.resume();
      res.once("end", () => resolve({ status: res.statusCode!, connection: res.headers.connection }));
    });
    req.once("error", reject);
  });
  const half = Math.floor(body.length / 2);
  req.write(body.slice(0, half));
  return { answer, finish: () => req.end(body.slice(half)) };
}

/**
 * A GET on a keep-alive connection of its own: its status and the Connection header of the answer
 * (which fetch may not show), "keep-alive" unless the server closes the connection.
 */
function getWithConnection(port: number, to: string) {
  const agent = new http.Agent({ keepAlive: true });
  return new Promise<{ status: number; connection: string | undefined }>((resolve, reject) => {
    http
      .get({ host: "127.0.0.1", port, path: to, agent }, (res) => {
        res.resume();
        res.once("end", () => resolve({ status: res.statusCode!, connection: res.headers.connection }));
      })
      .once("error", reject);
  }).finally(() => agent.destroy());
}

function term(child: ChildProcess) {
  child.kill("SIGTERM");
}

describe("SIGTERM drains the server", () => {
  it("says draining on /readyz, answers the request in flight with 201, refuses new connections, and finishes the sends in flight", async () => {
    // The SMTP server answers DATA 1.5 s after the message: a send is in flight at SIGTERM.
    const smtp = await startSmtp(0, { dataDelayMs: 1_500 });
    cleanups.push(() => smtp.close());
    // Two seconds of lame duck: serving, with /readyz at 503, before the listener closes.
    // /metrics on its own port too, as index.ts starts it.
    const metricsPort = await freePort();
    const { port, dataDir, child, exited } = await serverWith(smtp.url, {
      SHUTDOWN_DELAY_MS: "2000",
      METRICS_PORT: String(metricsPort),
    });

    expect((await post(port, contactBody("before-term"))).status).toBe(201);
    const scraped = await fetch(`http://127.0.0.1:${metricsPort}/metrics`).then((r) => r.text());
    expect(scraped).toContain('form_submissions_total{kind="contact",verdict="accepted"} 1');
    await until(() => smtp.exchanges.length > 0, "a send to start");
    const inFlight = halfSentPost(port, contactBody("in-flight"));
    // The server has the request's headers and half its body before the signal.
    await new Promise((r) => setTimeout(r, 100));
    term(child);
    let failing: string[] = [];
    await until(async () => {
      const res = await fetch(`http://127.0.0.1:${port}/readyz`);
      failing = res.status === 503 ? (await res.json()).failing : [];
      return failing.length > 0;
    }, "/readyz to answer 503");
    expect(failing).toEqual(["draining"]);
    expect((await fetch(`http://127.0.0.1:${port}/healthz`)).status).toBe(200);
    await until(() => refused(port), "new connections to be refused");
    inFlight.finish();
    expect(await inFlight.answer).toEqual({ status: 201, connection: "close" });

    expect(await exited).toBe(0);
    // Every send that had started when the signal came was answered by the SMTP server and
    // recorded as sent; nothing holds a lease.
    const rows = await outboxRows(dataDir);
    expect(rows.filter((r) => r.lease_owner !== null)).toEqual([]);
    const sent = rows.filter((r) => r.status === "sent").length;
    expect(sent).toBe(smtp.exchanges.length);
    expect(smtp.received.length).toBe(smtp.exchanges.length);
    expect(sent).toBeGreaterThan(0);
  });

  it("drains the console's own listener (ADMIN_PORT) as it drains the public one", async () => {
    const smtp = await startSmtp();
    cleanups.push(() => smtp.close());
    const adminPort = await freePort();
    const origin = `http://127.0.0.1:${adminPort}`;
    const { port, child, exited } = await serverWith(smtp.url, {
      SHUTDOWN_DELAY_MS: "1500",
      ADMIN_PORT: String(adminPort),
      ADMIN_ORIGIN: origin,
    });
    await until(
      () =>
        getWithConnection(adminPort, "/admin/api/me").then(
          () => true,
          () => false,
        ),
      "the console's port",
    );
    expect(await getWithConnection(adminPort, "/admin/api/me")).toEqual({ status: 401, connection: "keep-alive" });
    // A sign-in answer half sent when the signal comes: read before it, finished after it.
    const inFlight = halfSentPost(adminPort, "{}", "/admin/api/sign-in/verify", { origin });
    await new Promise((r) => setTimeout(r, 100));
    term(child);
    await until(async () => (await fetch(`http://127.0.0.1:${port}/readyz`)).status === 503, "/readyz to answer 503");
    // Lame duck: the console still answers, each answer closing its connection.
    expect(await getWithConnection(adminPort, "/admin/api/me")).toEqual({ status: 401, connection: "close" });
    await until(() => refused(adminPort), "the console's port to refuse new connections");
    inFlight.finish();
    expect(await inFlight.answer).toEqual({ status: 400, connection: "close" });
    expect(await exited).toBe(0);
  });

  it("gives back the leases of sends that outlast SHUTDOWN_TIMEOUT_MS", async () => {
    // DATA is never answered while the test runs.
    const smtp = await startSmtp(0, { dataDelayMs: 120_000 });
    cleanups.push(() => smtp.close());
    const { port, dataDir, child, exited } = await serverWith(smtp.url, { SHUTDOWN_TIMEOUT_MS: "300" });

    expect((await post(port, contactBody("held"))).status).toBe(201);
    await until(() => smtp.exchanges.length === 2, "both messages to reach DATA");
    term(child);
    expect(await exited).toBe(0);
    // Pending, unleased, not counted as a failed attempt: another instance sends them at once.
    expect(await outboxRows(dataDir)).toEqual([
      { status: "pending", lease_owner: null, attempts: 0 },
      { status: "pending", lease_owner: null, attempts: 0 },
    ]);
  });
});
