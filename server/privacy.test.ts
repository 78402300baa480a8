/**
 * The promises of the privacy, recruitment-privacy and security pages, each as a test against the
 * real server, a real SMTP server, real SQLite files (and PostgreSQL where it differs) and a real
 * webhook receiver on loopback.
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { PassThrough } from "node:stream";
import { Webhook } from "standardwebhooks";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { buildApp } from "./app";
import { runCli } from "./cli/index";
import { loadConfig, type Config } from "./config";
import { createOutboxWorker } from "./mail/outbox-worker";
import { createTransport } from "./mail/transport";
import { backends, useBackend } from "./test-support/backends";
import { buildCli } from "./test-support/built-cli";
import { legalPageText } from "./test-support/legal-pages";
import { filesUnder, findBytes } from "./test-support/find-bytes";
import {
  applicationParts,
  jsonHeaders,
  multipart,
  pdf,
  validApplicationFields,
  validContact,
  validFeedback,
} from "./test-support/fixtures";
import { startSmtp } from "./test-support/smtp";
import { startWebhookReceiver } from "./test-support/webhook-receiver";

type App = Awaited<ReturnType<typeof buildApp>>;
const day = 24 * 60 * 60_000;

async function cli(config: Config, now: () => Date, ...argv: string[]) {
  const out = new PassThrough();
  const err = new PassThrough();
  let stdout = "";
  let stderr = "";
  out.on("data", (c) => (stdout += c));
  err.on("data", (c) => (stderr += c));
  const env: Record<string, string> = { DATA_DIR: config.dataDir, LOG_LEVEL: "silent" };
  if (config.databaseUrl) env.DATABASE_URL = config.databaseUrl;
  if (config.webhookUrl) env.WEBHOOK_URL = config.webhookUrl;
  if (config.webhookSecret) env.WEBHOOK_SECRET = config.webhookSecret;
  const code = await runCli(argv, env, { out, err, now });
  return { code, stdout, stderr };
}

async function drain(worker: { runOnce(): Promise<number> }) {
  for (let i = 0; i < 20 && (await worker.runOnce()) > 0; i++);
}

function apply(app: App, fields: Record<string, string>, file: { filename: string; data: Buffer; type?: string }) {
  return app.inject({
    method: "POST",
    url: "/api/job-application/apply",
    ...multipart(applicationParts(fields, file)),
  });
}

describe.each(backends)("attachments and confirmations on %s", (backend) => {
  const env = useBackend(backend, { RATE_LIMIT_MAX: "0" });
  let app: App;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let config: Config;
  beforeAll(async () => {
    smtp = await startSmtp();
    config = { ...env.config, smtpUrl: smtp.url };
    app = await buildApp(config, { serveSite: false });
  });
  afterAll(async () => {
    await app.close();
    await smtp.close();
  });
  const worker = () =>
    createOutboxWorker({
      config,
      storage: app.storage,
      transport: createTransport({ smtpUrl: config.smtpUrl, dataDir: config.dataDir }),
    });

  it("stores and mails a PDF-bodied cv.html as application/pdf under a generated .pdf name", async () => {
    const email = `html-cv-${backend}@example.com`;
    const res = await apply(
      app,
      { ...validApplicationFields, email },
      { filename: "cv.html", data: pdf(), type: "text/html" },
    );
    expect(res.statusCode).toBe(201);
    const number = res.json().data as string;
    await drain(worker());
    const notify = smtp.received.find((m) => m.to.includes(config.mail.careersEmail) && m.raw.includes(number))!;
    const attachmentHead = notify.raw
      .split(/\r?\n--/)
      .find((part) => /Content-Disposition: attachment/i.test(part))!
      .split(/\r?\n\r?\n/)[0]!
      .replace(/\r?\n[ \t]+/g, " ");
    expect(attachmentHead).toMatch(new RegExp(`^Content-Type: application/pdf; name=${number}-resume\\.pdf$`, "m"));
    expect(attachmentHead).toMatch(new RegExp(`filename=${number}-resume\\.pdf`));
    expect(notify.raw).not.toMatch(/text\/html; name=|name="?cv\.html/);
    // The uploaded name stays as data, shown escaped in the notification's text.
    expect(notify.decoded).toContain("Uploaded file name: cv.html");

    const stored = await app.storage.db
      .selectFrom("resumes")
      .innerJoin("submissions", "submissions.id", "resumes.submission_id")
      .select(["original_name", "detected_type"])
      .where("reference", "=", number)
      .executeTakeFirstOrThrow();
    expect(stored).toEqual({ original_name: "cv.html", detected_type: "pdf" });
    // The CLI writes it under the generated name too.
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "resume-out-"));
    const out = await cli(config, () => new Date(), "resume", number, "--out", dir);
    expect(out.code).toBe(0);
    expect(fs.readdirSync(dir)).toEqual([`${number}-resume.pdf`]);
    expect(fs.statSync(path.join(dir, `${number}-resume.pdf`)).mode & 0o777).toBe(0o600);
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it("confirms with fixed text only, at most once per address per day", async () => {
    const victim = `victim-${backend}@example.com`;
    const lure = {
      firstName: "Your bank",
      lastName: "Security Team",
      email: victim,
      message: "Verify your account at https://evil.example/verify-marker-9931 within 24 hours.",
    };
    smtp.received.length = 0;
    expect(
      (
        await app.inject({
          method: "POST",
          url: "/api/contact-us/create",
          headers: jsonHeaders,
          payload: { ...validContact, ...lure },
        })
      ).statusCode,
    ).toBe(201);
    await drain(worker());
    const confirmations = () => smtp.received.filter((m) => m.to.includes(victim));
    expect(confirmations()).toHaveLength(1);
    const confirm = confirmations()[0]!;
    for (const typed of ["Your bank", "Security Team", "evil.example", "verify-marker-9931"]) {
      expect(confirm.decoded).not.toContain(typed);
    }
    expect(confirm.header("Subject")).toBe("We received your enquiry");
    expect(confirm.decoded).toContain("privacy@altivacloud.com");

    // A second and third submission to the same address the same day: no further confirmation,
    // while the company still gets each notification.
    await app.inject({
      method: "POST",
      url: "/api/feedback",
      headers: jsonHeaders,
      payload: { ...validFeedback, ...lure },
    });
    const second = await apply(
      app,
      { ...validApplicationFields, ...lure, message: "Cover letter marker-cl-4471 with a link to evil.example" },
      { filename: "cv.pdf", data: pdf() },
    );
    expect(second.statusCode).toBe(201);
    await drain(worker());
    expect(confirmations()).toHaveLength(1);
    expect(smtp.received.filter((m) => m.to.includes(config.mail.careersEmail))).toHaveLength(1);
  });

  it("names the position from the fixed list and the number in an application's confirmation, nothing typed", async () => {
    const email = `applicant-${backend}@example.com`;
    smtp.received.length = 0;
    const res = await apply(
      app,
      { ...validApplicationFields, email, firstName: "Mallory", message: "Cover letter marker-cl-8812" },
      { filename: "cv.pdf", data: pdf() },
    );
    const number = res.json().data as string;
    await drain(worker());
    const confirm = smtp.received.find((m) => m.to.includes(email))!;
    expect(confirm.header("Subject")).toBe(`We received your application ${number}`);
    expect(confirm.decoded).toContain("for the position of Backend Developer");
    expect(confirm.decoded).toContain(`Application number: ${number}`);
    expect(confirm.decoded).not.toContain("Mallory");
    expect(confirm.decoded).not.toContain("marker-cl-8812");
  });
});

describe.each(backends)("retention on %s", (backend) => {
  const env = useBackend(backend, { RATE_LIMIT_MAX: "0" });
  let app: App;
  let clock = new Date();
  const realNow = new Date();
  beforeAll(async () => {
    app = await buildApp(env.config, { serveSite: false, now: () => clock });
  });
  afterAll(() => app.close());

  it("deletes enquiries and feedback past 24 months and spam past 30 days, clears network data past 30 days, removes their mail files", async () => {
    const at = (ms: number) => new Date(realNow.getTime() - ms);
    const submit = async (when: Date, url: string, body: object) => {
      clock = when;
      const res = await app.inject({
        method: "POST",
        url,
        headers: { ...jsonHeaders, "user-agent": "Marker-UA/1.0" },
        payload: body,
      });
      expect(res.statusCode).toBe(201);
    };
    const contact = (message: string, extra: object = {}) => ({
      ...validContact,
      email: `${message}@example.com`,
      message,
      ...extra,
    });
    await submit(at(25 * 31 * day), "/api/contact-us/create", contact("old-enquiry"));
    await submit(at(25 * 31 * day), "/api/feedback", {
      ...validFeedback,
      email: "old-feedback@example.com",
      message: "old-feedback",
    });
    await submit(at(23 * 30 * day), "/api/contact-us/create", contact("recent-enquiry"));
    await submit(at(31 * day), "/api/contact-us/create", contact("old-spam", { website: "spam.biz" }));
    await submit(at(29 * day), "/api/contact-us/create", contact("recent-spam", { website: "spam.biz" }));
    await submit(at(31 * day), "/api/contact-us/create", contact("month-old"));
    await submit(at(29 * day), "/api/contact-us/create", contact("fresh"));
    clock = realNow;
    // The file transport writes every message as an .eml file.
    await drain(
      createOutboxWorker({
        config: env.config,
        storage: app.storage,
        transport: createTransport({ dataDir: env.config.dataDir }),
      }),
    );
    const mailFiles = () => fs.readdirSync(path.join(env.config.dataDir, "mail")).length;
    const before = mailFiles();
    const messagesOf = async (message: string) =>
      (
        await app.storage.db
          .selectFrom("outbox")
          .innerJoin("submissions", "submissions.id", "outbox.submission_id")
          .select("outbox.id")
          .where("submissions.message", "=", message)
          .execute()
      ).length;
    const deletedMessages = (await messagesOf("old-enquiry")) + (await messagesOf("old-feedback"));
    expect(deletedMessages).toBe(4);

    const purge = await cli(env.config, () => realNow, "purge");
    expect(purge.code).toBe(0);
    expect(purge.stdout).toMatch(/deleted 1 enquiry\(ies\) older than /);
    expect(purge.stdout).toMatch(/deleted 1 feedback older than /);
    expect(purge.stdout).toMatch(/deleted 1 spam/);
    const rows = await app.storage.db
      .selectFrom("submissions")
      .select(["message", "ip", "user_agent"])
      .orderBy("id")
      .execute();
    expect(rows.map((r) => r.message)).toEqual(["recent-enquiry", "recent-spam", "month-old", "fresh"]);
    const byMessage = Object.fromEntries(rows.map((r) => [r.message, r]));
    expect(byMessage["recent-enquiry"]).toMatchObject({ ip: "", user_agent: null });
    expect(byMessage["month-old"]).toMatchObject({ ip: "", user_agent: null });
    expect(byMessage["fresh"]).toMatchObject({ ip: "127.0.0.1", user_agent: "Marker-UA/1.0" });
    expect(mailFiles()).toBe(before - deletedMessages);

    // The export leaves network data out unless asked for it.
    const plain = await cli(env.config, () => realNow, "export", "--format", "json");
    expect(plain.stdout).not.toContain("Marker-UA");
    expect(plain.stdout).not.toContain('"ip"');
    const withNetwork = await cli(env.config, () => realNow, "export", "--format", "csv", "--with-network-data");
    expect(withNetwork.stdout).toContain("Marker-UA/1.0");
  });
});

// On PostgreSQL, DATA_DIR holds only the mail folder; the database's own files are out of reach
// (what VACUUM does and does not guarantee is in docs/operations.md, "Erasure").
describe.each(backends)("erasure leaves no copy on %s (DATA_DIR, mail folder, webhook receiver)", (backend) => {
  const secret = `whsec_${Buffer.from("erasure-test-secret-of-32-bytes!").toString("base64")}`;
  const env = useBackend(backend, { RATE_LIMIT_MAX: "0" });
  let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;
  let config: Config;
  let dataDir: string;
  beforeAll(async () => {
    receiver = await startWebhookReceiver();
    config = { ...env.config, webhookUrl: receiver.url, webhookSecret: secret };
    dataDir = config.dataDir;
  });
  afterAll(() => receiver.close());

  it("after erase --email, no file under DATA_DIR holds the address, name, message or resume; the receiver got a signed erasure event", async () => {
    const app = await buildApp(config, { serveSite: false });
    const email = "zebulon.quist@example.com";
    const person = { firstName: "Zebulon", lastName: "Quistgaard", email };
    const markers = [
      "Zebulon",
      "Quistgaard",
      email,
      "marker-enquiry-5521",
      "marker-feedback-7730",
      "marker-cover-3318",
      "marker-resume-bytes-6604",
    ];
    const resume = Buffer.concat([
      pdf(20_000).subarray(0, 9000),
      Buffer.from("marker-resume-bytes-6604"),
      pdf(20_000).subarray(9000),
    ]);
    const post = (url: string, body: object) =>
      app.inject({ method: "POST", url, headers: jsonHeaders, payload: body });
    expect(
      (await post("/api/contact-us/create", { ...validContact, ...person, message: "marker-enquiry-5521" })).statusCode,
    ).toBe(201);
    expect(
      (await post("/api/feedback", { ...validFeedback, ...person, message: "marker-feedback-7730" })).statusCode,
    ).toBe(201);
    const application = await apply(
      app,
      { ...validApplicationFields, ...person, message: "marker-cover-3318" },
      { filename: "Zebulon-Quistgaard-cv.pdf", data: resume },
    );
    expect(application.statusCode).toBe(201);
    // Someone else, who stays.
    await post("/api/contact-us/create", { ...validContact, message: "marker-other-person" });
    const worker = createOutboxWorker({ config, storage: app.storage, transport: createTransport({ dataDir }) });
    await drain(worker);
    // They really were on disk before: the database or its WAL (SQLite), and the mail folder.
    if (backend === "sqlite") expect(findBytes(dataDir, markers).some((h) => h.startsWith("site.db"))).toBe(true);
    expect(findBytes(path.join(dataDir, "mail"), ["marker-enquiry-5521"]).length).toBeGreaterThan(0);

    const erased = await cli(config, () => new Date(), "erase", "--email", "Zebulon.Quist@Example.com");
    expect(erased.code).toBe(0);
    await drain(worker);
    expect(findBytes(dataDir, markers)).toEqual([]);
    expect(findBytes(dataDir, ["marker-other-person"]).length).toBeGreaterThan(0);
    const left = await app.storage.db
      .selectFrom("submissions")
      .select("message")
      .where((eb) => eb(eb.fn("lower", ["email"]), "=", email))
      .execute();
    expect(left).toEqual([]);
    expect(erased.stdout).toContain(
      // 3 notifications, 1 confirmation (one a day), 3 webhook deliveries; 4 of them were mail.
      "3 submission(s), 1 resume(s), 7 message(s), 4 mail file(s), 1 confirmation record(s)",
    );
    expect(erased.stdout).toContain("erasure event queued");

    const event = receiver.deliveries.find((d) => d.body.includes("submission.erased"))!;
    expect(event).toBeDefined();
    const payload = new Webhook(secret).verify(event.body, event.headers) as {
      type: string;
      data: { reason: string; submissions: { kind: string; reference: string | null }[] };
    };
    expect(payload.type).toBe("submission.erased");
    expect(payload.data.reason).toBe("request");
    expect(payload.data.submissions.map((s) => s.kind).sort()).toEqual(["application", "contact", "feedback"]);
    expect(payload.data.submissions.find((s) => s.kind === "application")?.reference).toBe(application.json().data);
    expect(event.body).not.toContain("Zebulon");
    await app.close();
  });
});

describe("files in DATA_DIR", () => {
  it("creates DATA_DIR 0700 and the database, its WAL, the mail files and exports 0600, narrowing an existing folder", async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "perm-"));
    fs.chmodSync(dataDir, 0o755);
    const config = loadConfig({
      DATA_DIR: dataDir,
      LOG_LEVEL: "silent",
      RATE_LIMIT_MAX: "0",
      SPAM_PROOF_REQUIRED: "false",
    });
    const app = await buildApp(config, { serveSite: false });
    await app.inject({ method: "POST", url: "/api/contact-us/create", headers: jsonHeaders, payload: validContact });
    await apply(app, validApplicationFields, { filename: "cv.pdf", data: pdf() });
    await drain(createOutboxWorker({ config, storage: app.storage, transport: createTransport({ dataDir }) }));
    const exported = path.join(dataDir, "export.csv");
    expect((await cli(config, () => new Date(), "export", "--format", "csv", "--out", exported)).code).toBe(0);
    const modes = Object.fromEntries(
      [
        dataDir,
        ...fs.readdirSync(dataDir).map((f) => path.join(dataDir, f)),
        ...filesUnder(path.join(dataDir, "mail")),
      ].map((f) => [path.relative(dataDir, f) || ".", (fs.statSync(f).mode & 0o777).toString(8)]),
    );
    expect(Object.keys(modes)).toEqual(
      expect.arrayContaining([".", "mail", "site.db", "site.db-wal", "site.db-shm", "export.csv"]),
    );
    for (const [name, mode] of Object.entries(modes)) {
      expect(`${name} ${mode}`).toBe(`${name} ${name === "." || name === "mail" ? "700" : "600"}`);
    }
    expect(Object.keys(modes).filter((n) => n.endsWith(".eml")).length).toBe(4);
    await app.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
});

describe("webhook signatures (Standard Webhooks)", () => {
  afterEach(() => void vi.useRealTimers());

  it("verify with the standardwebhooks library, and the same delivery replayed an hour later does not", async () => {
    const receiver = await startWebhookReceiver();
    const secret = "a-plain-webhook-secret-of-32-chars";
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "hook-"));
    const config = loadConfig({
      DATA_DIR: dataDir,
      LOG_LEVEL: "silent",
      WEBHOOK_URL: receiver.url,
      WEBHOOK_SECRET: secret,
      CONFIRMATION_EMAILS: "false",
      SPAM_PROOF_REQUIRED: "false",
    });
    const app = await buildApp(config, { serveSite: false });
    await app.inject({
      method: "POST",
      url: "/api/contact-us/create",
      headers: jsonHeaders,
      payload: { ...validContact, message: "marker-hook" },
    });
    await drain(createOutboxWorker({ config, storage: app.storage, transport: createTransport({ dataDir }) }));
    const delivery = receiver.deliveries.find((d) => d.body.includes("marker-hook"))!;
    // A plain secret is used as its bytes: the library's "raw" format.
    const verifier = new Webhook(secret, { format: "raw" });
    expect(verifier.verify(delivery.body, delivery.headers)).toMatchObject({
      type: "submission.created",
      kind: "contact",
      email: validContact.email,
      message: "marker-hook",
    });
    expect(() =>
      new Webhook("another-secret-entirely-000000", { format: "raw" }).verify(delivery.body, delivery.headers),
    ).toThrow();
    // A changed body or a changed timestamp no longer verifies.
    expect(() => verifier.verify(delivery.body.replace("marker-hook", "marker-hook!"), delivery.headers)).toThrow();
    expect(() =>
      verifier.verify(delivery.body, {
        ...delivery.headers,
        "webhook-timestamp": String(Math.floor(Date.now() / 1000) + 10),
      }),
    ).toThrow();
    // Replayed an hour later, as captured.
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(Date.now() + 60 * 60_000);
    expect(() => verifier.verify(delivery.body, delivery.headers)).toThrow(/too old/);
    vi.useRealTimers();
    await app.close();
    await receiver.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
});

describe("one rate limit across the three forms", () => {
  const env = useBackend("sqlite", { RATE_LIMIT_MAX: "10", RATE_LIMIT_WINDOW: "540000" });

  it("refuses the 11th submission from one address, whichever form, with 429, Retry-After and the wait in words", async () => {
    const app = await buildApp(env.config, { serveSite: false });
    const forms = [
      () =>
        app.inject({
          method: "POST",
          url: "/api/contact-us/create",
          headers: jsonHeaders,
          payload: validContact,
          remoteAddress: "10.1.1.1",
        }),
      () =>
        app.inject({
          method: "POST",
          url: "/api/feedback",
          headers: jsonHeaders,
          payload: validFeedback,
          remoteAddress: "10.1.1.1",
        }),
      () =>
        app.inject({
          method: "POST",
          url: "/api/job-application/apply",
          ...multipart(applicationParts(undefined, { filename: "cv.pdf", data: pdf() })),
          remoteAddress: "10.1.1.1",
        }),
    ];
    const codes: number[] = [];
    for (let i = 0; i < 10; i++) codes.push((await forms[i % 3]!()).statusCode);
    expect(codes).toEqual(Array(10).fill(201));
    // Each refusal before the wait is over doubles it (plugins/backoff.ts): 9, then 18, then 36 minutes.
    const waits = [
      [480, 540, "9 minutes"],
      [1080, 1080, "18 minutes"],
      [2160, 2160, "36 minutes"],
    ] as const;
    for (const [i, form] of forms.entries()) {
      const refused = await form();
      expect(refused.statusCode).toBe(429);
      const wait = Number(refused.headers["retry-after"]);
      const [least, most, words] = waits[i]!;
      expect(wait).toBeGreaterThan(least - 1);
      expect(wait).toBeLessThanOrEqual(most);
      expect(refused.json()).toEqual({
        status: false,
        message: `Too many submissions from your address. Please try again in ${words}.`,
      });
    }
    await app.close();
  });
});

describe(".env file", () => {
  // The real CLI, compiled once for the three runs (test-support/built-cli.ts).
  let cli: Awaited<ReturnType<typeof buildCli>>;
  beforeAll(async () => {
    cli = await buildCli();
  });
  afterAll(() => cli?.remove());

  it("is read at start-up when present, and the environment wins", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "envfile-"));
    const run = (env: Record<string, string>) => {
      const { DATA_DIR: _drop, DATABASE_URL: _db, ...rest } = process.env;
      return spawnSync(process.execPath, [cli.file, "list"], {
        cwd: dir,
        env: { ...rest, ...env },
        encoding: "utf8",
        timeout: 30_000,
      });
    };
    try {
      // No file: the default ./data.
      expect(run({}).status).toBe(0);
      expect(fs.existsSync(path.join(dir, "data", "site.db"))).toBe(true);
      fs.writeFileSync(path.join(dir, ".env"), "DATA_DIR=./from-file\nLOG_LEVEL=silent\n");
      expect(run({}).status).toBe(0);
      expect(fs.existsSync(path.join(dir, "from-file", "site.db"))).toBe(true);
      expect(run({ DATA_DIR: "./from-environment" }).status).toBe(0);
      expect(fs.existsSync(path.join(dir, "from-environment", "site.db"))).toBe(true);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("the policies and the code state the same periods", () => {
  it("names the default retention settings in the privacy and recruitment-privacy policies", () => {
    const { retention } = loadConfig({});
    const privacy = legalPageText("privacy-policy");
    const recruitment = legalPageText("recruitment-privacy-policy");
    expect(privacy).toContain(
      `Enquiries sent through this website are deleted ${retention.enquiries} months after they arrive, and feedback ${retention.feedback} months after it arrives`,
    );
    expect(privacy).toContain(`browser type recorded with a form are deleted after ${retention.networkData} days`);
    expect(privacy).toContain(`messages caught by our spam filter after ${retention.spam} days`);
    expect(privacy).toContain("at most one confirmation a day");
    // The rule's every branch is pinned in retention-policy.test.ts; these two name the setting.
    expect(recruitment).toContain(`deleted ${retention.applications} months after your application arrived`);
    expect(recruitment).toContain(`deleted ${retention.applications} months after that decision`);
    expect(recruitment).toContain(`those two are deleted after ${retention.networkData} days`);
    expect(legalPageText("security")).toContain("and so does a dependency audit that could not run");
  });
});
