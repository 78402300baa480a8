/**
 * The spam defence against the real server (inject), on SQLite and PostgreSQL: a proof is used
 * once and expires, the time trap and the other signals quarantine with reasons and send nothing,
 * and a released submission sends exactly what an ordinary one sends, read from a real SMTP server.
 */
import { PassThrough } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Challenge } from "altcha-lib";
import { buildApp } from "../app";
import { runCli } from "../cli/index";
import type { Config } from "../config";
import { createOutboxWorker } from "../mail/outbox-worker";
import { createTransport } from "../mail/transport";
import { backends, useBackend } from "../test-support/backends";
import { humanCorpus } from "../../tests/support/human-corpus";
import { applicationParts, jsonHeaders, multipart, pdf, validContact, validFeedback } from "../test-support/fixtures";
import { startSmtp } from "../test-support/smtp";
import { startWebhookReceiver } from "../test-support/webhook-receiver";
import { solve } from "../test-support/spam-proof";
import { insertSubmission } from "../submissions/submissions";
import { proofMessages } from "./proof";
import { sendReviewNotice } from "./review-notice";
import { contentReasons, distinctLinks } from "./verdict";
import { formDefinitions } from "../../contracts/forms/index";

type App = Awaited<ReturnType<typeof buildApp>>;

describe.each(backends)("spam defence on %s", (backend) => {
  const env = useBackend(backend, { RATE_LIMIT_MAX: "0", SPAM_PROOF_REQUIRED: "true" });
  let app: App;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let hooks: Awaited<ReturnType<typeof startWebhookReceiver>>;
  let config: Config;
  const webhookSecret = "a-webhook-secret-for-the-spam-suite";
  let clock = new Date();
  const now = () => clock;
  const later = (seconds: number) => (clock = new Date(clock.getTime() + seconds * 1000));

  beforeAll(async () => {
    smtp = await startSmtp();
    hooks = await startWebhookReceiver();
    config = { ...env.config, smtpUrl: smtp.url, webhookUrl: hooks.url, webhookSecret };
    app = await buildApp(config, { serveSite: false, now });
  });
  afterAll(async () => {
    await app.close();
    await smtp.close();
    await hooks.close();
  });

  const worker = () =>
    createOutboxWorker({
      config,
      storage: app.storage,
      transport: createTransport({ smtpUrl: config.smtpUrl, dataDir: config.dataDir }),
      now,
    });

  async function proof(): Promise<string> {
    const res = await app.inject({ method: "GET", url: "/api/spam-proof/challenge" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["cache-control"]).toBe("no-store");
    return solve(res.json() as Challenge);
  }

  const post = (url: string, body: object) => app.inject({ method: "POST", url, headers: jsonHeaders, payload: body });
  const row = (id: number) =>
    app.storage.db.selectFrom("submissions").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
  const lastId = async () =>
    (await app.storage.db.selectFrom("submissions").select("id").orderBy("id", "desc").executeTakeFirstOrThrow()).id;
  const outboxOf = (id: number) =>
    app.storage.db.selectFrom("outbox").selectAll().where("submission_id", "=", id).execute();

  async function cli(...argv: string[]) {
    const out = new PassThrough();
    let stdout = "";
    out.on("data", (c) => (stdout += c));
    const envVars: Record<string, string> = {
      DATA_DIR: config.dataDir,
      LOG_LEVEL: "silent",
      SMTP_URL: smtp.url,
      WEBHOOK_URL: hooks.url,
      WEBHOOK_SECRET: webhookSecret,
    };
    if (config.databaseUrl) envVars.DATABASE_URL = config.databaseUrl;
    const code = await runCli(argv, envVars, { out, err: new PassThrough(), now });
    return { code, stdout };
  }

  it("accepts a submission with a fresh proof sent after a person's pace, and notifies", async () => {
    const altcha = await proof();
    later(8);
    const res = await post("/api/contact-us/create", { ...validContact, altcha });
    expect(res.statusCode).toBe(201);
    const stored = await row(await lastId());
    expect(stored.spam).toBe(0);
    expect(stored.spam_verdict).toBeNull();
    expect((await outboxOf(stored.id)).map((m) => m.purpose).sort()).toEqual(["confirm", "notify", "webhook"]);
  });

  it("refuses a valid proof the second time it is used", async () => {
    const altcha = await proof();
    later(8);
    expect((await post("/api/feedback", { ...validFeedback, altcha })).statusCode).toBe(201);
    const count = await lastId();
    const again = await post("/api/feedback", { ...validFeedback, altcha });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ status: false, message: proofMessages.replayed });
    expect(await lastId()).toBe(count);
  });

  it("refuses an expired proof", async () => {
    const altcha = await proof();
    later(config.spam.proofTtlMs / 1000 + 1);
    const res = await post("/api/contact-us/create", { ...validContact, altcha });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(proofMessages.expired);
  });

  it("refuses a proof whose challenge was altered (an earlier issue time claimed)", async () => {
    const altcha = await proof();
    const payload = JSON.parse(Buffer.from(altcha, "base64").toString()) as { challenge: Challenge };
    payload.challenge.parameters.data = { issuedAt: clock.getTime() - 60_000 };
    const forged = Buffer.from(JSON.stringify(payload)).toString("base64");
    const res = await post("/api/contact-us/create", { ...validContact, altcha: forged });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(proofMessages.invalid);
  });

  it("quarantines a submission sent too soon after the challenge (time trap), with its reason, sending nothing", async () => {
    const altcha = await proof();
    later(1);
    const res = await post("/api/contact-us/create", { ...validContact, altcha });
    expect(res.statusCode).toBe(201);
    expect(res.json().status).toBe(true);
    const stored = await row(await lastId());
    expect(stored.spam).toBe(1);
    expect(stored.spam_verdict).toBe("spam");
    expect(JSON.parse(stored.spam_reasons!)).toEqual([
      { signal: "time", text: "sent 1.0 s after the form was first touched (a person needs at least 3 s)" },
    ]);
    expect(await outboxOf(stored.id)).toEqual([]);
  });

  it("quarantines a script's JSON without a proof, a filled honeypot, links and markup, each with its reason", async () => {
    expect((await post("/api/contact-us/create", validContact)).statusCode).toBe(201);
    expect(JSON.parse((await row(await lastId())).spam_reasons!)[0].signal).toBe("proof");

    const altcha = await proof();
    later(10);
    const res = await post("/api/contact-us/create", {
      ...validContact,
      altcha,
      website: "http://spam.example",
      message:
        'Visit <a href="http://a.example">us</a> http://b.example http://c.example for backlinks and casino deals',
    });
    expect(res.statusCode).toBe(201);
    const stored = await row(await lastId());
    const signals = (JSON.parse(stored.spam_reasons!) as { signal: string }[]).map((r) => r.signal);
    expect(signals).toEqual(["honeypot", "links", "markup", "phrases"]);
    expect(await outboxOf(stored.id)).toEqual([]);
  });

  it("lists quarantined submissions with their reasons; release sends exactly an ordinary submission's messages", async () => {
    // An ordinary application first: what it sends is what the released one must send.
    await worker().runOnce();
    smtp.received.length = 0;
    hooks.deliveries.length = 0;
    const ordinary = multipart([
      ...applicationParts(undefined, { filename: "cv.pdf", data: pdf() }),
      { name: "altcha", value: await proof() },
    ]);
    later(30);
    const first = await app.inject({ method: "POST", url: "/api/job-application/apply", ...ordinary });
    expect(first.statusCode).toBe(201);
    await worker().runOnce();
    const ordinaryMail = smtp.received.map((m) => ({
      to: m.to,
      subject: m.header("Subject")!.replace(/APP-\d+-\d+/, "APP"),
    }));
    expect(ordinaryMail).toHaveLength(2);
    expect(hooks.deliveries.map((d) => JSON.parse(d.body).type)).toEqual(["submission.created"]);

    // The same application from a script without a proof: quarantined, nothing sent.
    smtp.received.length = 0;
    later(24 * 3600); // another day, so the confirmation limit (one a day) does not hold it back
    const bare = multipart(applicationParts(undefined, { filename: "cv.pdf", data: pdf() }));
    expect((await app.inject({ method: "POST", url: "/api/job-application/apply", ...bare })).statusCode).toBe(201);
    const id = await lastId();
    hooks.deliveries.length = 0;
    await worker().runOnce();
    expect(smtp.received).toHaveLength(0);
    expect(hooks.deliveries).toHaveLength(0);

    const list = await cli("spam", "list");
    expect(list.code).toBe(0);
    expect(list.stdout).toMatch(
      new RegExp(
        `^${id}\\tapplication\\tAPP-\\d+-\\d+\\t.*\\tSPAM\\tAlan Turing\\talan@example.com\\tsent by a script without the proof of work`,
        "m",
      ),
    );
    const show = await cli("spam", "show", String(id));
    expect(JSON.parse(show.stdout)).toMatchObject({ id, verdict: "spam", resume: { detected_type: "pdf" } });

    const released = await cli("spam", "release", String(id), "--operator", "dana");
    expect(released.stdout).toContain(`released ${id} (by dana): 3 message(s) queued`);
    await worker().runOnce();
    const releasedMail = smtp.received.map((m) => ({
      to: m.to,
      subject: m.header("Subject")!.replace(/APP-\d+-\d+/, "APP"),
    }));
    expect(releasedMail.sort((a, b) => a.subject.localeCompare(b.subject))).toEqual(
      ordinaryMail.sort((a, b) => a.subject.localeCompare(b.subject)),
    );
    const releasedHooks = hooks.deliveries.map((d) => JSON.parse(d.body) as { type: string; reference: string });
    expect(releasedHooks).toEqual([
      expect.objectContaining({ type: "submission.created", reference: (await row(id)).reference }),
    ]);
    expect((await row(id)).spam).toBe(0);
    // Released once: a second release finds nothing to release.
    await expect(cli("spam", "release", String(id))).rejects.toThrow(`No quarantined submission with id ${id}.`);
  });

  it("deletes a quarantined submission and records releases and deletes with time and operator", async () => {
    expect((await post("/api/feedback", validFeedback)).statusCode).toBe(201);
    const id = await lastId();
    const deleted = await cli("spam", "delete", String(id), "--operator", "lee");
    expect(deleted.stdout).toContain(`deleted ${id} (by lee): 1 submission(s)`);
    expect(
      await app.storage.db.selectFrom("submissions").select("id").where("id", "=", id).executeTakeFirst(),
    ).toBeUndefined();
    const log = await cli("spam", "log");
    expect(log.stdout).toMatch(new RegExp(`^${clock.toISOString()}\\tdelete\\t${id}\\tfeedback\\t-\\tlee$`, "m"));
    expect(log.stdout).toMatch(/\trelease\t\d+\tapplication\tAPP-\d+-\d+\tdana$/m);
  });

  it("tells staff once, without any personal data, that submissions held for review wait", async () => {
    const held = (lastName: string) =>
      insertSubmission(
        app.storage,
        formDefinitions.contact,
        { ...validContact, lastName },
        {
          ip: "192.0.2.7",
          userAgent: null,
          spam: true,
          spamVerdict: "review",
          spamReasons: [{ signal: "noscript", text: "sent without JavaScript" }],
          now: clock,
        },
        [],
      );
    await held("Heldone");
    await held("Heldtwo");
    smtp.received.length = 0;
    const transport = createTransport({ smtpUrl: config.smtpUrl, dataDir: config.dataDir });
    expect(await sendReviewNotice(app.storage, transport, config)).toBe(2);
    expect(await sendReviewNotice(app.storage, transport, config)).toBe(0);
    transport.close();
    expect(smtp.received).toHaveLength(1);
    const [notice] = smtp.received;
    expect(notice!.to).toEqual([config.mail.notifyEmail]);
    expect(notice!.header("Subject")).toBe("2 new submissions await review");
    expect(notice!.decoded).toContain("npm run admin -- spam list --review");
    for (const personal of ["Heldone", "Heldtwo", validContact.email, validContact.message])
      expect(notice!.raw).not.toContain(personal);
  });

  it.each(humanCorpus.map((m) => [m.note, m] as const))(
    "lets a person's message through, never quarantined: %s",
    async (_note, { form, fields }) => {
      const altcha = await proof();
      later(20);
      const res =
        form === "application"
          ? await app.inject({
              method: "POST",
              url: "/api/job-application/apply",
              ...multipart(
                applicationParts(
                  { ...(fields as Record<string, string>), altcha },
                  { filename: "cv.pdf", data: pdf() },
                ),
              ),
            })
          : await post(form === "contact" ? "/api/contact-us/create" : "/api/feedback", { ...fields, altcha });
      expect(res.statusCode).toBe(201);
      const stored = await row(await lastId());
      expect(stored.email).toBe(fields.email);
      expect(stored.spam_verdict).toBeNull();
      expect(stored.spam).toBe(0);
      expect((await outboxOf(stored.id)).map((m) => m.purpose)).toContain("confirm");
    },
  );
});

