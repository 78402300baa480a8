/**
 * A decision e-mail withdrawn before delivery (issue 26), on SQLite and PostgreSQL with the real
 * outbox worker and a real SMTP server: HR sends the "interview" e-mail, then moves the application
 * on before the worker delivers it. Nothing reaches the candidate; the message records what
 * happened in words the console recognises (isWithdrawnNote: the history says so and shows no
 * retry, the Outbox page no Retry button), and an administrator's retry is refused, since sending
 * it now would contradict the decision. An ordinary failure is not taken for one.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isWithdrawnNote, withdrawnNote } from "../../contracts/careers/decision-delivery";
import { decisionMailAnswer } from "../../contracts/console-answers";
import { formDefinitions } from "../../contracts/forms/index";
import { buildApp } from "../app";
import type { Config } from "../config";
import { createOutboxWorker } from "../mail/outbox-worker";
import { createTransport } from "../mail/transport";
import { insertSubmission } from "../submissions/submissions";
import { backends, useBackend } from "../test-support/backends";
import { validApplicationFields } from "../test-support/fixtures";
import { startSmtp } from "../test-support/smtp";
import { signedInStaff } from "../test-support/staff";

type App = Awaited<ReturnType<typeof buildApp>>;
const origin = "https://www.altivacloud.com";

describe.each(backends)("a withdrawn decision e-mail on %s", (backend) => {
  const env = useBackend(backend, { RATE_LIMIT_MAX: "0", CONFIRMATION_EMAILS: "false" });
  let app: App;
  let config: Config;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  const clock = new Date("2026-11-23T09:00:00.000Z");
  let hr: { cookie: string };
  let admin: { cookie: string };

  beforeAll(async () => {
    smtp = await startSmtp();
    config = { ...env.config, smtpUrl: smtp.url };
    app = await buildApp(config, { serveSite: false, now: () => clock });
    hr = await signedInStaff(app.storage.db, { role: "hr", name: "Hana Withdrawn" }, clock);
    admin = await signedInStaff(app.storage.db, { role: "admin", name: "Ada Withdrawn" }, clock);
  }, 60_000);
  afterAll(async () => {
    await app.close();
    await smtp.close();
  });

  const post = (url: string, cookie: string, payload: object) =>
    app.inject({ method: "POST", url, headers: { "content-type": "application/json", origin, cookie }, payload });
  const drain = async () => {
    const worker = createOutboxWorker({
      config,
      storage: app.storage,
      transport: createTransport({ smtpUrl: config.smtpUrl, dataDir: config.dataDir }),
      now: () => clock,
    });
    for (let i = 0; i < 10 && (await worker.runOnce()) > 0; i++);
  };

  it("is not sent, says the application moved on, and cannot be retried", async () => {
    const email = "wanda.withdrawn@example.com";
    const { id } = await insertSubmission(
      app.storage,
      formDefinitions.application,
      { ...validApplicationFields, firstName: "Wanda", lastName: "Withdrawn", email },
      { ip: "192.0.2.8", userAgent: "Firefox", spam: false, now: clock },
      [],
    );
    expect((await post(`/admin/api/submissions/${id}/status`, hr.cookie, { status: "interview" })).statusCode).toBe(
      200,
    );
    const queued = await post(`/admin/api/submissions/${id}/decision-mail`, hr.cookie, {
      status: "interview",
      personalLine: "",
      sent: 0,
    });
    expect(queued.statusCode, queued.body).toBe(201);
    // HR changes the decision before the worker runs.
    expect((await post(`/admin/api/submissions/${id}/status`, hr.cookie, { status: "not selected" })).statusCode).toBe(
      200,
    );
    await drain();
    expect(smtp.received.filter((m) => m.to.includes(email))).toEqual([]);

    // What the submission's history shows: the message parked with the words the console recognises.
    const detail = await app.inject({
      method: "GET",
      url: `/admin/api/submissions/${id}`,
      headers: { cookie: hr.cookie },
    });
    const mails = (detail.json().data.decisionMails as unknown[]).map((m) => decisionMailAnswer.parse(m));
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ status: "failed", lastError: withdrawnNote("not selected") });
    expect(isWithdrawnNote(mails[0]!.lastError)).toBe(true);

    const row = await app.storage.db
      .selectFrom("outbox")
      .select(["id", "status"])
      .where("submission_id", "=", id)
      .where("purpose", "=", "decision")
      .executeTakeFirstOrThrow();
    const retry = await post(`/admin/api/outbox/${row.id}/retry`, admin.cookie, {});
    expect(retry.statusCode).toBe(409);
    expect(retry.json().message).toMatch(/withdrawn/);
    const after = await app.storage.db
      .selectFrom("outbox")
      .select("status")
      .where("id", "=", row.id)
      .executeTakeFirstOrThrow();
    expect(after.status).toBe("failed");
  });

  it("does not take an ordinary delivery failure for a withdrawn message", () => {
    expect(isWithdrawnNote("connect ECONNREFUSED 127.0.0.1:25")).toBe(false);
    expect(isWithdrawnNote(null)).toBe(false);
  });
});
