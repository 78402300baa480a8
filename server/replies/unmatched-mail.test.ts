/**
 * Inbound mail that matched no conversation (issue 44, decision 073), on SQLite and PostgreSQL: a
 * forged thread, a stranger writing into a real thread and spam are each recorded with when, why,
 * how it came and the sender's domain only (no address, subject or words); administrators list
 * and dismiss them (audited), others cannot; a record naming a thread goes with its erasure, and
 * every record goes after its 30 days. The clock is fixed.
 */
import { scoresAsSpam } from "../spam/verdict";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { unmatchedMailAnswer } from "../../contracts/console-answers";
import { formDefinitions } from "../../contracts/forms/index";
import { buildApp } from "../app";
import { eraseSubmissions } from "../retention/erasure";
import { purgeUnmatchedMail } from "../retention/console-purge";
import { insertSubmission } from "../submissions/submissions";
import { backends, useBackend } from "../test-support/backends";
import { validContact } from "../test-support/fixtures";
import { signedInStaff } from "../test-support/staff";
import { tokenFor } from "./conversation";
import { attachInbound, type InboundMail } from "./inbound";

const origin = "https://www.altivacloud.com";
const clock = new Date("2026-11-24T10:00:00.000Z");

describe.each(backends)("mail that matched no conversation on %s", (backend) => {
  const env = useBackend(backend, { RATE_LIMIT_MAX: "0", INBOUND_EMAIL: "reply@altivacloud.com" });
  let app: Awaited<ReturnType<typeof buildApp>>;
  beforeAll(async () => {
    app = await buildApp(env.config, { serveSite: false, now: () => clock });
  }, 60_000);
  afterAll(() => app.close());

  const mail = (n: number, from: string, to: string, text = "Thanks, Tuesday works."): InboundMail => ({
    messageId: `<m${n}.${backend}@example.com>`,
    inReplyTo: null,
    references: [],
    from,
    recipients: [to],
    subject: "Re: We received your enquiry",
    text,
    attachments: 0,
    date: clock.toISOString(),
  });
  const attach = (m: InboundMail, via: "imap" | "webhook" = "imap") =>
    attachInbound(app.storage, m, {
      inboundEmail: "reply@altivacloud.com",
      sourceKey: m.messageId!,
      now: clock,
      isSpam: scoresAsSpam,
      via,
    });
  const rows = () => app.storage.db.selectFrom("unmatched_mail").selectAll().orderBy("id").execute();

  it("records why, how and the sender's domain only; lists and dismisses for admins; goes with erasure and its period", async () => {
    const email = `lena.${backend}@northwind.example`;
    const { id } = await insertSubmission(
      app.storage,
      formDefinitions.contact,
      { ...validContact, email },
      { ip: "192.0.2.9", userAgent: null, spam: false, now: clock },
      [],
    );
    const token = await app.storage.transaction((trx) => tokenFor(trx, id, clock.toISOString()));
    const thread = `reply+${token}@altivacloud.com`;
    expect(await attach(mail(1, "mallory@evil.example", thread))).toEqual({ unmatched: "not the submitter" });
    expect(await attach(mail(2, email, "reply+0123456789abcdef0123456789abcdef@altivacloud.com"), "webhook")).toEqual({
      unmatched: "unknown token",
    });
    expect(await attach(mail(3, email, thread, "Buy followers: casino betting backlinks"))).toEqual({
      unmatched: "spam",
    });
    expect(await attach(mail(4, email, thread))).toMatchObject({ submissionId: id });

    const kept = await rows();
    expect(
      kept.map(({ reason, via, sender_domain, submission_id }) => ({ reason, via, sender_domain, submission_id })),
    ).toEqual([
      { reason: "not the submitter", via: "imap", sender_domain: "evil.example", submission_id: id },
      { reason: "unknown token", via: "webhook", sender_domain: `northwind.example`, submission_id: null },
      { reason: "spam", via: "imap", sender_domain: `northwind.example`, submission_id: id },
    ]);
    // No address, subject or words.
    for (const value of ["mallory", `lena.${backend}`, "Re: We received", "Tuesday", "casino"])
      expect(JSON.stringify(kept)).not.toContain(value);

    const admin = await signedInStaff(app.storage.db, { role: "admin", name: `Una Admin ${backend}` }, clock);
    const sales = await signedInStaff(app.storage.db, { role: "sales", name: `Sam Sales ${backend}` }, clock);
    const former = await signedInStaff(app.storage.db, { role: "admin", name: `Fay Former ${backend}` }, clock);
    await app.storage.db
      .updateTable("staff")
      .set({ revoked_at: clock.toISOString() })
      .where("id", "=", former.id)
      .execute();
    const get = (cookie: string) =>
      app.inject({ method: "GET", url: "/admin/api/unmatched-mail", headers: { cookie } });
    const dismiss = (cookie: string, n: number) =>
      app.inject({
        method: "POST",
        url: `/admin/api/unmatched-mail/${n}/dismiss`,
        headers: { cookie, origin, "content-type": "application/json" },
        payload: {},
      });
    const listed = unmatchedMailAnswer.parse((await get(admin.cookie)).json().data);
    expect(listed.map((r) => r.reason)).toEqual(["spam", "unknown token", "not the submitter"]);
    for (const [cookie, code] of [
      [sales.cookie, 403],
      [former.cookie, 401],
      ["", 401],
    ] as const) {
      expect((await get(cookie)).statusCode).toBe(code);
      expect((await dismiss(cookie, kept[1]!.id)).statusCode).toBe(code);
    }
    expect((await dismiss(admin.cookie, kept[1]!.id)).statusCode).toBe(200);
    expect((await dismiss(admin.cookie, kept[1]!.id)).statusCode).toBe(404);
    const audit = await app.storage.db
      .selectFrom("audit_log")
      .select(["action", "subject"])
      .where("action", "=", "unmatched mail dismissed")
      .execute();
    expect(audit).toEqual([{ action: "unmatched mail dismissed", subject: `unmatched mail ${kept[1]!.id}` }]);

    // The records that named the thread go with its erasure.
    await eraseSubmissions(app.storage, [id], { dataDir: env.config.dataDir, reason: "request", now: clock });
    expect(await rows()).toEqual([]);

    // The period: 30 days from arrival.
    await attach(mail(5, "x@elsewhere.example", "reply@altivacloud.com"));
    expect(await purgeUnmatchedMail(app.storage.db, new Date(clock.getTime() + 29 * 86_400_000))).toBe(0);
    expect(await purgeUnmatchedMail(app.storage.db, new Date(clock.getTime() + 31 * 86_400_000))).toBe(1);
    expect(await rows()).toEqual([]);
  });
});
