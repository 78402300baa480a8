import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { applicationMessages, contactMessages, feedbackMessages } from "../contracts/index";
import { buildApp } from "./app";
import { loadConfig } from "./config";
import { successMessages } from "./routes/submissions";
import { backends, useBackend } from "./test-support/backends";
import {
  applicationParts,
  doc,
  docx,
  exe,
  jsonHeaders,
  multipart,
  pdf,
  png,
  validApplicationFields,
  validContact,
  validFeedback,
  zip,
} from "./test-support/fixtures";
import { lyingSizesDocx } from "./test-support/zip-bomb";

type App = Awaited<ReturnType<typeof buildApp>>;

describe.each(backends)("submissions API on %s", (backend) => {
  const env = useBackend(backend, { RATE_LIMIT_MAX: "0" });
  let app: App;
  beforeAll(async () => {
    app = await buildApp(env.config, { serveSite: false });
  });
  afterAll(() => app.close());

  const postJson = (url: string, body: unknown, headers: Record<string, string> = jsonHeaders) =>
    app.inject({ method: "POST", url, headers, payload: typeof body === "string" ? body : JSON.stringify(body) });
  const apply = (parts = applicationParts(undefined, { filename: "cv.pdf", data: pdf() })) =>
    app.inject({ method: "POST", url: "/api/job-application/apply", ...multipart(parts) });

  describe("contact enquiry", () => {
    it("stores a valid enquiry with its outbox rows and answers 201", async () => {
      const res = await postJson("/api/contact-us/create", { ...validContact, message: "marker-contact-1" });
      expect(res.statusCode).toBe(201);
      expect(res.json()).toEqual({ status: true, message: successMessages.contact });
      const row = await app.storage.db
        .selectFrom("submissions")
        .selectAll()
        .where("message", "=", "marker-contact-1")
        .executeTakeFirstOrThrow();
      expect(row).toMatchObject({ kind: "contact", email: "ada@example.com", spam: 0, ip: "127.0.0.1" });
      expect(row.user_agent).toBe("lightMyRequest");
      const outbox = await app.storage.db
        .selectFrom("outbox")
        .selectAll()
        .where("submission_id", "=", row.id)
        .execute();
      expect(outbox.map((o) => [o.purpose, o.recipient]).sort()).toEqual([
        ["confirm", "ada@example.com"],
        ["notify", env.config.mail.notifyEmail],
      ]);
    });

    it("answers every rule's message for an empty object", async () => {
      const res = await postJson("/api/contact-us/create", {});
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ status: false, errors: contactMessages });
    });

    it.each([
      ["phone", "12345", contactMessages.phone],
      ["email", "not-an-email", contactMessages.email],
      ["agree", false, contactMessages.agree],
      ["message", "   ", contactMessages.message],
    ])("rejects a bad %s", async (field, value, message) => {
      const res = await postJson("/api/contact-us/create", { ...validContact, [field]: value });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors[field]).toBe(message);
    });

    it("takes a filled honeypot like a success, stores it as spam and queues nothing", async () => {
      const res = await postJson("/api/contact-us/create", {
        ...validContact,
        message: "marker-spam",
        website: "x.biz",
      });
      expect(res.statusCode).toBe(201);
      expect(res.json()).toEqual({ status: true, message: successMessages.contact });
      const row = await app.storage.db
        .selectFrom("submissions")
        .select(["id", "spam"])
        .where("message", "=", "marker-spam")
        .executeTakeFirstOrThrow();
      expect(row.spam).toBe(1);
      const outbox = await app.storage.db
        .selectFrom("outbox")
        .select("id")
        .where("submission_id", "=", row.id)
        .execute();
      expect(outbox).toHaveLength(0);
    });
  });

  describe("feedback", () => {
    it("stores valid feedback and answers the spec's thank-you", async () => {
      const res = await postJson("/api/feedback", validFeedback);
      expect(res.statusCode).toBe(201);
      expect(res.json().message).toBe(
        "Thank you for your feedback! We appreciate your input and will use it to improve our services.",
      );
    });

    it("checks the required fields and the type", async () => {
      const res = await postJson("/api/feedback", { feedbackType: "rant" });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toMatchObject({
        firstName: feedbackMessages.firstName,
        feedbackType: feedbackMessages.feedbackType,
        agree: feedbackMessages.agree,
      });
    });

    it("refuses a phone number that is given but invalid with the field's own message", async () => {
      const res = await postJson("/api/feedback", { phone: "12ab" });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors.phone).toBe(feedbackMessages.phone);
    });
  });

  describe("job application", () => {
    it("stores the application and its resume in one go and answers its number", async () => {
      const bytes = pdf(4096);
      const res = await apply(applicationParts(undefined, { filename: "../../etc/Alan CV.pdf", data: bytes }));
      expect(res.statusCode).toBe(201);
      const body = res.json();
      expect(body).toMatchObject({ status: true, message: successMessages.application });
      expect(body.data).toMatch(/^APP-\d{4}-\d{6}$/);
      const row = await app.storage.db
        .selectFrom("submissions")
        .innerJoin("resumes", "resumes.submission_id", "submissions.id")
        .selectAll()
        .where("reference", "=", body.data)
        .executeTakeFirstOrThrow();
      expect(row).toMatchObject({ position: "Backend Developer", detected_type: "pdf", original_name: "Alan CV.pdf" });
      expect(Buffer.compare(Buffer.from(row.content), bytes)).toBe(0);
      const outbox = await app.storage.db
        .selectFrom("outbox")
        .selectAll()
        .where("submission_id", "=", row.id)
        .execute();
      expect(outbox.find((o) => o.purpose === "notify")?.recipient).toBe(env.config.mail.careersEmail);
    });

    it.each([
      ["a Word .docx", "cv.docx", docx()],
      ["a Word 97-2003 .doc", "cv.doc", doc()],
    ])("accepts %s", async (_label, filename, data) => {
      const res = await apply(applicationParts(undefined, { filename, data }));
      expect(res.statusCode).toBe(201);
    });

    it.each([
      ["a PNG", "cv.png", png],
      ["an executable renamed .pdf", "cv.pdf", exe],
      ["a zero-byte file", "cv.pdf", Buffer.alloc(0)],
      ["a ZIP that is not a Word document", "cv.docx", zip([{ name: "a.txt", data: Buffer.from("hello") }])],
      [
        "a ZIP bomb named .docx",
        "cv.docx",
        zip([
          { name: "[Content_Types].xml", data: Buffer.from("<Types/>") },
          { name: "word/document.xml", data: Buffer.alloc(1000), claimedSize: 4_000_000_000 },
        ]),
      ],
      ["a DOCX whose directory says 4 KiB but which inflates to 1 GiB", "cv.docx", lyingSizesDocx(1024 ** 3, 4096)],
    ])("refuses %s with the spec's resume message", async (_label, filename, data) => {
      const res = await apply(applicationParts(undefined, { filename, data, type: "application/pdf" }));
      expect(res.statusCode).toBe(400);
      expect(res.json().errors.resume).toBe(applicationMessages.resume);
    });

    it("refuses a 6 MB resume with 413 and stores nothing", async () => {
      const before = await app.storage.db
        .selectFrom("resumes")
        .select((e) => e.fn.countAll().as("n"))
        .executeTakeFirst();
      const res = await apply(applicationParts(undefined, { filename: "big.pdf", data: pdf(6 * 1024 * 1024) }));
      expect(res.statusCode).toBe(413);
      expect(res.json()).toEqual({ status: false, message: "Your resume must be 5 MB or smaller." });
      const after = await app.storage.db
        .selectFrom("resumes")
        .select((e) => e.fn.countAll().as("n"))
        .executeTakeFirst();
      expect(Number(after?.n)).toBe(Number(before?.n));
    });

    it("refuses a resume sent twice", async () => {
      const parts = applicationParts(undefined, { filename: "a.pdf", data: pdf() });
      parts.push({ name: "resume", file: { filename: "b.pdf", data: pdf() } });
      const res = await apply(parts);
      expect([400, 413]).toContain(res.statusCode);
      expect(res.json().status).toBe(false);
    });

    it("reads fields sent after the file", async () => {
      const parts = applicationParts(undefined, { filename: "a.pdf", data: pdf() });
      const file = parts.pop()!;
      const res = await apply([file, ...parts]);
      expect(res.statusCode).toBe(201);
    });

    it("requires a resume", async () => {
      const res = await apply(applicationParts());
      expect(res.statusCode).toBe(400);
      expect(res.json().errors.resume).toBe(applicationMessages.resume);
    });

    it("checks every field with the spec's messages", async () => {
      const res = await apply(applicationParts({ phone: "12345" }));
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toMatchObject({
        firstName: applicationMessages.firstName,
        lastName: applicationMessages.lastName,
        email: applicationMessages.email,
        phone: applicationMessages.phone,
        position: applicationMessages.position,
        agree: applicationMessages.agree,
        resume: applicationMessages.resume,
      });
    });

    it("numbers 50 concurrent applications uniquely", async () => {
      const answers = await Promise.all(Array.from({ length: 50 }, () => apply()));
      const numbers = answers.map((r) => r.json().data as string);
      expect(answers.every((r) => r.statusCode === 201)).toBe(true);
      expect(new Set(numbers).size).toBe(50);
    });
  });

  describe("error answers", () => {
    it("415 for a wrong content type", async () => {
      const res = await postJson("/api/contact-us/create", "firstName=Ada", {
        ...jsonHeaders,
        "content-type": "text/plain",
      });
      expect(res.statusCode).toBe(415);
      expect(res.json().status).toBe(false);
    });

    it("415 for JSON sent to the multipart endpoint", async () => {
      const res = await postJson("/api/job-application/apply", validApplicationFields);
      expect(res.statusCode).toBe(415);
    });

    it("400 for malformed JSON, without internals", async () => {
      const res = await postJson("/api/contact-us/create", '{"firstName":');
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ status: false, message: "The request body is not valid JSON." });
    });

    it("413 for a body over the limit", async () => {
      const res = await postJson("/api/contact-us/create", { ...validContact, message: "x".repeat(200_000) });
      expect(res.statusCode).toBe(413);
      expect(res.json().status).toBe(false);
    });

    it("404 JSON for an unknown API route", async () => {
      const res = await postJson("/api/nothing-here", {});
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ status: false, message: "Not found." });
    });

    it("403 without X-Requested-With", async () => {
      const res = await postJson("/api/contact-us/create", validContact, { "content-type": "application/json" });
      expect(res.statusCode).toBe(403);
      expect(res.json().status).toBe(false);
    });

    it("403 from an origin that is not allowed; allowed and same origins pass", async () => {
      const evil = await postJson("/api/contact-us/create", validContact, {
        ...jsonHeaders,
        origin: "https://evil.example",
      });
      expect(evil.statusCode).toBe(403);
      const site = await postJson("/api/contact-us/create", validContact, {
        ...jsonHeaders,
        origin: "https://www.altivacloud.com",
      });
      expect(site.statusCode).toBe(201);
      expect(site.headers["access-control-allow-origin"]).toBe("https://www.altivacloud.com");
      const same = await postJson("/api/contact-us/create", validContact, {
        ...jsonHeaders,
        host: "127.0.0.1:3000",
        origin: "http://127.0.0.1:3000",
      });
      expect(same.statusCode).toBe(201);
    });

    it("CORS preflight names only the allowed origin, never a wildcard or a reflection", async () => {
      const ask = (origin: string) =>
        app.inject({
          method: "OPTIONS",
          url: "/api/contact-us/create",
          headers: {
            origin,
            "access-control-request-method": "POST",
            "access-control-request-headers": "content-type,x-requested-with",
          },
        });
      const ok = await ask("https://www.altivacloud.com");
      expect(ok.headers["access-control-allow-origin"]).toBe("https://www.altivacloud.com");
      const evil = await ask("https://evil.example");
      expect(evil.headers["access-control-allow-origin"]).toBeUndefined();
    });
  });

  describe("health", () => {
    it("answers /readyz with the database reachable", async () => {
      expect(app.storage.dialect).toBe(backend);
      const res = await app.inject("/readyz");
      expect(res.statusCode).toBe(200);
      expect(res.json().checks.database).toBe("ok");
    });
  });
});

