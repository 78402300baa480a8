/**
 * Routing rules (issue 27), on SQLite and PostgreSQL: administrators add, change, pause, resume
 * and delete them, audited without the webhook's URL; an accepted submission that matches sends a
 * chat message to a local HTTP sink in Slack's, Teams' or the generic shape, and a link-only
 * e-mail to the rule's address, none of them carrying the submitter's details; a rule that does
 * not match sends nothing. The URL is sealed at rest, refused without a key, and must be https.
 * Other roles, strangers and a revoked administrator are refused. The clock is fixed.
 */
import crypto from "node:crypto";
import http from "node:http";
import net from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { routingAnswer, routingRuleAnswer } from "../../contracts/console-answers";
import { formDefinitions } from "../../contracts/forms/index";
import { buildApp } from "../app";
import type { Config } from "../config";
import { createOutboxWorker } from "../mail/outbox-worker";
import { createTransport } from "../mail/transport";
import { chatBody, chatNotice, formatFor, webhookProblem } from "../mail/routed";
import { openSecret, sealSecret } from "../mail/routing-secret";
import { releaseSubmission } from "../submissions/quarantine";
import { insertSubmission } from "../submissions/submissions";
import { backends, useBackend } from "../test-support/backends";
import { findBytes } from "../test-support/find-bytes";
import { jsonHeaders, validApplicationFields, validContact } from "../test-support/fixtures";
import { startSmtp } from "../test-support/smtp";
import { signedInStaff } from "../test-support/staff";
import { noKeyMessage } from "./routing-routes";

type App = Awaited<ReturnType<typeof buildApp>>;
const origin = "https://www.altivacloud.com";
const clock = new Date("2027-02-01T10:00:00.000Z");
const routingKey = crypto.randomBytes(32).toString("base64");

