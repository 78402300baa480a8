/**
 * Mail-failure alerts (issue 27), on SQLite and PostgreSQL: with the SMTP server dead (a port
 * nothing listens on), five messages failing for good raise exactly one alert in their hour, however
 * many checks run and however many instances check at once; failures in the next hour raise one
 * more; a queue whose due message has waited over an hour raises one too. The alert goes to every
 * active admin and to rules marked for system alerts, with counts and the console link only, and
 * the console's banner reads it. The clock is moved; nothing sleeps.
 */
import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { withdrawnNote } from "../../contracts/careers/decision-delivery";
import { mailHealthAnswer } from "../../contracts/console-answers";
import { formDefinitions } from "../../contracts/forms/index";
import { buildApp } from "../app";
import { createSession, sessionCookieName } from "../console/sessions";
import type { Config } from "../config";
import { insertSubmission } from "../submissions/submissions";
import { backends, useBackend } from "../test-support/backends";
import { validContact } from "../test-support/fixtures";
import { freePort } from "../test-support/ports";
import { startSmtp } from "../test-support/smtp";
import { signedInStaff } from "../test-support/staff";
import { startWebhookReceiver } from "../test-support/webhook-receiver";
import { checkMailAlerts } from "./alerts";
import { createOutboxWorker } from "./outbox-worker";
import { createTransport } from "./transport";

type App = Awaited<ReturnType<typeof buildApp>>;
const origin = "https://www.altivacloud.com";
const minute = 60_000;