describe("rate limit", () => {
  const env = useBackend("sqlite", { RATE_LIMIT_MAX: "3", RATE_LIMIT_WINDOW: "60000" });
  it("answers 429 with Retry-After once an address used up its submissions", async () => {
    const app = await buildApp(env.config, { serveSite: false });
    const send = () =>
      app.inject({ method: "POST", url: "/api/contact-us/create", headers: jsonHeaders, payload: validContact });
    const codes = [];
    for (let i = 0; i < 4; i++) codes.push((await send()).statusCode);
    expect(codes).toEqual([201, 201, 201, 429]);
    const limited = await send();
    expect(Number(limited.headers["retry-after"])).toBeGreaterThan(0);
    expect(limited.json()).toMatchObject({ status: false });
    expect(limited.json().message).toMatch(/Too many submissions/);
    // Another address is counted on its own.
    const other = await app.inject({
      method: "POST",
      url: "/api/feedback",
      headers: jsonHeaders,
      payload: validFeedback,
      remoteAddress: "10.0.0.9",
    });
    expect(other.statusCode).toBe(201);
    await app.close();
  });

  it("ignores X-Forwarded-For unless a proxy is trusted", async () => {
    const app = await buildApp(env.config, { serveSite: false });
    const res = await app.inject({
      method: "POST",
      url: "/api/contact-us/create",
      headers: { ...jsonHeaders, "x-forwarded-for": "203.0.113.7" },
      payload: { ...validContact, message: "marker-xff" },
      remoteAddress: "10.0.0.10",
    });
    expect(res.statusCode).toBe(201);
    const row = await app.storage.db
      .selectFrom("submissions")
      .select("ip")
      .where("message", "=", "marker-xff")
      .executeTakeFirstOrThrow();
    expect(row.ip).toBe("10.0.0.10");
    await app.close();
  });
});

