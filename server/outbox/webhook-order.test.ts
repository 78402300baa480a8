/**
 * The webhook receiver hears of a submission before it hears of its erasure, even when the
 * erasure commits while another instance's worker is still posting the submission (its answer
 * held by the receiver). On SQLite and PostgreSQL: the erasure event waits for that delivery's
 * lease, and is sent once the lease has ended.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../app";
import type { Config } from "../config";
import { createOutboxWorker } from "../mail/outbox-worker";
import { createTransport } from "../mail/transport";
import { backends, useBackend } from "../test-support/backends";
import { validContact } from "../test-support/fixtures";
import { startWebhookReceiver } from "../test-support/webhook-receiver";
import { eraseByEmail } from "../retention/erasure";

type App = Awaited<ReturnType<typeof buildApp>>;

describe.each(backends)("an erasure while the submission's webhook is in flight, on %s", (backend) => {
  const env = useBackend(backend, { RATE_LIMIT_MAX: "0" });
  let app: App;
  let config: Config;
  let hooks: Awaited<ReturnType<typeof startWebhookReceiver>>;
  let answerCreated = () => {};
  const created = new Promise<void>((resolve) => (answerCreated = resolve));
  let clock = new Date("2026-11-25T10:00:00.000Z");
  const now = () => clock;

  beforeAll(async () => {
    hooks = await startWebhookReceiver({
      hold: (body) =>
        (JSON.parse(body) as { type: string }).type === "submission.created" ? created : Promise.resolve(),
    });
    config = { ...env.config, webhookUrl: hooks.url, webhookSecret: "a-secret-for-the-order-test" };
    app = await buildApp(config, { serveSite: false, now });
  }, 60_000);
  afterAll(async () => {
    answerCreated();
    await app.close();
    await hooks.close();
  });

  const worker = () =>
    createOutboxWorker({
      config,
      storage: app.storage,
      transport: createTransport({ dataDir: config.dataDir }),
      now,
    });
  const types = () => hooks.deliveries.map((d) => (JSON.parse(d.body) as { type: string }).type);

  it("is sent after the delivery in flight has ended, never while it is", async () => {
    const email = "zoe.nunez@example.com";
    const sent = await app.inject({
      method: "POST",
      url: "/api/contact-us/create",
      headers: { "content-type": "application/json", "x-requested-with": "XMLHttpRequest" },
      payload: { ...validContact, firstName: "Zoë", lastName: "Núñez", email },
    });
    expect(sent.statusCode).toBe(201);

    // Instance B takes the webhook delivery; the receiver has it but has not answered.
    const instanceB = worker().runOnce();
    for (let i = 0; i < 200 && types().length === 0; i++) await new Promise((r) => setTimeout(r, 10));
    expect(types()).toEqual(["submission.created"]);
    const lease = await app.storage.db
      .selectFrom("outbox")
      .select("lease_until")
      .where("channel", "=", "webhook")
      .executeTakeFirstOrThrow();

    // Instance A erases the person and runs its worker at once: the event is not due yet.
    const report = await eraseByEmail(app.storage, email, {
      dataDir: config.dataDir,
      webhookUrl: config.webhookUrl,
      reason: "request",
      now: clock,
    });
    expect(report.submissions).toBe(1);
    const instanceA = worker();
    await instanceA.runOnce();
    expect(types()).toEqual(["submission.created"]);
    const event = await app.storage.db.selectFrom("webhook_events").selectAll().executeTakeFirstOrThrow();
    expect(event.next_attempt_at).toBe(lease.lease_until);

    // The delivery ends; once its lease has, the erasure goes out.
    answerCreated();
    await instanceB;
    clock = new Date(new Date(lease.lease_until!).getTime() + 1);
    await instanceA.runOnce();
    expect(types()).toEqual(["submission.created", "submission.erased"]);
  });
});
