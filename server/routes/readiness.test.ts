/**
 * /readyz on real parts: a real Redis killed, a PostgreSQL cluster stopped, a SQLite handle
 * closed, an SMTP port nobody listens on. /healthz stays 200 throughout (liveness only).
 */
import fs from "node:fs";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../app";
import { loadConfig } from "../config";
import { startBackgroundJobs } from "../jobs";
import { backends } from "../test-support/backends";
import { jsonHeaders, validContact } from "../test-support/fixtures";
import { freePort } from "../test-support/ports";
import { startPostgres, type PgCluster } from "../test-support/postgres";
import { startRedis } from "../test-support/redis";

type App = Awaited<ReturnType<typeof buildApp>>;

/** Asks /readyz until `done` holds for its answer (at most 10 s: a send or a disconnect is noticed in ms). */
async function readyzUntil(app: App, done: (body: { checks: Record<string, string> }) => boolean) {
  for (const until = Date.now() + 10_000; ;) {
    const res = await app.inject("/readyz");
    if (done(res.json()) || Date.now() > until) return res;
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe.each(backends)("/readyz on %s", (backend) => {
  let app: App;
  let dataDir: string;
  let redis: Awaited<ReturnType<typeof startRedis>>;
  let cluster: PgCluster | undefined;
  let databaseUrl: string | undefined;
  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "readyz-"));
    redis = await startRedis();
    if (backend === "postgres") {
      cluster = await startPostgres();
      databaseUrl = await cluster.createDatabase("readyz");
    }
    const config = loadConfig({
      DATA_DIR: dataDir,
      LOG_LEVEL: "silent",
      SPAM_PROOF_REQUIRED: "false",
      RATE_LIMIT_MAX: "0",
      // A pass running when the submission wakes the worker is followed by the next poll.
      OUTBOX_POLL_MS: "50",
      REDIS_URL: `redis://127.0.0.1:${redis.port}`,
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    });
    app = await buildApp(config, { serveSite: false });
    // The file transport under DATA_DIR/mail: the submission's messages are really sent.
    startBackgroundJobs(app, config);
  }, 60_000);
  afterAll(async () => {
    await app.close().catch(() => undefined);
    await redis.stop();
    if (backend === "postgres") cluster?.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it("answers 200 when the database, Redis and the last mail send are fine", async () => {
    const sent = await app.inject({
      method: "POST",
      url: "/api/contact-us/create",
      headers: jsonHeaders,
      payload: JSON.stringify(validContact),
    });
    expect(sent.statusCode).toBe(201);
    const res = await readyzUntil(app, (body) => body.checks.mail === "ok");
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: "ready", failing: [], checks: { database: "ok", redis: "ok", mail: "ok" } });
  });

  it("answers 503 naming Redis when redis-server is killed", async () => {
    redis.child.kill("SIGKILL");
    await redis.stop();
    const res = await readyzUntil(app, (body) => body.checks.redis !== "ok");
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ status: "unavailable", failing: ["redis"], checks: { database: "ok" } });
    expect(res.body).not.toContain(String(redis.port));
    expect((await app.inject("/healthz")).statusCode).toBe(200);
  });

  it("answers 503 naming the database when it is gone", async () => {
    // PostgreSQL: the cluster stopped (immediate shutdown); SQLite: the file's handle closed.
    if (cluster) {
      cluster.stop();
      cluster = undefined;
    } else await app.storage.close();
    const res = await app.inject("/readyz");
    expect(res.statusCode).toBe(503);
    expect(res.json().failing).toContain("database");
    expect(res.json().checks.database).toBe("unreachable");
    if (databaseUrl) expect(res.body).not.toContain(databaseUrl);
    expect((await app.inject("/healthz")).statusCode).toBe(200);
  });
});

describe("/readyz after a failed mail send", () => {
  let app: App;
  let dataDir: string;
  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "readyz-mail-"));
    // An SMTP server that is not there: the connection is refused at once.
    const config = loadConfig({
      DATA_DIR: dataDir,
      LOG_LEVEL: "silent",
      SPAM_PROOF_REQUIRED: "false",
      RATE_LIMIT_MAX: "0",
      // A pass running when the submission wakes the worker is followed by the next poll.
      OUTBOX_POLL_MS: "50",
      SMTP_URL: `smtp://mailer:secret-password@127.0.0.1:${await freePort()}`,
    });
    app = await buildApp(config, { serveSite: false });
    startBackgroundJobs(app, config);
  });
  afterAll(async () => {
    await app.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it("answers 503 naming the mail, without the SMTP URL's password", async () => {
    await app.inject({
      method: "POST",
      url: "/api/contact-us/create",
      headers: jsonHeaders,
      payload: JSON.stringify(validContact),
    });
    const res = await readyzUntil(app, (body) => body.checks.mail !== "no send yet");
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ failing: ["mail"], checks: { database: "ok", mail: "last send failed" } });
    expect(res.body).not.toContain("secret-password");
    // The same failure counted for /metrics.
    const counted = (await app.metrics.mailFailures.get()).values.find((v) => v.labels.failure === "transport");
    expect(counted?.value).toBeGreaterThan(0);
  });
});

describe("/readyz after the relay refused a recipient", () => {
  let app: App;
  let dataDir: string;
  let relay: SMTPServer;
  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "readyz-refused-"));
    // A working relay that takes no recipient (550), as it would a mistyped address.
    relay = new SMTPServer({
      authOptional: true,
      disabledCommands: ["STARTTLS"],
      logger: false,
      onRcptTo: (_address, _session, callback) =>
        callback(Object.assign(new Error("5.1.1 No such user"), { responseCode: 550 })),
    });
    relay.on("error", () => undefined);
    await new Promise<void>((resolve) => relay.listen(0, "127.0.0.1", resolve));
    const { port } = relay.server.address() as AddressInfo;
    const config = loadConfig({
      DATA_DIR: dataDir,
      LOG_LEVEL: "silent",
      SPAM_PROOF_REQUIRED: "false",
      RATE_LIMIT_MAX: "0",
      OUTBOX_POLL_MS: "50",
      SMTP_URL: `smtp://127.0.0.1:${port}`,
    });
    app = await buildApp(config, { serveSite: false });
    startBackgroundJobs(app, config);
  });
  afterAll(async () => {
    await app.close();
    await new Promise<void>((resolve) => relay.close(() => resolve()));
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it("stays 200: the transport works, one message was refused", async () => {
    await app.inject({
      method: "POST",
      url: "/api/contact-us/create",
      headers: jsonHeaders,
      payload: JSON.stringify(validContact),
    });
    const res = await readyzUntil(app, (body) => body.checks.mail !== "no send yet");
    expect(res.statusCode).toBe(200);
    expect(res.json().checks.mail).toBe("ok");
    const counted = (await app.metrics.mailFailures.get()).values.find((v) => v.labels.failure === "message");
    expect(counted?.value).toBeGreaterThan(0);
  });
});