describe("health when the database is gone", () => {
  const env = useBackend("sqlite");
  it("answers /healthz 200 (liveness) and /readyz 503", async () => {
    const app = await buildApp(env.config, { serveSite: false });
    await app.storage.close();
    expect((await app.inject("/healthz")).statusCode).toBe(200);
    const res = await app.inject("/readyz");
    expect(res.statusCode).toBe(503);
    expect(res.json().checks.database).toBe("unreachable");
    await app.close().catch(() => undefined);
  });
});

describe("a real listening server", () => {
  const env = useBackend("sqlite", { RATE_LIMIT_MAX: "0" });
  it("takes a contact enquiry and a multipart application over HTTP", async () => {
    const app = await buildApp(
      { ...loadConfig({ ...process.env, LOG_LEVEL: "silent" }), ...env.config },
      { serveSite: false },
    );
    const address = await app.listen({ port: 0, host: "127.0.0.1" });
    const contact = await fetch(`${address}/api/contact-us/create`, {
      method: "POST",
      headers: jsonHeaders,
      body: JSON.stringify(validContact),
    });
    expect(contact.status).toBe(201);
    const form = new FormData();
    for (const [k, v] of Object.entries(validApplicationFields)) form.append(k, v);
    form.append("resume", new Blob([new Uint8Array(pdf())], { type: "application/pdf" }), "cv.pdf");
    const application = await fetch(`${address}/api/job-application/apply`, {
      method: "POST",
      headers: { "x-requested-with": "XMLHttpRequest" },
      body: form,
    });
    expect(application.status).toBe(201);
    expect(((await application.json()) as { data: string }).data).toMatch(/^APP-\d{4}-\d{6}$/);
    await app.close();
  });
});
