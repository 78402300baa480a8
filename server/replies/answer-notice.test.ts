/**
 * The owner's e-mail notice of a customer's answer (issue 44, decision 073), on SQLite and
 * PostgreSQL with the real outbox worker and SMTP sink: an owner who chose it on their account
 * page gets one e-mail with the item's link only (no words, name or address of the customer); an
 * owner who did not, or an item with no owner, sends nothing. The clock is fixed.
 */
import { scoresAsSpam } from "../spam/verdict";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { formDefinitions } from "../../contracts/forms/index";
import { buildApp } from "../app";
import type { Config } from "../config";
import { createOutboxWorker } from "../mail/outbox-worker";
import { createTransport } from "../mail/transport";
import { insertSubmission } from "../submissions/submissions";
import { backends, useBackend } from "../test-support/backends";
import { validContact } from "../test-support/fixtures";
import { startSmtp } from "../test-support/smtp";
import { signedInStaff } from "../test-support/staff";
import { tokenFor } from "./conversation";
import { attachInbound } from "./inbound";

const origin = "https://www.altivacloud.com";
const clock = new Date("2026-11-24T10:00:00.000Z");

describe.each(backends)("the owner's notice of an answer on %s", (backend) => {
  const env = useBackend(backend, {
    RATE_LIMIT_MAX: "0",
    CONFIRMATION_EMAILS: "false",
    INBOUND_EMAIL: "reply@altivacloud.com",
  });
  let app: Awaited<ReturnType<typeof buildApp>>;
  let config: Config;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  beforeAll(async () => {
    smtp = await startSmtp();
    config = { ...env.config, smtpUrl: smtp.url };
    app = await buildApp(config, { serveSite: false, now: () => clock });
  }, 60_000);
  afterAll(async () => {
    await app.close();
    await smtp.close();
  });

  /** An enquiry owned by `ownerId`, answered by its customer by e-mail; returns its id. */
  async function answered(tag: string, ownerId: number | null) {
    const email = `cara.${tag}.${backend}@northwind.example`;
    const { id } = await insertSubmission(
      app.storage,
      formDefinitions.contact,
      { ...validContact, firstName: "Cara", email },
      { ip: "192.0.2.9", userAgent: null, spam: false, now: clock },
      [],
    );
    await app.storage.db.updateTable("submissions").set({ assigned_to: ownerId }).where("id", "=", id).execute();
    const token = await app.storage.transaction((trx) => tokenFor(trx, id, clock.toISOString()));
    const outcome = await attachInbound(
      app.storage,
      {
        messageId: `<a.${tag}.${backend}@northwind.example>`,
        inReplyTo: null,
        references: [],
        from: email,
        recipients: [`reply+${token}@altivacloud.com`],
        subject: "Re: We received your enquiry",
        text: "Our budget is 40k; call me after lunch.",
        attachments: 0,
        date: clock.toISOString(),
      },
      {
        inboundEmail: "reply@altivacloud.com",
        sourceKey: `<a.${tag}.${backend}@northwind.example>`,
        now: clock,
        isSpam: scoresAsSpam,
      },
    );
    expect(outcome).toMatchObject({ submissionId: id });
    return id;
  }
  const drain = async () => {
    const worker = createOutboxWorker({
      config,
      storage: app.storage,
      transport: createTransport({ smtpUrl: config.smtpUrl, dataDir: config.dataDir }),
      now: () => clock,
    });
    for (let i = 0; i < 10 && (await worker.runOnce()) > 0; i++);
  };

  it("e-mails an owner who chose it a link only, and nobody else", async () => {
    const keen = await signedInStaff(app.storage.db, { role: "sales", name: `Kim Keen ${backend}` }, clock);
    const quiet = await signedInStaff(app.storage.db, { role: "sales", name: `Quinn Quiet ${backend}` }, clock);
    const chose = await app.inject({
      method: "POST",
      url: "/admin/api/account/answer-notice",
      headers: { "content-type": "application/json", origin, cookie: keen.cookie },
      payload: { receive: true },
    });
    expect(chose.json()).toEqual({ status: true, data: { receive: true } });
    const mine = await answered("keen", keen.id);
    await answered("quiet", quiet.id);
    await answered("nobody", null);
    await drain();
    const toKeen = smtp.received.filter((m) => m.to.includes(keen.email));
    expect(toKeen).toHaveLength(1);
    expect(toKeen[0]!.header("Subject")).toBe(`An answer to your contact enquiry #${mine}`);
    expect(toKeen[0]!.decoded).toContain(`${origin}/admin/submissions/${mine}`);
    for (const value of ["40k", "budget", "Cara", "northwind"]) expect(toKeen[0]!.decoded).not.toContain(value);
    expect(smtp.received.filter((m) => m.to.includes(quiet.email))).toEqual([]);
    const notices = await app.storage.db
      .selectFrom("outbox")
      .select("recipient")
      .where("purpose", "=", "answer")
      .execute();
    expect(notices).toEqual([{ recipient: keen.email }]);
  });
});
