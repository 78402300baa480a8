/**
 * Webhook failures on the rule (issue 44, decision 073), on SQLite and PostgreSQL: a rule whose
 * chat webhook failed shows when and why in words (HTTP 500, a timeout), never the URL; Retry
 * queues its parked messages again, and a delivery that works clears the failure; "Send a test"
 * posts a message naming no submission through the same checked delivery and says its outcome.
 * Each is audited. The clock is fixed; the sinks are local HTTP servers.
 */
import crypto from "node:crypto";
import http from "node:http";
import type net from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { routingAnswer, routingRuleAnswer, routingTestAnswer } from "../../contracts/console-answers";
import { formDefinitions } from "../../contracts/forms/index";
import { buildApp } from "../app";
import { createOutboxWorker } from "../mail/outbox-worker";
import { createTransport } from "../mail/transport";
import { noteWebhookFailure } from "../routing/routing-rules";
import { webhookProblemInWords } from "../mail/webhook-problem";
import { insertSubmission } from "../submissions/submissions";
import { backends, useBackend } from "../test-support/backends";
import { validContact } from "../test-support/fixtures";
import { signedInStaff } from "../test-support/staff";

const origin = "https://www.altivacloud.com";
const clock = new Date("2027-02-01T10:00:00.000Z");

/** A webhook on loopback answering `status.now`, or never when it is 0; keeps each body. */
async function startSink() {
  const status = { now: 200 };
  const bodies: string[] = [];
  const server = http.createServer((req, res) => {
    let body = "";
    req.on("data", (c) => (body += c));
    req.on("end", () => {
      bodies.push(body);
      if (status.now) res.writeHead(status.now).end("ok");
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const port = (server.address() as net.AddressInfo).port;
  const token = crypto.randomBytes(12).toString("hex");
  return {
    url: `http://127.0.0.1:${port}/services/T0/B0/${token}`,
    token,
    status,
    bodies,
    close: () => {
      server.closeAllConnections();
      return new Promise<void>((r) => server.close(() => r()));
    },
  };
}

describe("a webhook's failure in words", () => {
  const host = "hooks.example.com";
  it("names the HTTP status, a timeout, a refused address and a refused connection, never the message's text", () => {
    expect(webhookProblemInWords(new Error("chat webhook answered HTTP 500"), host, 10_000)).toBe(
      "the service had a fault on its side (HTTP 500)",
    );
    expect(webhookProblemInWords(new Error("chat webhook answered HTTP 404"), host, 10_000)).toBe(
      "the service has no such webhook any more (HTTP 404)",
    );
    expect(webhookProblemInWords(new DOMException("aborted", "TimeoutError"), host, 10_000)).toBe(
      "no answer from hooks.example.com within 10 seconds (timeout)",
    );
    expect(
      webhookProblemInWords(
        new Error("chat webhook not sent: localtest.me resolves to 127.0.0.1, not public (loopback)"),
        "localtest.me",
        10_000,
      ),
    ).toBe("refused address: localtest.me leads to 127.0.0.1, inside a private network (loopback), not the internet");
    const refused = Object.assign(new Error("connect ECONNREFUSED 192.0.2.1:443 /services/T0/B0/secret"), {
      code: "ECONNREFUSED",
    });
    expect(webhookProblemInWords(refused, host, 10_000)).toBe("hooks.example.com refused the connection");
    expect(webhookProblemInWords(new Error("https://hooks.example.com/services/T0/B0/secret"), host, 1)).toBe(
      "the connection to hooks.example.com failed",
    );
  });
});

describe.each(backends)("webhook failures on the rule on %s", (backend) => {
  const env = useBackend(backend, {
    RATE_LIMIT_MAX: "0",
    ROUTING_SECRET_KEY: crypto.randomBytes(32).toString("base64"),
    ROUTING_ALLOW_LOOPBACK_HTTP: "true",
    OUTBOX_MAX_ATTEMPTS: "1",
    OUTBOX_SEND_TIMEOUT_MS: "300",
    OUTBOX_LEASE_MS: "5000",
  });
  let app: Awaited<ReturnType<typeof buildApp>>;
  let admin: Awaited<ReturnType<typeof signedInStaff>>;
  let sink: Awaited<ReturnType<typeof startSink>>;
  beforeAll(async () => {
    sink = await startSink();
    app = await buildApp(env.config, { serveSite: false, now: () => clock });
    admin = await signedInStaff(app.storage.db, { role: "admin", name: `Hook Admin ${backend}` }, clock);
  }, 60_000);
  afterAll(async () => {
    await app.close();
    await sink.close();
  });

  const post = (url: string, payload: object = {}) =>
    app.inject({
      method: "POST",
      url,
      headers: { "content-type": "application/json", cookie: admin.cookie, origin },
      payload,
    });
  const listed = async () => {
    const res = await app.inject({ method: "GET", url: "/admin/api/routing", headers: { cookie: admin.cookie } });
    return { body: res.body, rules: routingAnswer.parse(res.json().data).rules };
  };
  const deliverAll = async () => {
    const worker = createOutboxWorker({
      config: env.config,
      storage: app.storage,
      transport: createTransport({ smtpUrl: undefined, dataDir: env.config.dataDir }),
      now: () => clock,
    });
    while ((await worker.runOnce()) > 0);
  };
  const audit = (ruleId: number) =>
    app.storage.db
      .selectFrom("audit_log")
      .select(["action", "detail"])
      .where("subject", "=", `rule #${ruleId}`)
      .where("action", "like", "routing webhook%")
      .orderBy("id")
      .execute();

  it("shows an HTTP 500 on the rule, retries it, and clears it once the webhook takes the message", async () => {
    const rule = routingRuleAnswer.parse(
      (await post("/admin/api/routing", { kind: "contact", webhookUrl: sink.url })).json().data,
    );
    expect(rule.webhookFailure).toBeNull();
    sink.status.now = 500;
    const meta = { ip: "192.0.2.7", userAgent: null, spam: false, now: clock };
    await insertSubmission(
      app.storage,
      formDefinitions.contact,
      { ...validContact, email: `x.${backend}@example.com` },
      meta,
      [],
    );
    await deliverAll();

    const failed = await listed();
    expect(failed.rules.find((r) => r.id === rule.id)?.webhookFailure).toEqual({
      at: clock.toISOString(),
      problem: "the service had a fault on its side (HTTP 500)",
      failedMessages: 1,
      testPassedAt: null,
    });
    expect(failed.body).not.toContain(sink.token);

    sink.status.now = 200;
    const retried = await post(`/admin/api/routing/${rule.id}/retry`);
    expect(retried.json()).toEqual({ status: true, data: { queued: 1 } });
    await deliverAll();
    expect(sink.bodies).toHaveLength(2);
    expect((await listed()).rules.find((r) => r.id === rule.id)?.webhookFailure).toBeNull();
    // Nothing left to retry now.
    expect((await post(`/admin/api/routing/${rule.id}/retry`)).statusCode).toBe(409);
    expect(await audit(rule.id)).toEqual([
      { action: "routing webhook retried", detail: "1 chat message queued again" },
    ]);
    await post(`/admin/api/routing/${rule.id}/delete`);
  });

  it("says on a failed rule that a test reached the webhook after the failure, until a test fails again", async () => {
    const rule = routingRuleAnswer.parse(
      (await post("/admin/api/routing", { kind: "contact", webhookUrl: sink.url })).json().data,
    );
    const failedAt = new Date("2027-02-01T09:00:00.000Z");
    await noteWebhookFailure(app.storage, rule.id, failedAt, "the service had a fault on its side (HTTP 500)");
    const shown = async () => (await listed()).rules.find((r) => r.id === rule.id)?.webhookFailure;
    expect((await shown())?.testPassedAt).toBeNull();

    sink.status.now = 200;
    expect(routingTestAnswer.parse((await post(`/admin/api/routing/${rule.id}/test`)).json().data).delivered).toBe(
      true,
    );
    // The failure stays, with the passed test beside it: parked messages still wait for Retry.
    expect(await shown()).toEqual({
      at: failedAt.toISOString(),
      problem: "the service had a fault on its side (HTTP 500)",
      failedMessages: 0,
      testPassedAt: clock.toISOString(),
    });

    // A failure after the test outdates it.
    const later = new Date(clock.getTime() + 60_000);
    await noteWebhookFailure(app.storage, rule.id, later, "the service had a fault on its side (HTTP 500)");
    expect((await shown())?.testPassedAt).toBeNull();

    // And a test that fails forgets the one that passed.
    await noteWebhookFailure(app.storage, rule.id, failedAt, "the service had a fault on its side (HTTP 500)");
    expect((await shown())?.testPassedAt).toBe(clock.toISOString());
    sink.status.now = 500;
    expect(routingTestAnswer.parse((await post(`/admin/api/routing/${rule.id}/test`)).json().data).delivered).toBe(
      false,
    );
    expect((await shown())?.testPassedAt).toBeNull();
    sink.status.now = 200;
    await post(`/admin/api/routing/${rule.id}/delete`);
  });

  it("sends a test naming no submission and says whether it arrived: delivered, then a timeout", async () => {
    const rule = routingRuleAnswer.parse(
      (await post("/admin/api/routing", { kind: "feedback", webhookUrl: sink.url, format: "slack" })).json().data,
    );
    sink.status.now = 200;
    sink.bodies.length = 0;
    const ok = await post(`/admin/api/routing/${rule.id}/test`);
    expect(routingTestAnswer.parse(ok.json().data)).toEqual({ delivered: true, problem: null });
    expect(JSON.parse(sink.bodies[0]!)).toEqual({
      text: `Test from the Altiva Cloud website: routing rule ${rule.id} reaches this channel. No submission is attached. The rules: ${origin}/admin/routing`,
    });

    sink.status.now = 0; // the sink reads the message and never answers
    const late = await post(`/admin/api/routing/${rule.id}/test`);
    expect(routingTestAnswer.parse(late.json().data)).toEqual({
      delivered: false,
      problem: `no answer from ${rule.webhookHost} within 300 ms (timeout)`,
    });
    expect(late.body).not.toContain(sink.token);
    const host = rule.webhookHost!;
    expect(await audit(rule.id)).toEqual([
      { action: "routing webhook tested", detail: `delivered to ${host}` },
      { action: "routing webhook tested", detail: `not delivered: no answer from ${host} within 300 ms (timeout)` },
    ]);

    const emailOnly = routingRuleAnswer.parse(
      (await post("/admin/api/routing", { kind: "feedback", email: "desk@altivacloud.com" })).json().data,
    );
    expect((await post(`/admin/api/routing/${emailOnly.id}/test`)).statusCode).toBe(409);
    for (const id of [rule.id, emailOnly.id]) await post(`/admin/api/routing/${id}/delete`);
  });
});