describe("counting links", () => {
  const letter = humanCorpus.find((m) => m.fields.firstName === "Zoë")!.fields.message as string;

  it("counts the GitHub and LinkedIn letter's https://www. links as 2, once each", () => {
    expect(letter).toContain("https://www.github.com/");
    expect(letter).toContain("https://www.linkedin.com/");
    expect(distinctLinks(letter)).toEqual(["github.com/zoe-almeida", "linkedin.com/in/zoe-almeida-dev"]);
    expect(contentReasons({ message: letter }).reasons).toEqual([]);
  });

  it("counts one URL once however it is written, and distinct URLs apart", () => {
    const text =
      "See https://www.example.org/cv/, www.example.org/cv and http://example.org/cv. Also https://example.net.";
    expect(distinctLinks(text)).toEqual(["example.org/cv", "example.net"]);
  });

  it("still quarantines three links to sites that are not profiles", () => {
    const { reasons } = contentReasons({ message: "Deals: https://www.a.example http://b.example www.c.example/x" });
    expect(reasons).toEqual([{ signal: "links", text: "3 links (more than 2)" }]);
  });

  it("calls HTML elements markup, but not a developer's generics or JSX components", () => {
    expect(contentReasons({ message: '<a href="https://x.example">cheap</a>' }).reasons[0]?.signal).toBe("markup");
    expect(contentReasons({ message: "<IMG SRC=x onerror=alert(1)>" }).reasons[0]?.signal).toBe("markup");
    expect(contentReasons({ message: "[url=https://x.example]deals[/url]" }).reasons[0]?.signal).toBe("markup");
    const letter = "Handlers return Result<Order, ApiError>, rows are Vec<String>, and <Suspense> wraps <Link> lists.";
    expect(contentReasons({ message: letter }).reasons).toEqual([]);
  });
});
