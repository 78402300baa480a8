/**
 * Two outbox workers on one database and an SMTP server slow to answer DATA: the message must not
 * be sent a second time while the first send waits for its answer, and must end marked sent.
 *
 * The production defaults are scaled down by `scale` so the test takes seconds: a DATA answer
 * after 65 s (longer than the old 60 s lease) becomes 6.5 s against the scaled lease and send
 * cut-off. Every timeout involved scales with them, so the race is the same one.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../app";
import { loadConfig, type Config } from "../config";
import { openStorage, type Storage } from "../db/db";
import { backends, useBackend } from "../test-support/backends";
import { jsonHeaders, validContact } from "../test-support/fixtures";
import { freePort } from "../test-support/ports";
import { startSmtp } from "../test-support/smtp";
import { createOutboxWorker } from "./outbox-worker";
import { createTransport } from "./transport";

const scale = 0.1;
const dataDelayMs = 65_000 * scale;
const defaults = loadConfig({}).outbox;
const scaled: Record<string, string> = {
  OUTBOX_LEASE_MS: String(defaults.leaseMs * scale),
  OUTBOX_POLL_MS: "100",
  CONFIRMATION_EMAILS: "false",
  RATE_LIMIT_MAX: "0",
};
if (defaults.sendTimeoutMs) scaled.OUTBOX_SEND_TIMEOUT_MS = String(defaults.sendTimeoutMs * scale);

describe.each(backends)("outbox lease against a slow SMTP server on %s", (backend) => {
  const env = useBackend(backend, scaled);
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let config: Config;
  const storages: Storage[] = [];
  beforeAll(async () => {
    smtp = await startSmtp(0, { dataDelayMs });
    config = { ...env.config, smtpUrl: smtp.url };
  });
  afterAll(async () => {
    await Promise.all(storages.map((s) => s.close()));
    await smtp.close();
  });

  it("sends the message once while the server takes 65 s (scaled) to answer DATA, and marks it sent", async () => {
    const app = await buildApp(config, { serveSite: false });
    const res = await app.inject({
      method: "POST",
      url: "/api/contact-us/create",
      headers: jsonHeaders,
      payload: { ...validContact, message: "marker-slow-smtp" },
    });
    expect(res.statusCode).toBe(201);
    // Two server instances: each its own database connection, transport and worker.
    const workers = [];
    for (let i = 0; i < 2; i++) {
      const storage = await openStorage({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
      storages.push(storage);
      const transport = createTransport({
        smtpUrl: config.smtpUrl,
        dataDir: config.dataDir,
        sendTimeoutMs: config.outbox.sendTimeoutMs,
      });
      workers.push(createOutboxWorker({ config, storage, transport }));
    }
    for (const w of workers) w.start();
    const row = () => app.storage.db.selectFrom("outbox").select(["status", "message_id"]).executeTakeFirstOrThrow();
    // Bounded: long enough for a retake after the lease and a second answer, if they happened.
    const deadline = Date.now() + 2 * (config.outbox.leaseMs + dataDelayMs);
    while ((await row()).status !== "sent" && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    // Room for a second send to show up if the lease were lost at the moment of marking.
    await new Promise((r) => setTimeout(r, 500));
    await Promise.all(workers.map((w) => w.stop()));

    const { status, message_id } = await row();
    const sends = smtp.exchanges.filter((e) => e.messageId === message_id);
    const overlapping = sends.filter((e, i) =>
      sends.some(
        (o, j) => j !== i && o.startedAt < (e.answeredAt ?? Infinity) && e.startedAt < (o.answeredAt ?? Infinity),
      ),
    );
    expect({ sends: sends.length, overlapping: overlapping.length, status }).toEqual({
      sends: 1,
      overlapping: 0,
      status: "sent",
    });
    expect(sends[0]!.answeredAt! - sends[0]!.startedAt).toBeGreaterThanOrEqual(dataDelayMs - 50);
    await app.close();
  }, 60_000);
});

describe.each(backends)("a late finisher on %s", (backend) => {
  const env = useBackend(backend, { CONFIRMATION_EMAILS: "false", RATE_LIMIT_MAX: "0" });

  it("records that its message went out although another worker took the message meanwhile", async () => {
    const smtp = await startSmtp(0, { dataDelayMs: 1_000 });
    const config = { ...env.config, smtpUrl: smtp.url };
    const app = await buildApp(config, { serveSite: false });
    await app.inject({ method: "POST", url: "/api/contact-us/create", headers: jsonHeaders, payload: validContact });
    const row = () => app.storage.db.selectFrom("outbox").select(["status", "lease_owner"]).executeTakeFirstOrThrow();
    // A sends to the slow server. B's clock is past A's lease (as after a pause of A's process),
    // so B retakes the message, and its own SMTP server refuses the connection.
    const a = createOutboxWorker({
      config,
      storage: app.storage,
      transport: createTransport({ smtpUrl: smtp.url, dataDir: config.dataDir }),
    });
    const b = createOutboxWorker({
      config,
      storage: app.storage,
      transport: createTransport({ smtpUrl: `smtp://127.0.0.1:${await freePort()}`, dataDir: config.dataDir }),
      now: () => new Date(Date.now() + config.outbox.leaseMs + 1_000),
    });
    const first = a.runOnce();
    for (let i = 0; i < 100 && (await row()).lease_owner === null; i++) await new Promise((r) => setTimeout(r, 10));
    expect(await b.runOnce()).toBe(1);
    expect(await first).toBe(1);
    expect(smtp.received).toHaveLength(1);
    expect((await row()).status).toBe("sent");
    await app.close();
    await smtp.close();
  });
});

describe("outbox lease check at start-up", () => {
  it("refuses a lease no longer than one delivery's cut-off", () => {
    expect(() => loadConfig({ OUTBOX_SEND_TIMEOUT_MS: "120000", OUTBOX_LEASE_MS: "60000" })).toThrow(
      /OUTBOX_LEASE_MS: must be at least 150000/,
    );
    expect(loadConfig({}).outbox.leaseMs).toBeGreaterThan(loadConfig({}).outbox.sendTimeoutMs);
  });
});
