/**
 * Replies from the console against the real server on SQLite and PostgreSQL, the real outbox
 * worker and a real SMTP server: a reply arrives once, to the submitter only, from the person who
 * wrote it, with the thread's reply+<token> address as Reply-To, subject "Re: " and the
 * confirmation's, threaded on that confirmation (In-Reply-To and References name its Message-ID,
 * kept even when that row is gone) and quoting the enquiry below its words; the page's answer shows it and the status is "answered"; the audit log names it without
 * personal data; six Sends at once queue one message; HR, revoked people and strangers are turned
 * away; a hostile name, CRLF, markup or huge words add no header and no recipient; templates are
 * edited by administrators only; the person's copy lists replies; an erasure or the retention
 * period takes a reply along, and nothing is sent.
 */
import { strFromU8, unzipSync } from "fflate";
import fs from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { submissionDetailAnswer } from "../../contracts/console-answers";
import { formDefinitions } from "../../contracts/forms/index";
import {
  replyAnswer,
  replyContextAnswer,
  replyDraftAnswer,
  replyPreviewAnswer,
  replyTemplateAnswer,
} from "../../contracts/reply-answers";
import { buildApp } from "../app";
import type { Config } from "../config";
import { mailDir, mailFileKey } from "../outbox/mail-files";
import { createOutboxWorker } from "../mail/outbox-worker";
import { createTransport } from "../mail/transport";
import { purgeExpired } from "../retention/retention";
import { periodEnd } from "../retention/retention-policy";
import { insertSubmission } from "../submissions/submissions";
import { backends, useBackend } from "../test-support/backends";
import { validContact, validFeedback } from "../test-support/fixtures";
import { startSmtp } from "../test-support/smtp";
import { signedInStaff } from "../test-support/staff";
import { peoplesCopyPath } from "./peoples-copy-routes";
import { deepStrict } from "../test-support/strict-schema";

type App = Awaited<ReturnType<typeof buildApp>>;
const origin = "https://www.altivacloud.com";

