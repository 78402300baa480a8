import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { PassThrough } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "./app";
import { runCli } from "./cli/index";
import type { Config } from "./config";
import { oneLineMessage } from "../contracts/fields";
import { createOutboxWorker } from "./mail/outbox-worker";
import { outboxRowsFor } from "./outbox/outbox-rows";
import { insertSubmission } from "./submissions/submissions";
import { createTransport } from "./mail/transport";
import { backends, useBackend } from "./test-support/backends";
import { applicationParts, jsonHeaders, multipart, pdf, validContact, validFeedback } from "./test-support/fixtures";
import { startSmtp } from "./test-support/smtp";
import { formDefinitions } from "../contracts/forms/index";

type App = Awaited<ReturnType<typeof buildApp>>;

async function freePort(): Promise<number> {
  const srv = net.createServer();
  await new Promise<void>((r) => srv.listen(0, "127.0.0.1", r));
  const port = (srv.address() as net.AddressInfo).port;
  await new Promise<void>((r) => srv.close(() => r()));
  return port;
}

describe.each(backends)("notifications and operator commands on %s", (backend) => {
  const env = useBackend(backend, { RATE_LIMIT_MAX: "0", OUTBOX_BACKOFF_MS: "1000", OUTBOX_MAX_ATTEMPTS: "3" });
  let app: App;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let config: Config;
  let clock = new Date();
  const now = () => clock;

  beforeAll(async () => {
    smtp = await startSmtp();
    config = { ...env.config, smtpUrl: smtp.url };
    app = await buildApp(config, { serveSite: false, now });
  });
  afterAll(async () => {
    await app.close();
    await smtp.close();
  });

  const worker = (cfg: Config = config) =>
    createOutboxWorker({
      config: cfg,
      storage: app.storage,
      transport: createTransport({ smtpUrl: cfg.smtpUrl, dataDir: cfg.dataDir }),
      now,
    });
  const post = (url: string, body: object) => app.inject({ method: "POST", url, headers: jsonHeaders, payload: body });

  async function cli(...argv: string[]) {
    const out = new PassThrough();
    const err = new PassThrough();
    let stdout = "";
    let stderr = "";
    out.on("data", (c) => (stdout += c));
    err.on("data", (c) => (stderr += c));
    const envVars: Record<string, string> = { DATA_DIR: config.dataDir, LOG_LEVEL: "silent" };
    if (config.databaseUrl) envVars.DATABASE_URL = config.databaseUrl;
    let code: number;
    try {
      code = await runCli(argv, envVars, { out, err, now });
    } catch (e) {
      stderr += String((e as Error).message);
      code = 2;
    }
    return { code, stdout, stderr };
  }

  it("sends the company notification and the confirmation, with every user value escaped", async () => {
    smtp.received.length = 0;
    const res = await post("/api/contact-us/create", {
      ...validContact,
      firstName: "<script>alert(1)</script>",
      email: "buyer@example.com",
      message: 'Budget < 10k & "urgent"',
    });
    expect(res.statusCode).toBe(201);
    // Markup in a name is quarantined as spam (server/spam/verdict.ts); released by a person, it
    // is sent, still escaped.
    expect(await worker().runOnce()).toBe(0);
    const { id } = await app.storage.db
      .selectFrom("submissions")
      .select("id")
      .orderBy("id", "desc")
      .executeTakeFirstOrThrow();
    expect((await cli("spam", "release", String(id))).code).toBe(0);
    expect(await worker().runOnce()).toBe(2);
    const notify = smtp.received.find((m) => m.to.includes(config.mail.notifyEmail))!;
    const confirm = smtp.received.find((m) => m.to.includes("buyer@example.com"))!;
    expect(notify.header("Subject")).toContain("Contact enquiry from");
    expect(notify.header("Reply-To")).toContain("buyer@example.com");
    expect(notify.decoded).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
    expect(notify.decoded).toContain("Budget &lt; 10k &amp; &quot;urgent&quot;");
    expect(notify.decoded).not.toMatch(/<td><script>/);
    expect(confirm.header("Subject")).toBe("We received your enquiry");
    expect(notify.header("Message-ID")).toMatch(/^<[0-9a-f-]+@altivacloud\.com>$/);
  });

  it("cannot be used to inject headers through a name", async () => {
    smtp.received.length = 0;
    const name = { firstName: "Eve\r\nBcc: victim@example.com", lastName: "X\nSubject: hi" };
    // The form refuses such a name now; one stored before it did (or written past it) is sent as
    // one line.
    const refused = await post("/api/feedback", { ...validFeedback, ...name });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors.firstName).toBe(oneLineMessage("First name"));
    await insertSubmission(
      app.storage,
      formDefinitions.feedback,
      { ...validFeedback, ...name },
      { ip: "198.51.100.3", userAgent: null, spam: false, now: now() },
      outboxRowsFor("feedback", validFeedback.email, config.mail),
    );
    await worker().runOnce();
    const notify = smtp.received.find((m) => m.to.includes(config.mail.notifyEmail))!;
    expect(notify.raw.split(/\r?\n\r?\n/)[0]).not.toMatch(/^Bcc:/im);
    expect(notify.to).toEqual([config.mail.notifyEmail]);
    expect(notify.header("Subject")).toMatch(/^Feedback from Eve Bcc: victim@example\.com X Subject: hi$/);
  });

  it("sends applications to the careers inbox with the resume attached and the number in the subject", async () => {
    smtp.received.length = 0;
    const res = await app.inject({
      method: "POST",
      url: "/api/job-application/apply",
      ...multipart(applicationParts(undefined, { filename: "Alan Turing CV.pdf", data: pdf() })),
    });
    const number = res.json().data as string;
    await worker().runOnce();
    const notify = smtp.received.find((m) => m.to.includes(config.mail.careersEmail))!;
    expect(notify.header("Subject")).toContain(number);
    // Attached under a name from the detected type; the uploaded name is shown as data.
    expect(notify.raw).toContain(`filename=${number}-resume.pdf`);
    expect(notify.decoded).toContain("Uploaded file name: Alan Turing CV.pdf");
    const confirm = smtp.received.find((m) => m.to.includes("alan@example.com"))!;
    expect(confirm.header("Subject")).toBe(`We received your application ${number}`);
  });

  it("never notifies spam", async () => {
    smtp.received.length = 0;
    await post("/api/contact-us/create", { ...validContact, website: "http://spam.biz" });
    expect(await worker().runOnce()).toBe(0);
    expect(smtp.received).toHaveLength(0);
  });

  it("a down SMTP server delays but loses nothing", async () => {
    const port = await freePort();
    const down = { ...config, smtpUrl: `smtp://127.0.0.1:${port}` };
    await post("/api/contact-us/create", { ...validContact, message: "marker-smtp-down" });
    expect(await worker(down).runOnce()).toBe(2);
    const pending = await app.storage.db
      .selectFrom("outbox")
      .selectAll()
      .where("status", "=", "pending")
      .where("attempts", "=", 1)
      .execute();
    expect(pending.length).toBe(2);
    expect(pending[0]!.last_error).toBeTruthy();
    // Not due yet: the backoff holds it back.
    expect(await worker(down).runOnce()).toBe(0);
    const back = await startSmtp(port);
    clock = new Date(clock.getTime() + 5_000);
    expect(await worker(down).runOnce()).toBe(2);
    expect(back.received.map((m) => m.to[0]).sort()).toEqual([config.mail.notifyEmail, "ada@example.com"].sort());
    await back.close();
  });

  it("retakes a message whose sender died before marking it sent, with the same Message-ID", async () => {
    smtp.received.length = 0;
    await post("/api/contact-us/create", { ...validContact, message: "marker-crash" });
    const past = new Date(clock.getTime() - 1000).toISOString();
    const rows = await app.storage.db
      .selectFrom("outbox")
      .select(["id", "message_id"])
      .where("status", "=", "pending")
      .execute();
    await app.storage.db
      .updateTable("outbox")
      .set({ lease_owner: "crashed-instance", lease_until: past })
      .where("status", "=", "pending")
      .execute();
    expect(await worker().runOnce()).toBe(rows.length);
    expect(smtp.received.map((m) => m.header("Message-ID")).sort()).toEqual(rows.map((r) => r.message_id).sort());
  });

  it("parks a message as failed after the configured attempts, and the CLI retries it", async () => {
    const port = await freePort();
    const down = { ...config, smtpUrl: `smtp://127.0.0.1:${port}` };
    await post("/api/feedback", { ...validFeedback, message: "marker-park" });
    for (let i = 0; i < 3; i++) {
      await worker(down).runOnce();
      clock = new Date(clock.getTime() + 60_000);
    }
    const failed = await cli("outbox", "--failed");
    expect(failed.stdout).toMatch(/failed\t3/);
    const id = failed.stdout.split("\t")[0]!;
    const retried = await cli("outbox", "--retry", id);
    expect(retried.code).toBe(0);
    smtp.received.length = 0;
    await worker().runOnce();
    expect(smtp.received.length).toBeGreaterThanOrEqual(1);
    expect((await cli("outbox", "--retry", "999999")).code).toBe(2);
  });

  it("lists, shows and exports submissions; CSV neutralises formulas", async () => {
    await post("/api/contact-us/create", {
      ...validContact,
      firstName: '=HYPERLINK("http://x")',
      message: "+cmd|' /C calc'!A0",
    });
    const list = await cli("list", "--kind", "contact");
    expect(list.code).toBe(0);
    expect(list.stdout).toMatch(/\d+ submission\(s\)/);
    const csv = await cli("export", "--format", "csv", "--kind", "contact");
    expect(csv.stdout).toContain(`"'=HYPERLINK(""http://x"")"`);
    expect(csv.stdout).toContain(`"'+cmd|' /C calc'!A0"`);
    expect(csv.stdout).not.toMatch(/(^|,)"=/m);
    const out = path.join(os.tmpdir(), `export-${Date.now()}.json`);
    const json = await cli("export", "--format", "json", "--out", out);
    expect(json.code).toBe(0);
    const rows = JSON.parse(fs.readFileSync(out, "utf8")) as { id: number }[];
    expect(rows.length).toBeGreaterThan(3);
    // A reply and the answer that came back: `show` lists both, oldest first.
    const shown = rows[0]!.id;
    await app.storage.db
      .insertInto("submission_replies")
      .values({
        submission_id: shown,
        message_id: `<reply-show-${backend}@altivacloud.com>`,
        in_reply_to: null,
        template: null,
        subject: "Re: Your enquiry",
        body: "Shall we talk on Monday?",
        staff_id: null,
        staff_name: "Ola Operator",
        created_at: "2026-11-20T10:00:00.000Z",
        quote: null,
        thread_references: null,
      })
      .execute();
    await app.storage.db
      .insertInto("inbound_messages")
      .values({
        submission_id: shown,
        source_key: `<answer-show-${backend}@example.com>`,
        message_id: `<answer-show-${backend}@example.com>`,
        sender: "ada@example.com",
        subject: "Re: Your enquiry",
        body: "Monday is fine.",
        attachments_refused: 0,
        sent_at: null,
        received_at: "2026-11-20T12:00:00.000Z",
      })
      .execute();
    const show = await cli("show", String(shown));
    const record = JSON.parse(show.stdout) as { id: number; conversation: object[] };
    expect(record.id).toBe(shown);
    expect(record.conversation).toEqual([
      {
        direction: "reply",
        at: "2026-11-20T10:00:00.000Z",
        from: "Ola Operator",
        subject: "Re: Your enquiry",
        body: "Shall we talk on Monday?",
      },
      {
        direction: "answer",
        at: "2026-11-20T12:00:00.000Z",
        from: "ada@example.com",
        subject: "Re: Your enquiry",
        body: "Monday is fine.",
      },
    ]);
    expect((await cli("show", "987654")).code).toBe(2);
    expect((await cli("list", "--since", "yesterday")).code).toBe(2);
    expect((await cli("export", "--format", "xml")).code).toBe(2);
  });

  it("writes a stored resume, shortlists, erases and purges on the retention clock", async () => {
    const bytes = pdf(3000);
    const apply = (email: string, extra: Record<string, string> = {}) =>
      app.inject({
        method: "POST",
        url: "/api/job-application/apply",
        ...multipart(
          applicationParts(
            { ...applicationParts().reduce((a, p) => ({ ...a, [p.name]: p.value! }), {}), email, ...extra },
            { filename: "cv.pdf", data: bytes },
          ),
        ),
      });
    // Kept past 12 months by the candidate's own consent (the careers form's box), not by `select`.
    const keep = (await apply("keep@example.com", { futureRoles: "on" })).json().data as string;
    const drop = (await apply("drop@example.com")).json().data as string;
    const file = path.join(os.tmpdir(), `resume-${Date.now()}.pdf`);
    const resume = await cli("resume", keep, "--out", file);
    expect(resume.code).toBe(0);
    expect(Buffer.compare(fs.readFileSync(file), bytes)).toBe(0);
    expect((await cli("resume", "APP-1999-000001", "--out", file)).code).toBe(2);

    const shortlisted = await cli("select", drop);
    expect(shortlisted.code).toBe(0);
    expect(shortlisted.stdout).toContain(`${drop} is shortlisted; deleted on `);
    const later = clock;
    clock = new Date(later.getTime() + 13 * 31 * 24 * 60 * 60_000);
    const dry = await cli("purge", "--dry-run");
    expect(dry.stdout).toContain(drop);
    expect(dry.stdout).not.toContain(keep);
    const purge = await cli("purge");
    expect(purge.stdout).toMatch(/deleted \d+ application/);
    const left = await app.storage.db
      .selectFrom("submissions")
      .select("reference")
      .where("kind", "=", "application")
      .execute();
    expect(left.map((r) => r.reference)).toEqual([keep]);
    clock = later;

    await post("/api/contact-us/create", { ...validContact, email: "forget.me@example.com" });
    const erased = await cli("erase", "--email", "Forget.Me@example.com");
    expect(erased.stdout).toMatch(/: 1 submission\(s\), 0 resume\(s\), 2 message\(s\)/);
    const rest = await app.storage.db
      .selectFrom("submissions")
      .select("id")
      .where("email", "=", "forget.me@example.com")
      .execute();
    expect(rest).toHaveLength(0);
  });
});

describe("file transport", () => {
  const env = useBackend("sqlite", { RATE_LIMIT_MAX: "0" });

  it("writes readable .eml files when no SMTP server is configured", async () => {
    const app = await buildApp(env.config, { serveSite: false });
    await app.inject({ method: "POST", url: "/api/contact-us/create", headers: jsonHeaders, payload: validContact });
    const worker = createOutboxWorker({
      config: env.config,
      storage: app.storage,
      transport: createTransport({ dataDir: env.config.dataDir }),
    });
    expect(await worker.runOnce()).toBe(2);
    const dir = path.join(env.config.dataDir, "mail");
    const files = fs.readdirSync(dir).filter((f) => f.endsWith(".eml"));
    expect(files).toHaveLength(2);
    const text = fs.readFileSync(path.join(dir, files[0]!), "utf8");
    expect(text).toMatch(/^Subject: /m);
    expect(text).toMatch(/^Message-ID: <[^>]+@altivacloud\.com>/m);
    await app.close();
  });
});