/** A chat webhook on loopback: keeps each body; answers `status` (and a Location for a redirect). */
async function startSink(status = 200, location?: string) {
  const bodies: string[] = [];
  const server = http.createServer((req, res) => {
    let body = "";
    req.on("data", (c) => (body += c));
    req.on("end", () => {
      bodies.push(body);
      res.writeHead(status, location ? { Location: location } : {}).end("ok");
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const port = (server.address() as net.AddressInfo).port;
  // The path plays the part of Slack's secret token: it must never be stored or shown in the clear.
  const token = crypto.randomBytes(12).toString("hex");
  return {
    url: `http://127.0.0.1:${port}/services/T0/B0/${token}`,
    host: `127.0.0.1:${port}`,
    token,
    bodies,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

describe("webhook addresses and their seal", () => {
  it("picks Slack and Teams by host, generic otherwise", () => {
    expect(formatFor(new URL("https://hooks.slack.com/services/T0/B0/x"))).toBe("slack");
    expect(formatFor(new URL("https://altiva.webhook.office.com/webhookb2/x"))).toBe("teams");
    expect(formatFor(new URL("https://prod-12.westeurope.logic.azure.com/workflows/x"))).toBe("teams");
    expect(formatFor(new URL("https://hooks.slack.com.evil.example/x"))).toBe("generic");
  });
  it("allows http only on loopback and only when the test flag says so", () => {
    expect(webhookProblem("http://127.0.0.1:9/x", { allowLoopbackHttp: true })).toBeUndefined();
    expect(webhookProblem("http://127.0.0.1:9/x", { allowLoopbackHttp: false })).toMatch(/https/);
    expect(webhookProblem("https://127.0.0.1/x", { allowLoopbackHttp: false })).toMatch(/own network/);
    expect(webhookProblem("https://[::1]/x", { allowLoopbackHttp: false })).toMatch(/own network/);
    expect(webhookProblem("https://[fd00::1]/x", { allowLoopbackHttp: false })).toMatch(/own network/);
    // A trailing dot is the same host to the resolver.
    expect(webhookProblem("https://localhost./x", { allowLoopbackHttp: false })).toMatch(/own network/);
    expect(webhookProblem("https://hooks.localhost./x", { allowLoopbackHttp: false })).toMatch(/own network/);
    expect(webhookProblem("https://metadata.internal./x", { allowLoopbackHttp: false })).toMatch(/own network/);
    // NAT64's well-known prefix carries an IPv4 address: 169.254.169.254 (cloud metadata) here.
    expect(webhookProblem("https://[64:ff9b::a9fe:a9fe]/x", { allowLoopbackHttp: false })).toMatch(/own network/);
    expect(webhookProblem("https://[fec0::1]/x", { allowLoopbackHttp: false })).toMatch(/own network/);
    expect(webhookProblem("http://192.168.1.10/x", { allowLoopbackHttp: true })).toMatch(/https/);
    expect(webhookProblem("https://hooks.slack.com/services/T0/B0/x", { allowLoopbackHttp: false })).toBeUndefined();
  });
  it("names the kind, the topic in words that are not the sender's, and the site page, never the reason as typed", () => {
    const base = { id: 7, reference: null, position: null, feedback_type: null, source_path: null };
    const enquiry = chatNotice({ ...base, kind: "contact", source_path: "/services/migration" }, "https://x.example", {
      reason: "migration",
      message_words: "vmware",
    });
    expect(chatBody("slack", enquiry)).toBe(
      JSON.stringify({
        text: "New contact enquiry #7 on the website, matching “migration”, “vmware”, sent from /services/migration. Open it in the staff console: https://x.example/admin/submissions/7",
      }),
    );
    const feedback = chatNotice({ ...base, kind: "feedback", feedback_type: "support" }, "https://x.example");
    expect(JSON.parse(chatBody("generic", feedback))).toMatchObject({ topic: "about support", page: null });
    // Only a path of the site itself is named as the page.
    expect(
      chatNotice({ ...base, kind: "contact", source_path: "https://evil.example" }, "https://x.example").page,
    ).toBe(null);
  });
  it("opens a sealed URL only with its key and unaltered", () => {
    const key = crypto.randomBytes(32);
    const sealed = sealSecret(key, "https://hooks.slack.com/services/T0/B0/secret");
    expect(sealed).not.toContain("secret");
    expect(openSecret(key, sealed)).toBe("https://hooks.slack.com/services/T0/B0/secret");
    expect(() => openSecret(crypto.randomBytes(32), sealed)).toThrow();
    const [v, iv, tag, body] = sealed.split(".");
    const flipped = Buffer.from(body!, "base64");
    flipped[0] = flipped[0]! ^ 1;
    expect(() => openSecret(key, [v, iv, tag, flipped.toString("base64")].join("."))).toThrow();
  });
});

describe.each(backends)("routing rules on %s", (backend) => {
  const env = useBackend(backend, {
    RATE_LIMIT_MAX: "0",
    ROUTING_SECRET_KEY: routingKey,
    ROUTING_ALLOW_LOOPBACK_HTTP: "true",
  });
  let app: App;
  let config: Config;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let admin: Awaited<ReturnType<typeof signedInStaff>>;
  beforeAll(async () => {
    smtp = await startSmtp();
    config = { ...env.config, smtpUrl: smtp.url };
    app = await buildApp(config, { serveSite: false, now: () => clock });
    admin = await signedInStaff(app.storage.db, { role: "admin", name: `Routing Admin ${backend}` }, clock);
  }, 60_000);
  afterAll(async () => {
    await app.close();
    await smtp.close();
  });

  const get = (url: string, cookie: string) => app.inject({ method: "GET", url, headers: { cookie } });
  const post = (url: string, cookie: string, payload: object = {}) =>
    app.inject({ method: "POST", url, headers: { "content-type": "application/json", cookie, origin }, payload });
  const addRule = async (rule: object) => {
    const res = await post("/admin/api/routing", admin.cookie, rule);
    expect(res.statusCode, res.body).toBe(201);
    return routingRuleAnswer.parse(res.json().data);
  };
  const deleteRule = (id: number) => post(`/admin/api/routing/${id}/delete`, admin.cookie);
  const deliverAll = async () => {
    const worker = createOutboxWorker({
      config,
      storage: app.storage,
      transport: createTransport({ smtpUrl: smtp.url, dataDir: config.dataDir }),
      now: () => clock,
    });
    while ((await worker.runOnce()) > 0);
  };
  /** A contact enquiry sent to the site's API, with personal details unique to this call. */
  async function enquire(reason: string) {
    const tag = crypto.randomBytes(4).toString("hex");
    const person = {
      ...validContact,
      firstName: `Zelda${tag}`,
      lastName: `Quintero${tag}`,
      email: `zelda.${tag}@northwind${tag}.example`,
      phone: "4155550177",
      reason,
      message: `Please call me about moving ${tag} to the cloud.`,
    };
    const res = await app.inject({
      method: "POST",
      url: "/api/contact-us/create",
      headers: jsonHeaders,
      payload: person,
    });
    expect(res.statusCode, res.body).toBe(201);
    const { id } = await app.storage.db
      .selectFrom("submissions")
      .select("id")
      .where("email", "=", person.email)
      .executeTakeFirstOrThrow();
    const personal = [
      person.firstName,
      person.lastName,
      person.email,
      `northwind${tag}`,
      person.phone,
      "4155550177",
      person.message,
      tag,
      reason,
    ];
    return { id, personal };
  }

  it("an admin adds, changes, pauses, resumes and deletes a rule; each is audited, the URL never", async () => {
    const sink = await startSink();
    try {
      const rule = await addRule({ kind: "contact", reason: "partnership", webhookUrl: sink.url, systemAlerts: true });
      expect(rule).toMatchObject({
        webhookHost: sink.host,
        webhookFormat: "generic",
        systemAlerts: true,
        paused: false,
      });
      const listed = routingAnswer.parse((await get("/admin/api/routing", admin.cookie)).json().data);
      expect(listed.keyConfigured).toBe(true);
      expect(listed.rules.find((r) => r.id === rule.id)).toEqual(rule);

      const changed = await post(`/admin/api/routing/${rule.id}`, admin.cookie, {
        kind: "contact",
        reason: "partnership",
        email: "partners@altivacloud.com",
        format: "slack",
      });
      expect(changed.statusCode, changed.body).toBe(200);
      // No webhookUrl in the change: the saved one stays (the console never has it to send back).
      expect(routingRuleAnswer.parse(changed.json().data)).toMatchObject({
        email: "partners@altivacloud.com",
        webhookHost: sink.host,
        webhookFormat: "slack",
        systemAlerts: false,
      });
      expect(
        routingRuleAnswer.parse((await post(`/admin/api/routing/${rule.id}/pause`, admin.cookie)).json().data).paused,
      ).toBe(true);
      expect(
        routingRuleAnswer.parse((await post(`/admin/api/routing/${rule.id}/resume`, admin.cookie)).json().data).paused,
      ).toBe(false);
      expect((await deleteRule(rule.id)).statusCode).toBe(200);
      expect((await deleteRule(rule.id)).statusCode).toBe(404);

      const entries = await app.storage.db
        .selectFrom("audit_log")
        .selectAll()
        .where("subject", "=", `rule #${rule.id}`)
        .orderBy("id")
        .execute();
      expect(entries.map((e) => e.action)).toEqual([
        "routing rule added",
        "routing rule changed",
        "routing rule paused",
        "routing rule resumed",
        "routing rule deleted",
      ]);
      expect(entries.every((e) => e.staff_name === admin.name)).toBe(true);
      expect(entries[1]!.detail).toBe(
        `contact, reason contains “partnership” → e-mail partners@altivacloud.com and slack chat at ${sink.host}`,
      );
      const everything = JSON.stringify(entries) + (await get("/admin/api/routing", admin.cookie)).body;
      expect(everything).not.toContain(sink.token);
    } finally {
      await sink.close();
    }
  });

  it("a matching enquiry sends one chat message and one link-only e-mail, without the person's details", async () => {
    const sink = await startSink();
    const other = await startSink();
    try {
      const rule = await addRule({
        kind: "contact",
        reason: "MIGRATION",
        webhookUrl: sink.url,
        email: `cloud-desk.${backend}@altivacloud.com`,
      });
      const elsewhere = await addRule({ kind: "contact", reason: "partnership", webhookUrl: other.url });
      const hiring = await addRule({ kind: "application", position: "QA Engineer", webhookUrl: other.url });
      const { id, personal } = await enquire("Cloud migration of our billing");
      const row = await app.storage.db
        .selectFrom("outbox")
        .select(["channel", "recipient"])
        .where("submission_id", "=", id)
        .where("purpose", "=", "routed")
        .orderBy("id")
        .execute();
      // The outbox names the rule, not its URL.
      expect(row).toEqual([
        { channel: "email", recipient: `cloud-desk.${backend}@altivacloud.com` },
        { channel: "webhook", recipient: `rule:${rule.id}` },
      ]);
      await deliverAll();

      expect(sink.bodies).toHaveLength(1);
      const body = sink.bodies[0]!;
      // The topic is the rule's own words, never the reason as the visitor typed it.
      expect(JSON.parse(body)).toEqual({
        kind: "contact",
        reference: `#${id}`,
        link: `${origin}/admin/submissions/${id}`,
        topic: "matching “MIGRATION”",
        page: null,
      });
      for (const value of personal) expect(body.toLowerCase()).not.toContain(value.toLowerCase());
      expect(other.bodies).toEqual([]);

      const mail = smtp.received.filter((m) => m.to.includes(`cloud-desk.${backend}@altivacloud.com`));
      expect(mail).toHaveLength(1);
      expect(mail[0]!.decoded).toContain(`${origin}/admin/submissions/${id}`);
      for (const value of personal) expect(mail[0]!.decoded.toLowerCase()).not.toContain(value.toLowerCase());
      for (const r of [rule, elsewhere, hiring]) await deleteRule(r.id);
    } finally {
      await sink.close();
      await other.close();
    }
  });

  it("speaks Slack's and Teams' shapes, by the host or as the admin picks; a paused rule sends nothing", async () => {
    const slack = await startSink();
    const teams = await startSink();
    const paused = await startSink();
    try {
      const rules = [
        await addRule({ kind: "application", position: "Cloud Architect", webhookUrl: slack.url, format: "slack" }),
        await addRule({ kind: "application", webhookUrl: teams.url, format: "teams" }),
        await addRule({ kind: "application", webhookUrl: paused.url }),
      ];
      await post(`/admin/api/routing/${rules[2]!.id}/pause`, admin.cookie);
      const { id, reference } = await insertSubmission(
        app.storage,
        formDefinitions.application,
        { ...validApplicationFields, position: "Cloud Architect", email: `alan.${backend}@turing.example` },
        { ip: "192.0.2.7", userAgent: null, spam: false, now: clock },
        [],
      );
      await deliverAll();
      const link = `${origin}/admin/submissions/${id}`;
      expect(slack.bodies.map((b) => JSON.parse(b))).toEqual([
        {
          text: `New job application ${reference} on the website, for Cloud Architect. Open it in the staff console: ${link}`,
        },
      ]);
      expect(teams.bodies).toHaveLength(1);
      const card = JSON.parse(teams.bodies[0]!);
      expect(card).toMatchObject({
        "@type": "MessageCard",
        potentialAction: [{ "@type": "OpenUri", targets: [{ uri: link }] }],
      });
      expect(card.text).toContain(reference);
      for (const body of [...slack.bodies, ...teams.bodies])
        for (const value of ["Alan", "Turing", "turing.example", "4155550199", "payment APIs"])
          expect(body).not.toContain(value);
      expect(paused.bodies).toEqual([]);
      for (const r of rules) await deleteRule(r.id);
    } finally {
      await Promise.all([slack.close(), teams.close(), paused.close()]);
    }
  });

  it("routes a quarantined submission only once it is released", async () => {
    const sink = await startSink();
    try {
      const rule = await addRule({ kind: "feedback", webhookUrl: sink.url });
      const { id } = await insertSubmission(
        app.storage,
        formDefinitions.feedback,
        {
          firstName: "Held",
          lastName: "Back",
          email: `held.${backend}@example.com`,
          phone: "",
          feedbackType: "website",
          message: "Held.",
          consent: true,
        },
        { ip: "192.0.2.9", userAgent: null, spam: true, spamVerdict: "review", spamReasons: [], now: clock },
        [],
      );
      const routed = () => app.storage.db.selectFrom("outbox").select("id").where("submission_id", "=", id).execute();
      expect(await routed()).toEqual([]);
      await releaseSubmission(app.storage, id, "test", { now: clock, messagesFor: () => [] });
      expect(await routed()).toHaveLength(1);
      await deliverAll();
      expect(sink.bodies.map((b) => JSON.parse(b).reference)).toEqual([`#${id}`]);
      await deleteRule(rule.id);
    } finally {
      await sink.close();
    }
  });

  it("a rule deleted after its message was queued sends nothing, and the message is done", async () => {
    const sink = await startSink();
    try {
      const rule = await addRule({ kind: "feedback", webhookUrl: sink.url });
      const { id } = await insertSubmission(
        app.storage,
        formDefinitions.feedback,
        {
          firstName: "Late",
          lastName: "Rule",
          email: `late.${backend}@example.com`,
          phone: "",
          feedbackType: "website",
          message: "Late.",
          consent: true,
        },
        { ip: "192.0.2.9", userAgent: null, spam: false, now: clock },
        [],
      );
      expect((await deleteRule(rule.id)).statusCode).toBe(200);
      await deliverAll();
      expect(sink.bodies).toEqual([]);
      const row = await app.storage.db
        .selectFrom("outbox")
        .select("status")
        .where("submission_id", "=", id)
        .executeTakeFirstOrThrow();
      expect(row.status).toBe("sent");
    } finally {
      await sink.close();
    }
  });

  it("routes a position an admin added to the form (the positions table, not the first list)", async () => {
    const name = `Routing Platform Engineer ${backend}`;
    expect(
      (
        await post("/admin/api/routing", admin.cookie, {
          kind: "application",
          position: name,
          email: "team@altivacloud.com",
        })
      ).statusCode,
    ).toBe(400);
    expect((await post("/admin/api/positions", admin.cookie, { name })).statusCode).toBe(201);
    const rule = await addRule({ kind: "application", position: name, email: "team@altivacloud.com" });
    expect(rule.position).toBe(name);
    const listed = routingAnswer.parse((await get("/admin/api/routing", admin.cookie)).json().data);
    expect(listed.positions).toContain(name);
    await deleteRule(rule.id);
  });

  it("a rule paused after its messages were queued sends nothing more: neither its chat message nor its e-mail", async () => {
    const sink = await startSink();
    try {
      const rule = await addRule({
        kind: "feedback",
        webhookUrl: sink.url,
        email: `paused.${backend}@partner.example`,
      });
      const { id } = await insertSubmission(
        app.storage,
        formDefinitions.feedback,
        {
          firstName: "Paused",
          lastName: "Meanwhile",
          email: `paused.sender.${backend}@example.com`,
          phone: "",
          feedbackType: "website",
          message: "Sent while the rule was on.",
          consent: true,
        },
        { ip: "192.0.2.9", userAgent: null, spam: false, now: clock },
        [],
      );
      const queued = await app.storage.db
        .selectFrom("outbox")
        .select("id")
        .where("submission_id", "=", id)
        .where("purpose", "=", "routed")
        .execute();
      expect(queued).toHaveLength(2);
      expect((await post(`/admin/api/routing/${rule.id}/pause`, admin.cookie)).statusCode).toBe(200);
      await deliverAll();
      expect(sink.bodies).toEqual([]);
      expect(smtp.received.filter((m) => m.to.includes(`paused.${backend}@partner.example`))).toEqual([]);
      await deleteRule(rule.id);
    } finally {
      await sink.close();
    }
  });

  it("an e-mail queued for a rule whose address was changed, or which was deleted, is not sent to the old address", async () => {
    const changedTo = `new-desk.${backend}@altivacloud.com`;
    const oldAddress = `typo-desk.${backend}@altivacloud.example`;
    const goneAddress = `gone-desk.${backend}@altivacloud.example`;
    const changed = await addRule({ kind: "feedback", email: oldAddress });
    const deleted = await addRule({ kind: "feedback", email: goneAddress });
    const { id } = await insertSubmission(
      app.storage,
      formDefinitions.feedback,
      {
        firstName: "Moved",
        lastName: "Desk",
        email: `moved.${backend}@example.com`,
        phone: "",
        feedbackType: "website",
        message: "Routed while the rule changed.",
        consent: true,
      },
      { ip: "192.0.2.9", userAgent: null, spam: false, now: clock },
      [],
    );
    const queued = await app.storage.db
      .selectFrom("outbox")
      .select("recipient")
      .where("submission_id", "=", id)
      .where("purpose", "=", "routed")
      .orderBy("id")
      .execute();
    expect(queued.map((r) => r.recipient)).toEqual([oldAddress, goneAddress]);
    const change = await post(`/admin/api/routing/${changed.id}`, admin.cookie, { kind: "feedback", email: changedTo });
    expect(change.statusCode, change.body).toBe(200);
    expect((await deleteRule(deleted.id)).statusCode).toBe(200);
    await deliverAll();
    const to = smtp.received.flatMap((m) => m.to);
    expect(to).not.toContain(oldAddress);
    expect(to).not.toContain(goneAddress);
    const rows = await app.storage.db
      .selectFrom("outbox")
      .select("status")
      .where("submission_id", "=", id)
      .where("purpose", "=", "routed")
      .execute();
    expect(rows.map((r) => r.status)).toEqual(["sent", "sent"]);
    await deleteRule(changed.id);
  });

  it("keeps the webhook URL sealed: it is in no database file, and a redirect is not followed", async () => {
    const target = await startSink();
    const redirecting = await startSink(302, target.url);
    try {
      const rule = await addRule({ kind: "feedback", webhookUrl: redirecting.url });
      const stored = await app.storage.db
        .selectFrom("routing_rules")
        .selectAll()
        .where("id", "=", rule.id)
        .executeTakeFirstOrThrow();
      expect(JSON.stringify(stored)).not.toContain(redirecting.token);
      expect(stored.webhook_sealed).toMatch(/^v1\./);
      if (backend === "sqlite") {
        expect(findBytes(env.dataDir, [redirecting.token, `/services/T0/B0/`])).toEqual([]);
      }
      await insertSubmission(
        app.storage,
        formDefinitions.feedback,
        {
          firstName: "Grace",
          lastName: "Hopper",
          email: `grace.${backend}@example.com`,
          phone: "",
          feedbackType: "website",
          message: "Useful.",
          consent: true,
        },
        { ip: "192.0.2.8", userAgent: null, spam: false, now: clock },
        [],
      );
      await deliverAll();
      expect(redirecting.bodies).toHaveLength(1);
      expect(target.bodies).toEqual([]);
      const failed = await app.storage.db
        .selectFrom("outbox")
        .select("last_error")
        .where("recipient", "=", `rule:${rule.id}`)
        .executeTakeFirstOrThrow();
      expect(failed.last_error).toBe("chat webhook answered HTTP 302");
      await deleteRule(rule.id);
    } finally {
      await Promise.all([target.close(), redirecting.close()]);
    }
  });

  it("a rule whose host name resolves to loopback at delivery connects to nothing, and its message records why", async () => {
    // A bare TCP listener: any connection at all, a TLS handshake included, is counted.
    let connections = 0;
    const listener = net.createServer((socket) => {
      connections++;
      socket.destroy();
    });
    await new Promise<void>((r) => listener.listen(0, "127.0.0.1", r));
    const port = (listener.address() as net.AddressInfo).port;
    try {
      // Written directly, as a name that pointed to the internet when saved and was rebound since.
      const at = clock.toISOString();
      const rule = await app.storage.db
        .insertInto("routing_rules")
        .values({
          kind: "feedback",
          reason: null,
          position: null,
          email: null,
          webhook_sealed: sealSecret(config.routing.secretKey!, `https://localhost:${port}/hook`),
          webhook_host: `localhost:${port}`,
          webhook_format: "generic",
          system_alerts: 0,
          paused: 0,
          created_at: at,
          updated_at: at,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      await insertSubmission(
        app.storage,
        formDefinitions.feedback,
        {
          firstName: "Ada",
          lastName: "Lovelace",
          email: `ada.${backend}@example.com`,
          phone: "",
          feedbackType: "website",
          message: "Rebound.",
          consent: true,
        },
        { ip: "192.0.2.9", userAgent: null, spam: false, now: clock },
        [],
      );
      await deliverAll();
      expect(connections).toBe(0);
      const failed = await app.storage.db
        .selectFrom("outbox")
        .select(["status", "last_error"])
        .where("recipient", "=", `rule:${rule.id}`)
        .executeTakeFirstOrThrow();
      expect(failed.status).toBe("pending");
      expect(failed.last_error).toMatch(
        /^chat webhook not sent: localhost resolves to (127\.0\.0\.1|::1), not public \(loopback\)$/,
      );
      await deleteRule(rule.id);
    } finally {
      await new Promise<void>((r) => listener.close(() => r()));
    }
  });

  it("refuses unsafe or malformed rules with a reason, and a webhook when no key is set", async () => {
    const before = (await app.storage.db.selectFrom("routing_rules").select("id").execute()).length;
    const refusals: [object, number, RegExp][] = [
      [{ kind: "contact", webhookUrl: "http://hooks.example.com/x" }, 400, /https:\/\//],
      [{ kind: "contact", webhookUrl: "https://10.1.2.3/hook" }, 400, /inside our own network/],
      [{ kind: "contact", webhookUrl: "https://169.254.169.254/latest" }, 400, /inside our own network/],
      [{ kind: "contact", webhookUrl: "https://user:pw@hooks.slack.com/services/x" }, 400, /user name or password/],
      [{ kind: "contact", webhookUrl: "javascript:alert(1)" }, 400, /https:\/\//],
      [{ kind: "contact", webhookUrl: `https://hooks.slack.com/${"a".repeat(5000)}` }, 400, /too long/],
      [{ kind: "contact", email: "team@altivacloud.com\r\nBcc: someone@evil.example" }, 400, /valid e-mail/],
      [{ kind: "contact", email: "x".repeat(300) + "@altivacloud.com" }, 400, /too long/],
      [{ kind: "contact", reason: "r".repeat(101), email: "team@altivacloud.com" }, 400, /100 characters/],
      [{ kind: "contact", reason: "cloud\r\nBcc: x", email: "team@altivacloud.com" }, 400, /plain words/],
      [{ kind: "application", reason: "cloud", email: "team@altivacloud.com" }, 400, /Only contact enquiries/],
      [{ kind: "contact", position: "QA Engineer", email: "team@altivacloud.com" }, 400, /Only applications/],
      [{ kind: "application", position: "<script>alert(1)</script>", email: "team@altivacloud.com" }, 400, /positions/],
      [{ kind: "spam", email: "team@altivacloud.com" }, 400, /kind of submission/],
      [{ kind: "contact" }, 400, /send somewhere/],
    ];
    for (const [body, code, message] of refusals) {
      const res = await post("/admin/api/routing", admin.cookie, body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 80)).toBe(code);
      expect(res.json().message).toMatch(message);
    }
    expect((await app.storage.db.selectFrom("routing_rules").select("id").execute()).length).toBe(before);

    // Without ROUTING_SECRET_KEY: a webhook is refused with words an admin can act on; e-mail still works.
    const keyless = await buildApp(
      { ...config, routing: { ...config.routing, secretKey: undefined } },
      { serveSite: false, now: () => clock },
    );
    try {
      const refused = await keyless.inject({
        method: "POST",
        url: "/admin/api/routing",
        headers: { "content-type": "application/json", cookie: admin.cookie, origin },
        payload: { kind: "contact", webhookUrl: "https://hooks.slack.com/services/T0/B0/abc" },
      });
      expect(refused.statusCode).toBe(409);
      expect(refused.json().message).toBe(noKeyMessage);
      const listed = await keyless.inject({
        method: "GET",
        url: "/admin/api/routing",
        headers: { cookie: admin.cookie },
      });
      expect(routingAnswer.parse(listed.json().data).keyConfigured).toBe(false);
      const emailOnly = await keyless.inject({
        method: "POST",
        url: "/admin/api/routing",
        headers: { "content-type": "application/json", cookie: admin.cookie, origin },
        payload: { kind: "contact", email: "team@altivacloud.com" },
      });
      expect(emailOnly.statusCode).toBe(201);
      await deleteRule(routingRuleAnswer.parse(emailOnly.json().data).id);
    } finally {
      await keyless.close();
    }
  });

  it("answers 403 to sales and HR on every routing route, 401 to strangers and to a revoked admin", async () => {
    const routes = app.consoleRoutes.filter(
      (r) => r.url.startsWith("/admin/api/routing") || r.url === "/admin/api/mail-health",
    );
    expect(routes.length).toBe(9);
    const sales = await signedInStaff(app.storage.db, { role: "sales", name: `Routing Sales ${backend}` }, clock);
    const hr = await signedInStaff(app.storage.db, { role: "hr", name: `Routing Hr ${backend}` }, clock);
    const former = await signedInStaff(app.storage.db, { role: "admin", name: `Routing Former ${backend}` }, clock);
    expect((await post(`/admin/api/people/${former.id}/revoke`, admin.cookie, { confirm: true })).statusCode).toBe(200);
    const rule = await addRule({ kind: "contact", email: "team@altivacloud.com" });
    for (const route of routes) {
      const url = route.url.replace(":id", String(rule.id));
      const call = (cookie: string) =>
        route.method === "GET" ? get(url, cookie) : post(url, cookie, { kind: "contact", email: "evil@example.com" });
      expect((await call(sales.cookie)).statusCode, `${route.method} ${url}`).toBe(403);
      expect((await call(hr.cookie)).statusCode, `${route.method} ${url}`).toBe(403);
      expect((await call(former.cookie)).statusCode, `${route.method} ${url}`).toBe(401);
      expect((await call("")).statusCode, `${route.method} ${url}`).toBe(401);
    }
    const after = await app.storage.db
      .selectFrom("routing_rules")
      .selectAll()
      .where("id", "=", rule.id)
      .executeTakeFirstOrThrow();
    expect(after).toMatchObject({ email: "team@altivacloud.com", paused: 0 });
    await deleteRule(rule.id);
  });
});