describe.each(backends)("replies from the console on %s", (backend) => {
  const env = useBackend(backend, {
    RATE_LIMIT_MAX: "0",
    CONFIRMATION_EMAILS: "false",
    INBOUND_EMAIL: "reply@altivacloud.com",
  });
  let app: App;
  let config: Config;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  const clock = new Date("2026-11-24T10:00:00.000Z");
  const now = () => clock;
  const people: Record<"admin" | "sales" | "hr" | "revoked", { id: number; cookie: string }> = {} as never;

  const get = (url: string, cookie?: string) => app.inject({ method: "GET", url, headers: cookie ? { cookie } : {} });
  const post = (url: string, cookie: string | undefined, payload: object) =>
    app.inject({
      method: "POST",
      url,
      headers: { "content-type": "application/json", origin, ...(cookie ? { cookie } : {}) },
      payload,
    });
  /** Runs the worker until the outbox is idle; `toFiles` delivers as .eml files under DATA_DIR/mail. */
  const drain = async (toFiles = false) => {
    const worker = createOutboxWorker({
      config,
      storage: app.storage,
      transport: createTransport({ smtpUrl: toFiles ? undefined : config.smtpUrl, dataDir: config.dataDir }),
      now,
    });
    for (let i = 0; i < 10 && (await worker.runOnce()) > 0; i++);
  };
  const mailsTo = (email: string) => smtp.received.filter((m) => m.to.includes(email));
  const replyRows = (id: number) =>
    app.storage.db
      .selectFrom("outbox")
      .selectAll()
      .where("submission_id", "=", id)
      .where("purpose", "=", "reply")
      .execute();

  /** An enquiry (or feedback) with its team notification (and the sender's confirmation) queued, as the site stores one. */
  async function enquiry(
    values: { firstName: string; email: string; phone?: string },
    kind: "contact" | "feedback" = "contact",
    confirmed = false,
  ) {
    const { id } = await insertSubmission(
      app.storage,
      formDefinitions[kind],
      { ...(kind === "contact" ? validContact : validFeedback), lastName: "Replied", ...values },
      { ip: "192.0.2.9", userAgent: "Firefox", spam: false, now: clock },
      [
        { channel: "email", purpose: "notify", recipient: config.mail.notifyEmail },
        ...(confirmed ? [{ channel: "email" as const, purpose: "confirm" as const, recipient: values.email }] : []),
      ],
    );
    return id;
  }
  const outboxId = async (id: number, purpose: "notify" | "confirm") =>
    (
      await app.storage.db
        .selectFrom("outbox")
        .select("message_id")
        .where("submission_id", "=", id)
        .where("purpose", "=", purpose)
        .executeTakeFirstOrThrow()
    ).message_id;
  /** The replies a person received (their confirmation aside). */
  const repliesTo = (email: string) => mailsTo(email).filter((m) => !m.header("Subject")?.startsWith("We received"));
  const send = (id: number, body: { subject: string; text: string; sent: number }, cookie = people.sales.cookie) =>
    post(`/admin/api/submissions/${id}/reply`, cookie, { template: null, ...body });
  const templates = async () =>
    z.array(replyTemplateAnswer).parse((await get("/admin/api/reply-templates", people.sales.cookie)).json().data);

  beforeAll(async () => {
    smtp = await startSmtp();
    config = { ...env.config, smtpUrl: smtp.url };
    app = await buildApp(config, { serveSite: false, now });
    for (const [key, role, name] of [
      ["admin", "admin", "Ivo Replyadmin"],
      ["sales", "sales", "Sasha Replies"],
      ["hr", "hr", "Hugo Replyless"],
      ["revoked", "sales", "Rita Revokedreply"],
    ] as const) {
      const person = await signedInStaff(app.storage.db, { role, name }, clock);
      people[key] = { id: person.id, cookie: person.cookie };
    }
    await app.storage.db
      .updateTable("staff")
      .set({ revoked_at: clock.toISOString() })
      .where("id", "=", people.revoked.id)
      .execute();
  }, 60_000);
  afterAll(async () => {
    await app.close();
    await smtp.close();
  });

  it("sends one reply, from the person, to the submitter, threaded on their confirmation and quoting the enquiry, even with six Sends at once", async () => {
    const email = "nora.northwind@example.com";
    const id = await enquiry({ firstName: "Nora", email, phone: "+14155550142" }, "contact", true);
    await drain();
    const [confirmation] = mailsTo(email);
    const threadId = await outboxId(id, "confirm");
    expect(confirmation!.header("Message-ID")).toBe(threadId);
    expect(confirmation!.header("Subject")).toBe("We received your enquiry");

    // The box's links: the stored address and the number as stored (E.164); the enquiry's templates only.
    const context = deepStrict(replyContextAnswer).parse(
      (await get(`/admin/api/submissions/${id}/reply`, people.sales.cookie)).json().data,
    );
    expect(context).toMatchObject({ recipient: email, phone: "+14155550142" });
    expect(context.templates.map((t) => t.kind)).not.toContain("feedback");
    const callTemplate = (await templates()).find((t) => t.name === "Thanks, let's book a call")!;
    const draft = deepStrict(replyDraftAnswer).parse(
      (
        await post(`/admin/api/submissions/${id}/reply/draft`, people.sales.cookie, { templateId: callTemplate.id })
      ).json().data,
    );
    // "Re: " and the subject of what Nora received: no internal number.
    expect(draft.subject).toBe("Re: We received your enquiry");
    expect(draft.text).toMatch(/^Dear Nora,\n\nThank you for getting in touch/);
    // The person's own words: the draft edited before sending.
    const text = draft.text.replace("on a 30-minute call.", "on a 30-minute call about your billing platform.");
    const preview = deepStrict(replyPreviewAnswer).parse(
      (
        await post(`/admin/api/submissions/${id}/reply/preview`, people.sales.cookie, { subject: draft.subject, text })
      ).json().data,
    );
    expect(preview).toMatchObject({ recipient: email, subject: draft.subject, sent: 0 });
    expect(preview.quote).toBe(
      `On 24 November 2026 at 10:00 UTC, Nora Replied wrote:\n${validContact.message
        .split("\n")
        .map((l) => (l ? `> ${l}` : ">"))
        .join("\n")}`,
    );

    const racing = await Promise.all(
      Array.from({ length: 6 }, () =>
        post(`/admin/api/submissions/${id}/reply`, people.sales.cookie, {
          template: callTemplate.name,
          subject: draft.subject,
          text,
          sent: 0,
        }),
      ),
    );
    expect(racing.map((r) => r.statusCode).sort()).toEqual([201, 409, 409, 409, 409, 409]);
    const queued = deepStrict(replyAnswer).parse(racing.find((r) => r.statusCode === 201)!.json().data);
    expect(queued).toMatchObject({
      recipient: email,
      inReplyTo: threadId,
      queuedBy: "Sasha Replies",
      status: "pending",
    });
    expect(racing.find((r) => r.statusCode === 409)!.json().message).toMatch(/nothing more was sent/);

    await drain();
    const received = repliesTo(email);
    expect(received).toHaveLength(1);
    const mail = received[0]!;
    expect(mail.to).toEqual([email]);
    expect(mail.header("To")).toBe(email);
    expect(mail.header("From")).toBe("Sasha Replies at Altiva Cloud <no-reply@altivacloud.com>");
    expect(mail.header("In-Reply-To")).toBe(threadId);
    expect(mail.header("References")).toBe(threadId);
    expect(mail.header("Message-ID")).toBe(queued.messageId);
    // The thread's own address, with a random token that names the enquiry and nothing else.
    const { token } = await app.storage.db
      .selectFrom("conversation_tokens")
      .select("token")
      .where("submission_id", "=", id)
      .executeTakeFirstOrThrow();
    expect(token).toMatch(/^[0-9a-f]{32}$/);
    expect(mail.header("Reply-To")).toBe(`reply+${token}@altivacloud.com`);
    expect(mail.header("Subject")).toBe("Re: We received your enquiry");
    expect(mail.decoded).toContain("about your billing platform.");
    expect(mail.decoded).toContain("On 24 November 2026 at 10:00 UTC, Nora Replied wrote:");
    expect(mail.decoded).toContain(`> ${validContact.message.split("\n")[0]}`);

    const detail = deepStrict(submissionDetailAnswer).parse(
      (await get(`/admin/api/submissions/${id}`, people.sales.cookie)).json().data,
    );
    expect(detail.submission.status).toBe("answered");
    expect(detail.replies).toEqual([
      expect.objectContaining({
        template: callTemplate.name,
        text: preview.text,
        queuedBy: "Sasha Replies",
        status: "sent",
        sentAt: clock.toISOString(),
      }),
    ]);

    const audit = await app.storage.db
      .selectFrom("audit_log")
      .selectAll()
      .where("submission_id", "=", id)
      .where("action", "=", "reply")
      .execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]!.staff_name).toBe("Sasha Replies");
    expect(audit[0]!.detail).toContain(queued.messageId);
    expect(JSON.stringify(audit)).not.toMatch(/Nora|northwind|billing platform/);

    // Sending again is a choice made with what the person saw: one more, not two.
    expect((await send(id, { subject: "One more thing", text: "A second note.", sent: 1 })).statusCode).toBe(201);
    await drain();
    const [, second] = repliesTo(email);
    expect(second!.header("References")).toBe(`${threadId} ${queued.messageId}`);
    expect(second!.header("Reply-To")).toBe(`reply+${token}@altivacloud.com`);
  });

  it("keeps the thread when the confirmation's row is gone by delivery, replies to feedback, and lists the reply in the person's copy", async () => {
    const email = "felix.feedback@example.com";
    const id = await enquiry({ firstName: "Felix", email }, "feedback", true);
    const threadId = await outboxId(id, "confirm");
    const feedbackTemplate = (await templates()).find((t) => t.kind === "feedback")!;
    const draft = replyDraftAnswer.parse(
      (
        await post(`/admin/api/submissions/${id}/reply/draft`, people.admin.cookie, { templateId: feedbackTemplate.id })
      ).json().data,
    );
    expect((await send(id, { ...draft, sent: 0 }, people.admin.cookie)).statusCode).toBe(201);
    await app.storage.db.deleteFrom("outbox").where("message_id", "=", threadId).execute();
    await drain();
    const [mail] = mailsTo(email);
    expect(mail!.header("In-Reply-To")).toBe(threadId);
    expect(mail!.decoded).toContain("Dear Felix,");
    // What is held about Felix includes the words the team sent him.
    const copy = await post(peoplesCopyPath, people.admin.cookie, { email });
    expect(copy.statusCode).toBe(200);
    const files = unzipSync(new Uint8Array(copy.rawPayload));
    const [held] = Object.entries(files)
      .filter(([name]) => name.startsWith(`submissions/${id}-`))
      .map(([, data]) => JSON.parse(strFromU8(data)) as { replies: { subject: string; body: string }[] });
    expect(held!.replies).toEqual([expect.objectContaining({ subject: draft.subject, body: `${draft.text}\n` })]);
  });

  it("turns away HR (403), revoked people and strangers (401), and answers applications 400", async () => {
    const id = await enquiry({ firstName: "Gina", email: "gina.guarded@example.com" });
    const body = { subject: "Hello", text: "Hello there.", sent: 0 };
    const [first] = await templates();
    for (const [cookie, code] of [
      [people.hr.cookie, 403],
      [people.revoked.cookie, 401],
      [undefined, 401],
    ] as const) {
      expect((await post(`/admin/api/submissions/${id}/reply`, cookie, body)).statusCode).toBe(code);
      expect((await post(`/admin/api/submissions/${id}/reply/preview`, cookie, body)).statusCode).toBe(code);
      expect(
        (await post(`/admin/api/submissions/${id}/reply/draft`, cookie, { templateId: first!.id })).statusCode,
      ).toBe(code);
      expect((await get("/admin/api/reply-templates", cookie)).statusCode).toBe(code);
      expect((await get(`/admin/api/submissions/${id}/reply`, cookie)).statusCode).toBe(code);
    }
    const application = await insertSubmission(
      app.storage,
      formDefinitions.application,
      {
        firstName: "Ann",
        lastName: "Applicant",
        email: "ann.applicant@example.com",
        phone: "",
        position: "Backend Developer",
        message: "Six years of Node.js.",
        agree: "true",
      },
      { ip: "192.0.2.9", userAgent: null, spam: false, now: clock },
      [],
    );
    expect((await send(application.id, body, people.admin.cookie)).statusCode).toBe(400);
    expect((await send(application.id, body, people.sales.cookie)).statusCode).toBe(403);
    expect((await send(2_000_000_000, body, people.admin.cookie)).statusCode).toBe(404);
    expect(await replyRows(id)).toEqual([]);
    expect(await replyRows(application.id)).toEqual([]);
  });

  it("sends only to the stored address: a hostile name, a recipient in the request, CRLF in the subject, markup or huge words add nothing", async () => {
    const email = "eve.header@example.com";
    const id = await enquiry({ firstName: "Eve", email });
    // Stored before the forms refused line breaks, or written by another tool: the name as an attack.
    await app.storage.db
      .updateTable("submissions")
      .set({ first_name: "Eve\r\nBcc: x@evil.test" })
      .where("id", "=", id)
      .execute();
    const template = await post("/admin/api/reply-templates", people.admin.cookie, {
      name: "Named in the subject",
      kind: "both",
      subject: "{{firstName}}, about {{reference}}",
      body: "Dear {{firstName}},\n\nThank you.",
    });
    expect(template.statusCode).toBe(201);
    const draft = replyDraftAnswer.parse(
      (
        await post(`/admin/api/submissions/${id}/reply/draft`, people.sales.cookie, {
          templateId: template.json().data.id,
        })
      ).json().data,
    );
    // The subject is the thread's; the template's words carry the name, on one line.
    expect(draft.subject).toBe("Re: We received your enquiry");
    expect(draft.text).toBe("Dear Eve Bcc: x@evil.test,\n\nThank you.");
    const crlf = await send(id, { subject: "Hello\r\nBcc: x@evil.test", text: "Hi", sent: 0 });
    expect(crlf.statusCode).toBe(400);
    expect(crlf.json().message).toMatch(/one line/);
    for (const [subject, text, said] of [
      ["x".repeat(201), "Hi", /keep it to 200/],
      ["Hello", "x".repeat(5001), /keep it to 5000/],
      ["Hello", "x".repeat(60_000), /Write a subject and a text/],
    ] as const) {
      const huge = await send(id, { subject, text, sent: 0 });
      expect(huge.statusCode).toBe(400);
      expect(huge.json().message).toMatch(said);
    }
    const redirected = await post(`/admin/api/submissions/${id}/reply`, people.sales.cookie, {
      ...draft,
      text: `${draft.text}\n\n<script>alert(1)</script>\nBcc: x@evil.test\r\n.\r\nRCPT TO:<x@evil.test>`,
      sent: 0,
      recipient: "x@evil.test",
      to: "x@evil.test",
      cc: "x@evil.test",
    });
    expect(redirected.statusCode).toBe(201);
    expect(redirected.json().data.recipient).toBe(email);
    await drain();
    const [mail] = mailsTo(email);
    expect(mail!.to).toEqual([email]);
    expect(mail!.header("Subject")).toBe(draft.subject);
    expect(mail!.header("Bcc")).toBeUndefined();
    // The staff member's words reach the HTML part as text, never as markup.
    expect(mail!.decoded).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
    expect(mail!.decoded).not.toMatch(/<p>[^<]*<script>/);
    expect(mail!.header("Cc")).toBeUndefined();
    expect(smtp.received.some((m) => m.to.includes("x@evil.test"))).toBe(false);
    await post(`/admin/api/reply-templates/${template.json().data.id}/delete`, people.admin.cookie, {});
  });

  it("lets administrators alone edit templates, refuses unknown fields, and audits each change", async () => {
    const start = await templates();
    expect(start.map((t) => t.name)).toEqual(
      expect.arrayContaining(["Thanks, let's book a call", "Asking for more detail", "Feedback received"]),
    );
    const edit = { ...start[0]!, body: "Dear {{firstName}},\n\nChanged by sales." };
    expect((await post("/admin/api/reply-templates", people.sales.cookie, edit)).statusCode).toBe(403);
    expect((await post("/admin/api/reply-templates", people.hr.cookie, edit)).statusCode).toBe(403);
    expect((await post(`/admin/api/reply-templates/${start[0]!.id}/delete`, people.sales.cookie, {})).statusCode).toBe(
      403,
    );
    const unknown = await post("/admin/api/reply-templates", people.admin.cookie, {
      ...edit,
      body: "Dear {{firstName}}, your budget is {{budget}}.",
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toContain("{{budget}}");
    const taken = await post("/admin/api/reply-templates", people.admin.cookie, { ...edit, name: start[1]!.name });
    expect(taken.statusCode).toBe(409);

    const saved = await post("/admin/api/reply-templates", people.admin.cookie, {
      ...edit,
      body: "Dear {{firstName}},\n\nThank you for writing to us about {{reference}}.",
    });
    expect(saved.statusCode).toBe(200);
    expect(deepStrict(replyTemplateAnswer).parse(saved.json().data)).toMatchObject({
      id: start[0]!.id,
      updated_by: expect.stringContaining("Ivo Replyadmin"),
    });
    const id = await enquiry({ firstName: "Tomas", email: "tomas.template@example.com" });
    const draft = replyDraftAnswer.parse(
      (await post(`/admin/api/submissions/${id}/reply/draft`, people.sales.cookie, { templateId: start[0]!.id })).json()
        .data,
    );
    expect(draft.text).toBe(`Dear Tomas,\n\nThank you for writing to us about #${id}.`);
    const audit = await app.storage.db
      .selectFrom("audit_log")
      .select(["staff_name", "detail"])
      .where("action", "=", "reply template")
      .execute();
    expect(audit).toContainEqual({ staff_name: "Ivo Replyadmin", detail: `changed “${start[0]!.name}”` });
    expect(audit.every((a) => a.staff_name === "Ivo Replyadmin")).toBe(true);
    expect((await post("/admin/api/reply-templates", people.admin.cookie, start[0]!)).statusCode).toBe(200);
  });

  it("an erasure takes a queued reply along: nothing is sent and no copy is left", async () => {
    const email = "erik.erased@example.com";
    const id = await enquiry({ firstName: "Erik", email });
    expect(
      (await send(id, { subject: "About your enquiry", text: "Queued, never delivered.", sent: 0 })).statusCode,
    ).toBe(201);
    const [queued] = await replyRows(id);
    const plan = (await get(`/admin/api/submissions/${id}/erase`, people.admin.cookie)).json().data as {
      items: { id: number }[];
    };
    const erased = await post(`/admin/api/submissions/${id}/erase`, people.admin.cookie, {
      confirm: true,
      submissions: plan.items.map((i) => i.id),
    });
    expect(erased.statusCode).toBe(200);
    expect(await replyRows(id)).toEqual([]);
    const kept = await app.storage.db
      .selectFrom("submission_replies")
      .selectAll()
      .where("submission_id", "=", id)
      .execute();
    expect(kept).toEqual([]);
    // Delivered to files this time: a reply that escaped the erasure would leave one behind.
    await drain(true);
    await drain();
    expect(mailsTo(email)).toEqual([]);
    const files = fs.existsSync(mailDir(config.dataDir)) ? fs.readdirSync(mailDir(config.dataDir)) : [];
    expect(files.filter((f) => f.includes(mailFileKey(queued!.message_id)))).toEqual([]);
  });

  // Last: the purge also ends the test's sessions.
  it("retention takes a reply with its enquiry when the enquiry's period ends", async () => {
    const id = await enquiry({ firstName: "Rhea", email: "rhea.retained@example.com" });
    expect((await send(id, { subject: "Thanks", text: "We will call you.", sent: 0 })).statusCode).toBe(201);
    const held = () =>
      app.storage.db.selectFrom("submission_replies").select("id").where("submission_id", "=", id).execute();
    expect(await held()).toHaveLength(1);
    const end = periodEnd("enquiries", clock, config.retention);
    const justBefore = new Date(end.getTime() - 86_400_000);
    await purgeExpired(app.storage, justBefore, config.retention, { dataDir: config.dataDir });
    expect(await held()).toHaveLength(1);
    const after = new Date(end.getTime() + 86_400_000);
    const purged = await purgeExpired(app.storage, after, config.retention, { dataDir: config.dataDir });
    expect(purged.enquiries).toBeGreaterThan(0);
    expect(await held()).toEqual([]);
    expect(await replyRows(id)).toEqual([]);
  });
});
