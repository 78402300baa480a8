import fc from "fast-check";
import net from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  contactForm,
  contactMessages,
  email as emailRule,
  feedbackTypes,
  oneLineMessage,
  positions,
  schemaOf,
} from "../contracts/index";

const contactSchema = schemaOf(contactForm);
const emailSchema = emailRule(contactMessages.email);
import { buildApp } from "./app";
import { useBackend } from "./test-support/backends";
import { applicationParts, jsonHeaders, multipart, pdf, validContact, zip } from "./test-support/fixtures";

type App = Awaited<ReturnType<typeof buildApp>>;

/** The contract's answer shape: what every response, success or failure, must look like. */
function expectContractShape(status: number, body: unknown) {
  expect(status).toBeLessThan(500);
  expect(body).toMatchObject({ status: expect.any(Boolean), message: expect.any(String) });
}

describe("hostile input", () => {
  const env = useBackend("sqlite", { RATE_LIMIT_MAX: "0", REQUEST_TIMEOUT: "1500" });
  let app: App;
  beforeAll(async () => {
    app = await buildApp(env.config, { serveSite: false });
  });
  afterAll(() => app.close());

  const post = (url: string, payload: string | Buffer, headers: Record<string, string> = jsonHeaders) =>
    app.inject({ method: "POST", url, headers, payload });
  const stored = (marker: string) =>
    app.storage.db.selectFrom("submissions").selectAll().where("message", "like", `%${marker}%`).executeTakeFirst();

  describe("properties", () => {
    it("any JSON value to any JSON endpoint: never a 5xx, always the contract's shape", async () => {
      await fc.assert(
        fc.asyncProperty(
          fc.constantFrom("/api/contact-us/create", "/api/feedback"),
          fc.jsonValue(),
          async (url, value) => {
            const res = await post(url, JSON.stringify(value));
            expectContractShape(res.statusCode, res.json());
          },
        ),
        { numRuns: 150 },
      );
    });

    it("arbitrary strings in every field: never a 5xx; accepted exactly when the contract accepts", async () => {
      const field = fc.oneof(fc.string(), fc.string({ unit: "grapheme", maxLength: 300 }), fc.constant(""));
      await fc.assert(
        fc.asyncProperty(
          fc.record({
            firstName: field,
            lastName: field,
            email: field,
            phone: field,
            reason: field,
            message: field,
            agree: fc.boolean(),
          }),
          async (body) => {
            const res = await post("/api/contact-us/create", JSON.stringify(body));
            expectContractShape(res.statusCode, res.json());
            expect(res.statusCode === 201).toBe(contactSchema.safeParse(body).success);
          },
        ),
        { numRuns: 150 },
      );
    });

    it("valid inputs are always accepted", async () => {
      const name = fc.stringMatching(/^[A-Za-zÀ-ÿ' -]{1,60}$/).filter((s) => s.trim().length > 0);
      await fc.assert(
        fc.asyncProperty(
          name,
          name,
          fc.emailAddress().filter((e) => e.length <= 254 && emailSchema.safeParse(e).success),
          // National numbers of the four countries read without a code, and one with a code.
          fc.constantFrom("415 555 0142", "020 7946 0958", "98450 12345", "0412 345 678", "+49 30 901820"),
          fc.constantFrom(...feedbackTypes),
          fc.string({ minLength: 1, maxLength: 500 }).filter((s) => s.trim().length > 0),
          async (firstName, lastName, email, phone, feedbackType, message) => {
            const contact = await post(
              "/api/contact-us/create",
              JSON.stringify({ firstName, lastName, email, phone, reason: "Cloud", message, agree: true }),
            );
            expect(contact.statusCode).toBe(201);
            const feedback = await post(
              "/api/feedback",
              JSON.stringify({ firstName, lastName, email, feedbackType, message, consent: true }),
            );
            expect(feedback.statusCode).toBe(201);
          },
        ),
        { numRuns: 60 },
      );
    });

    it("arbitrary multipart parts: never a 5xx, always the contract's shape", async () => {
      const part = fc.oneof(
        fc.record({
          name: fc.constantFrom("firstName", "email", "position", "agree", "resume", "x"),
          value: fc.string({ maxLength: 200 }),
        }),
        fc.record({
          name: fc.constantFrom("resume", "other"),
          file: fc.record({
            filename: fc.string({ maxLength: 80 }).map((s) => s.replace(/["\r\n]/g, "")),
            data: fc.uint8Array({ maxLength: 2000 }).map((a) => Buffer.from(a)),
          }),
        }),
      );
      await fc.assert(
        fc.asyncProperty(fc.array(part, { maxLength: 12 }), async (parts) => {
          const res = await app.inject({ method: "POST", url: "/api/job-application/apply", ...multipart(parts) });
          expectContractShape(res.statusCode, res.json());
        }),
        { numRuns: 120 },
      );
    });
  });

  describe("known-bad inputs", () => {
    it.each([
      ["SQL injection", "Robert'); DROP TABLE submissions;--"],
      ["XSS payload", '<img src=x onerror="alert(document.cookie)">'],
      ["zero-width characters (emoji and scripts join with them)", "Ali\u200Bce\u200D"],
    ])("%s is stored verbatim", async (_label, value) => {
      const marker = `m${Math.random().toString(36).slice(2)}`;
      const res = await post(
        "/api/contact-us/create",
        JSON.stringify({ ...validContact, lastName: value, message: `${marker} ${value}` }),
      );
      expect(res.statusCode).toBe(201);
      const row = await stored(marker);
      expect(row?.last_name).toBe(value);
      expect(await app.storage.db.selectFrom("submissions").select("id").limit(1).execute()).toHaveLength(1);
    });

    it.each([
      ["NUL byte", "before\u0000after"],
      ["right-to-left override", "Ali\u202Ece"],
      ["OSC 52 (sets a terminal's clipboard)", "Eve\u001b]52;c;eA==\u0007"],
      ["CR/LF", "Eve\r\nBcc: victim@example.com"],
    ])("%s in a name is refused with the field's message and nothing is stored", async (_label, value) => {
      const marker = `m${Math.random().toString(36).slice(2)}`;
      const res = await post(
        "/api/contact-us/create",
        JSON.stringify({ ...validContact, lastName: value, message: marker }),
      );
      expect(res.statusCode).toBe(400);
      expect(res.json().errors.lastName).toBe(oneLineMessage("Last name"));
      expect(await stored(marker)).toBeUndefined();
    });

    it("__proto__ and constructor keys change nothing", async () => {
      const res = await post(
        "/api/contact-us/create",
        `{"__proto__":{"status":false,"isAdmin":true},"constructor":{"prototype":{"x":1}},${JSON.stringify(validContact).slice(1)}`,
      );
      expect(res.statusCode).toBe(201);
      expect(({} as Record<string, unknown>).isAdmin).toBeUndefined();
    });

    it("duplicate keys: the last one counts, as JSON.parse does", async () => {
      const marker = `dup${Date.now()}`;
      const body = JSON.stringify(validContact).replace(/}$/, `,"message":"${marker}"}`);
      expect((await post("/api/contact-us/create", body)).statusCode).toBe(201);
      expect(await stored(marker)).toBeTruthy();
    });

    it("deeply nested JSON is refused without a crash", async () => {
      const deep = `${"[".repeat(5000)}${"]".repeat(5000)}`;
      const res = await post("/api/contact-us/create", `{"firstName":${deep}}`);
      expectContractShape(res.statusCode, res.json());
    });

    it("invalid UTF-8 is refused or replaced, never a 5xx", async () => {
      const bytes = Buffer.concat([
        Buffer.from('{"firstName":"'),
        Buffer.from([0xc3, 0x28, 0xff]),
        Buffer.from(`",${JSON.stringify(validContact).slice(1)}`),
      ]);
      const res = await post("/api/contact-us/create", bytes);
      expectContractShape(res.statusCode, res.json());
    });

    it("a 10 MB JSON body answers 413", async () => {
      const res = await post(
        "/api/contact-us/create",
        JSON.stringify({ ...validContact, message: "x".repeat(10 * 1024 * 1024) }),
      );
      expect(res.statusCode).toBe(413);
      expectContractShape(res.statusCode, res.json());
    });

    it("1,000 fields answer a client error", async () => {
      const body = Object.fromEntries(Array.from({ length: 1000 }, (_, i) => [`f${i}`, "x"]));
      const json = await post("/api/contact-us/create", JSON.stringify({ ...validContact, ...body }));
      expectContractShape(json.statusCode, json.json());
      const parts = Array.from({ length: 1000 }, (_, i) => ({ name: `f${i}`, value: "x" }));
      const form = await app.inject({ method: "POST", url: "/api/job-application/apply", ...multipart(parts) });
      expect(form.statusCode).toBe(413);
    });
  });

  describe("uploads", () => {
    const upload = (filename: string, data: Buffer) =>
      app.inject({
        method: "POST",
        url: "/api/job-application/apply",
        ...multipart(applicationParts(undefined, { filename, data })),
      });

    it.each([
      ["a PNG renamed .pdf", Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47]), Buffer.alloc(100)])],
      ["an EXE renamed .pdf", Buffer.concat([Buffer.from("MZ"), Buffer.alloc(100)])],
      ["an HTML page renamed .pdf", Buffer.from("<!doctype html><script>alert(1)</script>")],
      ["a DOCX-named ZIP that is not Word", zip([{ name: "evil.js", data: Buffer.from("x") }])],
    ])("refuses %s", async (_label, data) => {
      expect((await upload("cv.pdf", data)).statusCode).toBe(400);
    });

    it("refuses a ZIP bomb named .docx quickly, without inflating it", async () => {
      const bomb = zip([
        { name: "[Content_Types].xml", data: Buffer.from("<Types/>") },
        { name: "word/document.xml", data: Buffer.alloc(100_000), claimedSize: 3_000_000_000 },
      ]);
      const started = Date.now();
      expect((await upload("cv.docx", bomb)).statusCode).toBe(400);
      expect(Date.now() - started).toBeLessThan(1000);
    });

    it("accepts a PDF polyglot carrying HTML: it starts as a PDF and is only ever sent as an attachment", async () => {
      const polyglot = Buffer.concat([pdf(), Buffer.from("<html><script>alert(1)</script></html>")]);
      expect((await upload("cv.pdf", polyglot)).statusCode).toBe(201);
    });

    it.each([
      ["path traversal", "../../../../etc/passwd.pdf", "passwd.pdf"],
      ["a 1,000-character name", `${"a".repeat(996)}.pdf`, `${"a".repeat(146)}.pdf`],
      ["control and bidi characters", "cv\u202Efdp.exe\u0007.pdf", "cvfdp.exe.pdf"],
    ])("sanitises %s in the stored name", async (_label, filename, expected) => {
      const res = await upload(filename, pdf());
      expect(res.statusCode).toBe(201);
      const row = await app.storage.db
        .selectFrom("submissions")
        .innerJoin("resumes", "resumes.submission_id", "submissions.id")
        .select("original_name")
        .where("reference", "=", res.json().data)
        .executeTakeFirstOrThrow();
      expect(row.original_name).toBe(expected);
    });

    it("accepts exactly 5 MB and refuses 5 MB + 1 byte with 413", async () => {
      expect((await upload("cv.pdf", pdf(5 * 1024 * 1024))).statusCode).toBe(201);
      expect((await upload("cv.pdf", pdf(5 * 1024 * 1024 + 1))).statusCode).toBe(413);
    });

    it("refuses two resume parts and a missing one", async () => {
      const parts = applicationParts(undefined, { filename: "a.pdf", data: pdf() });
      parts.push({ name: "resume", file: { filename: "b.pdf", data: pdf() } });
      expect(
        (await app.inject({ method: "POST", url: "/api/job-application/apply", ...multipart(parts) })).statusCode,
      ).toBe(400);
      expect(
        (await app.inject({ method: "POST", url: "/api/job-application/apply", ...multipart(applicationParts()) }))
          .statusCode,
      ).toBe(400);
    });

    it("offers exactly the spec's 17 positions", () => {
      expect(positions).toHaveLength(17);
    });
  });

  describe("a listening server", () => {
    let base: { host: string; port: number };
    beforeAll(async () => {
      const address = await app.listen({ port: 0, host: "127.0.0.1" });
      const url = new URL(address);
      base = { host: url.hostname, port: Number(url.port) };
    });

    it("answers 431 to headers that are too large", async () => {
      const res = await fetch(`http://${base.host}:${base.port}/healthz`, { headers: { "x-big": "x".repeat(20_000) } });
      expect(res.status).toBe(431);
    });

    it("cuts off a client that sends one byte a second", async () => {
      const socket = net.connect(base.port, base.host);
      await new Promise<void>((r) => socket.once("connect", () => r()));
      const closed = new Promise<number>((resolve) => {
        const started = Date.now();
        socket.on("close", () => resolve(Date.now() - started));
      });
      socket.on("error", () => undefined);
      const request =
        "POST /api/contact-us/create HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 500\r\n\r\n{";
      let i = 0;
      const drip = setInterval(() => {
        if (socket.destroyed || i >= request.length) return clearInterval(drip);
        socket.write(request[i++]!);
      }, 1000);
      const elapsed = await closed;
      clearInterval(drip);
      expect(elapsed).toBeLessThan(8000);
    }, 15_000);
  });
});