describe.each(backends)("mail-failure alerts on %s", (backend) => {
  const env = useBackend(backend, {
    RATE_LIMIT_MAX: "0",
    OUTBOX_MAX_ATTEMPTS: "2",
    OUTBOX_BACKOFF_MS: "1000",
    ROUTING_SECRET_KEY: crypto.randomBytes(32).toString("base64"),
    ROUTING_ALLOW_LOOPBACK_HTTP: "true",
  });
  let app: App;
  let config: Config;
  let dead: string;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let hooks: Awaited<ReturnType<typeof startWebhookReceiver>>;
  let quiet: Awaited<ReturnType<typeof startWebhookReceiver>>;
  let admin: Awaited<ReturnType<typeof signedInStaff>>;
  let sales: Awaited<ReturnType<typeof signedInStaff>>;
  let clock = new Date("2027-02-01T10:05:00.000Z");
  const now = () => clock;
  const move = (minutes: number) => (clock = new Date(clock.getTime() + minutes * minute));

  beforeAll(async () => {
    dead = `smtp://127.0.0.1:${await freePort()}`;
    smtp = await startSmtp();
    hooks = await startWebhookReceiver();
    quiet = await startWebhookReceiver();
    config = { ...env.config, smtpUrl: dead };
    app = await buildApp(config, { serveSite: false, now });
    admin = await signedInStaff(app.storage.db, { role: "admin", name: `Alert Admin ${backend}` }, clock);
    await signedInStaff(app.storage.db, { role: "admin", name: `Alert Second ${backend}` }, clock);
    const gone = await signedInStaff(app.storage.db, { role: "admin", name: `Alert Gone ${backend}` }, clock);
    await app.storage.db
      .updateTable("staff")
      .set({ revoked_at: clock.toISOString() })
      .where("id", "=", gone.id)
      .execute();
    sales = await signedInStaff(app.storage.db, { role: "sales", name: `Alert Sales ${backend}` }, clock);
    const rule = (body: object) =>
      app.inject({
        method: "POST",
        url: "/admin/api/routing",
        headers: { "content-type": "application/json", cookie: admin.cookie, origin },
        payload: body,
      });
    // Rules for feedback (none arrives here): one takes system alerts, one does not.
    expect((await rule({ kind: "feedback", webhookUrl: hooks.url, systemAlerts: true })).statusCode).toBe(201);
    expect((await rule({ kind: "feedback", webhookUrl: quiet.url })).statusCode).toBe(201);
  }, 60_000);
  afterAll(async () => {
    await app.close();
    await smtp.close();
    await hooks.close();
    await quiet.close();
  });

  const deadTransport = () => createTransport({ smtpUrl: dead, dataDir: config.dataDir, sendTimeoutMs: 5000 });
  const liveTransport = () => createTransport({ smtpUrl: smtp.url, dataDir: config.dataDir });
  /** n enquiries, each queueing its notification to the (dead) SMTP server. */
  async function arrive(n: number) {
    for (let i = 0; i < n; i++) {
      await insertSubmission(
        app.storage,
        formDefinitions.contact,
        { ...validContact, email: `alert.${i}.${crypto.randomBytes(3).toString("hex")}@example.com` },
        { ip: "192.0.2.5", userAgent: null, spam: false, now: clock },
        [{ channel: "email", purpose: "notify", recipient: "hello@altivacloud.com" }],
      );
    }
  }
  /** Two server instances deliver side by side until every message has failed for good. */
  async function failEverything() {
    const workers = [0, 1].map(() =>
      createOutboxWorker({ config, storage: app.storage, transport: deadTransport(), now }),
    );
    for (let round = 0; round < 10; round++) {
      await Promise.all(workers.map((w) => w.runOnce()));
      move(0.1); // past the 1 s backoff
    }
    const pending = await app.storage.db.selectFrom("outbox").select("id").where("status", "=", "pending").execute();
    expect(pending).toEqual([]);
  }
  /** Two instances check at once, each with its own mail transport. */
  const checkTwice = (transport: () => ReturnType<typeof createTransport>) =>
    Promise.all(
      [0, 1].map(() => checkMailAlerts({ config, storage: app.storage, transport: transport(), now: clock })),
    );
  const alerts = () => app.storage.db.selectFrom("mail_alerts").selectAll().orderBy("hour").execute();

  it("five messages failing against a dead SMTP server raise one alert in the hour, from two instances", async () => {
    await arrive(5);
    await failEverything();
    const failed = await app.storage.db.selectFrom("outbox").select("id").where("status", "=", "failed").execute();
    expect(failed).toHaveLength(5);

    const outcomes = await checkTwice(deadTransport);
    expect(outcomes.filter((o) => o.raised)).toHaveLength(1);
    // The other found the hour taken, or (its reading made after the first committed) nothing new.
    expect(outcomes.filter((o) => !o.raised)).toHaveLength(1);
    // The alert's own e-mail went to the same dead server: recorded anyway, with its error, once.
    move(20);
    expect((await checkTwice(liveTransport)).some((o) => o.raised)).toBe(false);
    move(30);
    await arrive(2);
    await failEverything();
    expect((await checkTwice(liveTransport)).some((o) => o.raised)).toBe(false);
    const rows = await alerts();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ hour: "2027-02-01T10", failed: 5, stale: 0 });
    expect(rows[0]!.error).toMatch(/ECONNREFUSED|connect/i);
    expect(smtp.received).toHaveLength(0);
    // The chat webhook does not depend on the SMTP server: it heard of the first alert.
    expect(hooks.deliveries.map((d) => JSON.parse(d.body))).toEqual([
      { kind: "mail-alert", failed: 5, stale: 0, link: `${origin}/admin/outbox` },
    ]);
    // The admin's banner reads the outbox: 7 failed, and when the alert went out.
    // A session of now (the one made at the start has idled out while the clock moved).
    const cookie = `${sessionCookieName(true)}=${await createSession(app.storage.db, admin.id, admin.passkeyId, clock)}`;
    const health = await app.inject({ method: "GET", url: "/admin/api/mail-health", headers: { cookie } });
    expect(mailHealthAnswer.parse(health.json().data)).toEqual({
      failed: 7,
      stale: 0,
      lastAlertAt: "2027-02-01T10:06:00.000Z",
    });
  });

  it("the next hour raises one more, to every active admin and the system-alert webhook, with counts only", async () => {
    move(10); // 11:0x: the two failures after the first alert are still unreported
    const outcomes = await checkTwice(liveTransport);
    expect(outcomes.filter((o) => o.raised)).toEqual([{ raised: true, sent: 3 }]);
    const rows = await alerts();
    expect(rows.map((r) => [r.hour, r.failed])).toEqual([
      ["2027-02-01T10", 5],
      ["2027-02-01T11", 2],
    ]);
    expect(smtp.received.flatMap((m) => m.to).sort()).toEqual(
      [`alert.admin.${backend}@altivacloud.com`, `alert.second.${backend}@altivacloud.com`].sort(),
    );
    for (const mail of smtp.received) {
      expect(mail.header("Subject")).toBe("Mail from the website is failing");
      expect(mail.decoded).toContain("2 messages have failed for good");
      expect(mail.decoded).toContain(`${origin}/admin/outbox`);
      expect(mail.decoded).not.toMatch(/alert\.\d\.|example\.com|Ada|Lovelace/);
    }
    expect(hooks.deliveries.map((d) => JSON.parse(d.body)).at(-1)).toEqual({
      kind: "mail-alert",
      failed: 2,
      stale: 0,
      link: `${origin}/admin/outbox`,
    });
    expect(hooks.deliveries).toHaveLength(2);
    expect(quiet.deliveries).toEqual([]);
    // Nothing new failed and nothing waits: the hour after is quiet.
    move(60);
    expect(await checkTwice(liveTransport)).toEqual([
      { raised: false, reason: "healthy" },
      { raised: false, reason: "healthy" },
    ]);
  });

  it("a due message waiting over an hour raises an alert although none has failed yet", async () => {
    move(60);
    await arrive(1);
    move(30);
    expect((await checkTwice(liveTransport)).some((o) => o.raised)).toBe(false);
    move(35); // the message, never attempted, is now 65 minutes old and due
    const outcomes = await checkTwice(liveTransport);
    expect(outcomes.filter((o) => o.raised)).toHaveLength(1);
    const last = (await alerts()).at(-1)!;
    expect(last).toMatchObject({ failed: 0, stale: 1 });
    expect(smtp.received.at(-1)!.decoded).toContain("1 message has waited over an hour to be sent");
  });

  it("an assignment e-mail withdrawn before delivery is no mail failure: no alert, and not in the banner", async () => {
    move(60);
    const live = createOutboxWorker({ config, storage: app.storage, transport: liveTransport(), now });
    while ((await live.runOnce()) > 0); // the waiting message of the test before goes out
    const cookie = `${sessionCookieName(true)}=${await createSession(app.storage.db, admin.id, admin.passkeyId, clock)}`;
    const banner = async () =>
      mailHealthAnswer.parse(
        (await app.inject({ method: "GET", url: "/admin/api/mail-health", headers: { cookie } })).json().data,
      );
    const before = await banner();
    const { id } = await insertSubmission(
      app.storage,
      formDefinitions.contact,
      { ...validContact, email: `withdrawn.${crypto.randomBytes(3).toString("hex")}@example.com` },
      { ip: "192.0.2.5", userAgent: null, spam: false, now: clock },
      [],
    );
    const assign = (to: number | null, expected: number | null) =>
      app.inject({
        method: "POST",
        url: `/admin/api/submissions/${id}/assignment`,
        headers: { "content-type": "application/json", cookie, origin },
        payload: { to, expected },
      });
    expect((await assign(sales.id, null)).statusCode).toBe(200);
    expect((await assign(null, sales.id)).statusCode).toBe(200); // taken back before the e-mail left
    while ((await live.runOnce()) > 0);
    const row = await app.storage.db
      .selectFrom("outbox")
      .select(["status", "last_error"])
      .where("submission_id", "=", id)
      .where("purpose", "=", "assign")
      .executeTakeFirstOrThrow();
    expect(row.status).toBe("failed");
    expect(row.last_error).toMatch(/^Not sent: /);
    // A withdrawn decision e-mail's note begins the same way, so it is no failure either.
    expect(withdrawnNote("interview")).toMatch(/^Not sent: /);
    expect(await checkTwice(liveTransport)).toEqual([
      { raised: false, reason: "healthy" },
      { raised: false, reason: "healthy" },
    ]);
    expect((await banner()).failed).toBe(before.failed);
  });

  it("the banner counts the last day's failures only: two days on it is gone, while the outbox keeps the failed rows", async () => {
    const cookie = () =>
      createSession(app.storage.db, admin.id, admin.passkeyId, clock).then((id) => `${sessionCookieName(true)}=${id}`);
    const banner = async () =>
      mailHealthAnswer.parse(
        (await app.inject({ method: "GET", url: "/admin/api/mail-health", headers: { cookie: await cookie() } })).json()
          .data,
      );
    expect((await banner()).failed).toBeGreaterThan(0);
    move(2 * 24 * 60);
    expect((await banner()).failed).toBe(0);
    const kept = await app.storage.db.selectFrom("outbox").select("id").where("status", "=", "failed").execute();
    expect(kept.length).toBeGreaterThan(0);
  });
});
