/**
 * Review of issue 26 (careers that HR runs), on SQLite and PostgreSQL, against the real server,
 * the real outbox worker and a real SMTP server. Each test is a finding: it fails until fixed.
 * - A stranger names a draft role's slug in an application: a draft was never public, yet the
 *   application keeps it and the confirmation e-mail (to any address typed) names its title.
 * - A decision e-mail queued for "not selected" still goes out after HR moved the application
 *   on (to "interview"): the worker sends the words recorded at Send without asking whether the
 *   application still has that decision.
 * - Ids past PostgreSQL's integer range answer 500 on the new routes that name an id.
 * - The decision routes tell HR an enquiry's id (403) from an id that does not exist (404).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { roleField } from "../../contracts/careers/applied-role";
import { formDefinitions } from "../../contracts/forms/index";
import { applicationPath } from "../../contracts/index";
import { buildApp } from "../app";
import type { Config } from "../config";
import { createOutboxWorker } from "../mail/outbox-worker";
import { createTransport } from "../mail/transport";
import { insertSubmission } from "../submissions/submissions";
import { backends, useBackend } from "../test-support/backends";
import { applicationParts, multipart, pdf, validApplicationFields, validContact } from "../test-support/fixtures";
import { startSmtp } from "../test-support/smtp";
import { signedInStaff } from "../test-support/staff";

type App = Awaited<ReturnType<typeof buildApp>>;
const origin = "https://www.altivacloud.com";

const description = `Lead the security team through a reorganisation nobody outside HR knows of yet.

## What you will do
- Own the security roadmap.
- Replace the current head of security, who does not know yet.`;

/** A confidential role HR drafts and has not published. */
const secretDraft = {
  title: "Head of Security (confidential replacement)",
  position: "DevOps Engineer",
  offices: ["London"],
  employmentType: "FULL_TIME",
  workplace: "hybrid",
  salary: null,
  description,
  datePosted: "2026-11-23",
  validThrough: "2027-02-28",
};

describe.each(backends)("issue 26 review on %s", (backend) => {
  const env = useBackend(backend, { RATE_LIMIT_MAX: "0" });
  let app: App;
  let config: Config;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  const clock = new Date("2026-11-23T09:00:00.000Z");
  const now = () => clock;
  let hr: { id: number; cookie: string };

  const post = (url: string, payload: object, cookie = hr.cookie) =>
    app.inject({ method: "POST", url, headers: { cookie, origin, "content-type": "application/json" }, payload });
  const drain = async () => {
    const worker = createOutboxWorker({
      config,
      storage: app.storage,
      transport: createTransport({ smtpUrl: config.smtpUrl, dataDir: config.dataDir }),
      now,
    });
    for (let i = 0; i < 10 && (await worker.runOnce()) > 0; i++);
  };
  const mailsTo = (email: string) => smtp.received.filter((m) => m.to.includes(email));

  beforeAll(async () => {
    smtp = await startSmtp();
    config = { ...env.config, smtpUrl: smtp.url };
    app = await buildApp(config, { serveSite: false, now });
    await app.ready();
    hr = await signedInStaff(app.storage.db, { role: "hr", name: "Hana Reyes" }, clock);
  }, 60_000);
  afterAll(async () => {
    await app.close();
    await smtp.close();
  });

  it("a stranger applying with a draft role's slug gets no role kept and no draft title in the confirmation", async () => {
    const created = await post("/admin/api/roles", secretDraft);
    expect(created.statusCode, created.body).toBe(201);
    const draft = (created.json() as { data: { role: { slug: string; state: string } } }).data.role;
    expect(draft.state).toBe("draft");

    // The slug is the automatic one (title and office), so it can be guessed from the outside.
    const email = `draft-prober-${backend}@example.com`;
    const res = await app.inject({
      method: "POST",
      url: applicationPath,
      ...multipart(
        applicationParts(
          { ...validApplicationFields, email, position: secretDraft.position, [roleField]: draft.slug },
          { filename: "cv.pdf", data: pdf() },
        ),
      ),
    });
    expect(res.statusCode, res.body).toBe(201);
    const row = await app.storage.db
      .selectFrom("submissions")
      .select(["role"])
      .where("email", "=", email)
      .executeTakeFirstOrThrow();
    await drain();
    const confirmation = mailsTo(email)
      .map((m) => m.raw)
      .join("\n");
    expect(mailsTo(email).length).toBeGreaterThan(0);
    // A draft was never public: it is as if no role had that slug. Today the confirmation, sent
    // to whatever address was typed, names the draft's title.
    expect(confirmation).not.toContain("confidential replacement");
    expect(row.role).toBeNull();
  });

  it("a queued 'not selected' e-mail is not sent once HR has moved the application on to 'interview'", async () => {
    const email = `reversed-${backend}@example.com`;
    const { id } = await insertSubmission(
      app.storage,
      formDefinitions.application,
      { ...validApplicationFields, firstName: "Rene", lastName: "Reversed", email },
      { ip: "192.0.2.7", userAgent: "Firefox", spam: false, now: clock },
      [],
    );
    expect((await post(`/admin/api/submissions/${id}/status`, { status: "not selected" })).statusCode).toBe(200);
    const sent = await post(`/admin/api/submissions/${id}/decision-mail`, {
      status: "not selected",
      personalLine: "",
      sent: 0,
    });
    expect(sent.statusCode, sent.body).toBe(201);
    // A mistake seen before the worker ran (or while the message waits for a retry): HR moves the
    // candidate on to an interview.
    expect((await post(`/admin/api/submissions/${id}/status`, { status: "interview" })).statusCode).toBe(200);
    await drain();
    // The candidate, now invited to interview, must not receive a rejection.
    expect(mailsTo(email)).toEqual([]);
  });
  it("answers an id beyond the database's integers as missing, never with a server error", async () => {
    // role-routes.ts caps its ids at 2,147,483,647; the pipeline's, the decision routes' and
    // visibleSubmission's do not, and PostgreSQL refuses the query (22003, out of range).
    const big = 3_000_000_000;
    const answers = [
      await app.inject({ method: "GET", url: `/admin/api/hiring/${big}`, headers: { cookie: hr.cookie } }),
      await app.inject({
        method: "GET",
        url: `/admin/api/submissions/${big}/candidate`,
        headers: { cookie: hr.cookie },
      }),
      await post(`/admin/api/submissions/${big}/decision-mail/preview`, { status: "not selected" }),
      await post(`/admin/api/submissions/${big}/future-roles`, { consent: true }),
    ];
    for (const res of answers) expect([403, 404], res.body).toContain(res.statusCode);
  });
  it("answers HR about an enquiry's id on the decision routes exactly as about an id that does not exist", async () => {
    // visibleSubmission's rule: ids a role may not have answer as missing ones do (403 for a role
    // that does not see every kind), so nobody can probe for them. The decision routes answer a
    // missing id 404 and an enquiry's 403, so HR can tell which ids are sales' enquiries.
    const { id } = await insertSubmission(
      app.storage,
      formDefinitions.contact,
      { ...validContact, email: `enquiry-${backend}@example.com` },
      { ip: "192.0.2.8", userAgent: "Firefox", spam: false, now: clock },
      [],
    );
    for (const path of ["decision-mail/preview", "decision-mail"]) {
      const body = { status: "not selected", personalLine: "", sent: 0 };
      const enquiry = await post(`/admin/api/submissions/${id}/${path}`, body);
      const missing = await post(`/admin/api/submissions/987654321/${path}`, body);
      expect(enquiry.statusCode, path).toBe(missing.statusCode);
      expect(enquiry.body, path).toBe(missing.body);
    }
  });
});
