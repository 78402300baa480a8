/**
 * The console's quarantine against the real server, real databases (SQLite and PostgreSQL), a
 * real SMTP server and webhook receiver: admin only (401 without a session, 403 for hr and sales),
 * the reasons listed (the held-for-review ones too), release sends exactly what an ordinary
 * submission sends, delete leaves no copy, and both are audited with the person as operator.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Challenge } from "altcha-lib";
import { buildApp } from "../app";
import type { Config } from "../config";
import { createOutboxWorker } from "../mail/outbox-worker";
import { createTransport } from "../mail/transport";
import { insertSubmission } from "../submissions/submissions";
import { backends, useBackend } from "../test-support/backends";
import { signedInStaff } from "../test-support/staff";
import { findBytes } from "../test-support/find-bytes";
import { applicationParts, multipart, pdf, validApplicationFields, validContact } from "../test-support/fixtures";
import { startSmtp } from "../test-support/smtp";
import { solve } from "../test-support/spam-proof";
import { startWebhookReceiver } from "../test-support/webhook-receiver";
import type { StaffRole } from "./staff-roles";
import { formDefinitions } from "../../contracts/forms/index";

type App = Awaited<ReturnType<typeof buildApp>>;
const origin = "https://www.altivacloud.com";

describe.each(backends)("the console's quarantine on %s", (backend) => {
  const env = useBackend(backend, { RATE_LIMIT_MAX: "0", SPAM_PROOF_REQUIRED: "true" });
  let app: App;
  let config: Config;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let hooks: Awaited<ReturnType<typeof startWebhookReceiver>>;
  // The proof of work's expiry is checked against the real clock too, so the test clock starts now.
  let clock = new Date();
  const now = () => clock;
  const later = (seconds: number) => (clock = new Date(clock.getTime() + seconds * 1000));
  let admin: { id: number; cookie: string };
  let heldId: number;
  let reviewId: number;

  const person = (role: StaffRole, name: string) => signedInStaff(app.storage.db, { role, name }, clock);
  const get = (url: string, cookie?: string) => app.inject({ method: "GET", url, headers: cookie ? { cookie } : {} });
  const post = (url: string, cookie: string | undefined, payload: object, from: string = origin) =>
    app.inject({
      method: "POST",
      url,
      headers: { "content-type": "application/json", origin: from, ...(cookie ? { cookie } : {}) },
      payload,
    });
  const worker = () =>
    createOutboxWorker({
      config,
      storage: app.storage,
      transport: createTransport({ smtpUrl: config.smtpUrl, dataDir: config.dataDir }),
      now,
    });
  const outboxOf = async (id: number, email: string) =>
    (await app.storage.db.selectFrom("outbox").selectAll().where("submission_id", "=", id).execute())
      .map((m) => `${m.channel} ${m.purpose} ${m.recipient === email ? "<submitter>" : m.recipient}`)
      .sort();
  const submission = (id: number) =>
    app.storage.db.selectFrom("submissions").selectAll().where("id", "=", id).executeTakeFirst();
  const audit = (action: string, id: number) =>
    app.storage.db
      .selectFrom("audit_log")
      .selectAll()
      .where("action", "=", action)
      .where("submission_id", "=", id)
      .execute();
  const reviews = (id: number) =>
    app.storage.db.selectFrom("spam_reviews").selectAll().where("submission_id", "=", id).execute();

  async function applyAs(firstName: string, email: string, altcha?: string) {
    const parts = applicationParts(
      { ...validApplicationFields, firstName, email },
      { filename: "cv.pdf", data: pdf() },
    );
    if (altcha) parts.push({ name: "altcha", value: altcha });
    const res = await app.inject({ method: "POST", url: "/api/job-application/apply", ...multipart(parts) });
    expect(res.statusCode).toBe(201);
    const reference = res.json().data as string;
    const row = await app.storage.db
      .selectFrom("submissions")
      .select(["id", "spam"])
      .where("reference", "=", reference)
      .executeTakeFirstOrThrow();
    return { ...row, reference };
  }

  beforeAll(async () => {
    smtp = await startSmtp();
    hooks = await startWebhookReceiver();
    config = { ...env.config, smtpUrl: smtp.url, webhookUrl: hooks.url, webhookSecret: "a-secret-for-the-quarantine" };
    app = await buildApp(config, { serveSite: false, now });
    admin = await person("admin", "Dana Okafor");
    // From a script without the proof of work: quarantined as spam.
    const held = await applyAs("Quentin", "quentin.held@example.com");
    expect(held.spam).toBe(1);
    heldId = held.id;
    // A browser's form post without JavaScript: held for review (as server/spam/spam.test.ts arranges it).
    reviewId = (
      await insertSubmission(
        app.storage,
        formDefinitions.contact,
        { ...validContact, firstName: "Rosalind", lastName: "Heldforreview", email: "rosalind@example.com" },
        {
          ip: "192.0.2.7",
          userAgent: null,
          spam: true,
          spamVerdict: "review",
          spamReasons: [{ signal: "noscript", text: "sent without JavaScript" }],
          now: clock,
        },
        [],
      )
    ).id;
  }, 60_000);
  afterAll(async () => {
    await app.close();
    await smtp.close();
    await hooks.close();
  });

  it("answers 401 without a session and 403 to hr and sales on every quarantine URL", async () => {
    const urls = [
      ["GET", "/admin/api/quarantine"],
      ["GET", `/admin/api/quarantine/${heldId}`],
      ["POST", `/admin/api/quarantine/${heldId}/release`],
      ["POST", `/admin/api/quarantine/${heldId}/delete`],
    ] as const;
    const hr = await person("hr", "Priya Quarantine");
    const sales = await person("sales", "Sam Quarantine");
    for (const [method, url] of urls) {
      const as = (cookie?: string) => (method === "GET" ? get(url, cookie) : post(url, cookie, { confirm: true }));
      expect((await as()).statusCode, `${method} ${url} without a session`).toBe(401);
      for (const who of [hr, sales]) {
        const res = await as(who.cookie);
        expect(res.statusCode, `${method} ${url}`).toBe(403);
        expect(res.json()).toEqual({ status: false, message: "Your role does not give access to this." });
      }
    }
    // Another origin with an admin's cookie is refused too.
    expect(
      (await post(`/admin/api/quarantine/${heldId}/release`, admin.cookie, { confirm: true }, "https://evil.test"))
        .statusCode,
    ).toBe(403);
    // Nothing of it happened: still quarantined, nothing queued, nothing recorded.
    expect((await submission(heldId))?.spam).toBe(1);
    expect(await outboxOf(heldId, "")).toEqual([]);
    expect(await reviews(heldId)).toEqual([]);
  });

  it("lists the quarantine with reasons, the held-for-review ones too, and shows one, audited as a view", async () => {
    const list = await get("/admin/api/quarantine", admin.cookie);
    expect(list.statusCode).toBe(200);
    const rows = list.json().data as { id: number; verdict: string; name: string; reasons: { text: string }[] }[];
    expect(rows.find((r) => r.id === heldId)).toMatchObject({
      verdict: "spam",
      name: "Quentin Turing",
      reasons: [expect.objectContaining({ signal: "proof" })],
    });
    expect(rows.find((r) => r.id === reviewId)).toMatchObject({
      verdict: "review",
      name: "Rosalind Heldforreview",
      reasons: [{ signal: "noscript", text: "sent without JavaScript" }],
    });
    const review = (await get("/admin/api/quarantine?verdict=review", admin.cookie)).json().data as { id: number }[];
    expect(review.map((r) => r.id)).toContain(reviewId);
    expect(review.map((r) => r.id)).not.toContain(heldId);
    expect((await get("/admin/api/quarantine?verdict=other", admin.cookie)).statusCode).toBe(400);

    const shown = await get(`/admin/api/quarantine/${heldId}`, admin.cookie);
    expect(shown.statusCode).toBe(200);
    expect(shown.json().data).toMatchObject({
      id: heldId,
      email: "quentin.held@example.com",
      fields: expect.arrayContaining([{ label: "Position", value: "Backend Developer", multiLine: false }]),
      resume: { detected_type: "pdf" },
    });
    expect(await audit("view", heldId)).toEqual([
      expect.objectContaining({ staff_name: "Dana Okafor", detail: "quarantine" }),
    ]);
  });

  it("release sends exactly an ordinary application's messages, once, audited, the person recorded as operator", async () => {
    // An ordinary application (with a proof, at a person's pace): what the released one must send.
    const challenge = await app.inject({ method: "GET", url: "/api/spam-proof/challenge" });
    const altcha = await solve(challenge.json() as Challenge);
    later(30);
    const ordinary = await applyAs("Olive", "olive.ordinary@example.com", altcha);
    expect(ordinary.spam).toBe(0);
    await worker().runOnce();
    // Subjects without what differs between the two people: the application number and first name.
    const subjects = () =>
      smtp.received
        .map((m) =>
          m
            .header("Subject")!
            .replace(/APP-\d+-\d+/, "APP")
            .replace(/Olive|Quentin/, "NAME"),
        )
        .sort();
    const ordinaryMail = subjects();
    expect(ordinaryMail).toHaveLength(2);
    smtp.received.length = 0;
    hooks.deliveries.length = 0;

    expect((await post(`/admin/api/quarantine/${heldId}/release`, admin.cookie, {})).statusCode).toBe(400);
    const released = await post(`/admin/api/quarantine/${heldId}/release`, admin.cookie, { confirm: true });
    expect(released.statusCode).toBe(200);
    expect(released.json().data).toEqual({ queued: 3 });
    expect(await outboxOf(heldId, "quentin.held@example.com")).toEqual(
      await outboxOf(ordinary.id, "olive.ordinary@example.com"),
    );
    await worker().runOnce();
    expect(subjects()).toEqual(ordinaryMail);
    expect(smtp.received.flatMap((m) => m.to).sort()).toEqual(
      [config.mail.careersEmail, "quentin.held@example.com"].sort(),
    );
    expect(hooks.deliveries.map((d) => JSON.parse(d.body).type)).toEqual(["submission.created"]);
    expect((await submission(heldId))?.spam).toBe(0);

    const reference = (await submission(heldId))!.reference;
    expect(await reviews(heldId)).toEqual([
      expect.objectContaining({ action: "release", operator: "Dana Okafor <dana.okafor@altivacloud.com>" }),
    ]);
    expect(await audit("release", heldId)).toEqual([
      expect.objectContaining({ staff_name: "Dana Okafor", subject: reference, detail: "3 message(s) queued" }),
    ]);
    // A second release finds nothing to release and sends nothing.
    expect((await post(`/admin/api/quarantine/${heldId}/release`, admin.cookie, { confirm: true })).statusCode).toBe(
      404,
    );
    expect(await audit("release", heldId)).toHaveLength(1);
    expect(await outboxOf(heldId, "quentin.held@example.com")).toHaveLength(3);
  });

  it("delete leaves no copy of the quarantined submission, audited, the person recorded as operator", async () => {
    const markers = ["Zebedee", "zebedee.spam@example.com", "marker-quarantine-delete-5521"];
    const parts = applicationParts(
      { ...validApplicationFields, firstName: "Zebedee", email: markers[1]!, message: markers[2]! },
      { filename: "cv.pdf", data: Buffer.concat([pdf(3000), Buffer.from(markers[2]!)]) },
    );
    const res = await app.inject({ method: "POST", url: "/api/job-application/apply", ...multipart(parts) });
    expect(res.statusCode).toBe(201);
    const reference = res.json().data as string;
    const { id } = await app.storage.db
      .selectFrom("submissions")
      .select("id")
      .where("reference", "=", reference)
      .executeTakeFirstOrThrow();
    if (backend === "sqlite") expect(findBytes(config.dataDir, markers).length).toBeGreaterThan(0);

    expect((await post(`/admin/api/quarantine/${id}/delete`, admin.cookie, {})).statusCode).toBe(400);
    const deleted = await post(`/admin/api/quarantine/${id}/delete`, admin.cookie, { confirm: true });
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json().data).toMatchObject({ submissions: 1, resumes: 1, messages: 0 });
    expect(await submission(id)).toBeUndefined();
    expect(
      await app.storage.db.selectFrom("resumes").select("submission_id").where("submission_id", "=", id).execute(),
    ).toEqual([]);
    expect(findBytes(config.dataDir, markers)).toEqual([]);
    expect(await reviews(id)).toEqual([
      expect.objectContaining({ action: "delete", operator: "Dana Okafor <dana.okafor@altivacloud.com>", reference }),
    ]);
    expect(await audit("delete", id)).toEqual([
      expect.objectContaining({ staff_name: "Dana Okafor", subject: reference }),
    ]);
    // Gone: neither shown nor deleted again.
    expect((await get(`/admin/api/quarantine/${id}`, admin.cookie)).statusCode).toBe(404);
    expect((await post(`/admin/api/quarantine/${id}/delete`, admin.cookie, { confirm: true })).statusCode).toBe(404);
  });
});
