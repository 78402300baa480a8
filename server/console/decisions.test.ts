/**
 * Decision e-mails against the real server on SQLite and PostgreSQL, the real outbox worker and a
 * real SMTP server: a status change sends nothing; Send queues exactly one message (two Sends
 * racing, or a retried request, too) carrying the candidate's first name, the role, the number and
 * the personal line; the history and the audit log show it; an administrator's template edit is
 * used by the next preview and an unknown field is refused; sales, revoked people and strangers
 * are turned away; a name with markup arrives as text; an erasure takes a queued message along.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  decisionMailAnswer,
  decisionPreviewAnswer,
  decisionTemplateAnswer,
  submissionDetailAnswer,
} from "../../contracts/console-answers";
import { firstDecisionTemplates, offerAndHireTemplates } from "../../contracts/careers/decision-templates";
import { formDefinitions } from "../../contracts/forms/index";
import { buildApp } from "../app";
import type { Config } from "../config";
import { createOutboxWorker } from "../mail/outbox-worker";
import { createTransport } from "../mail/transport";
import { insertSubmission } from "../submissions/submissions";
import { backends, useBackend } from "../test-support/backends";
import { validApplicationFields, validContact } from "../test-support/fixtures";
import { startSmtp, type ReceivedMail } from "../test-support/smtp";
import { signedInStaff } from "../test-support/staff";
import { deepStrict } from "../test-support/strict-schema";
import { z } from "zod";

type App = Awaited<ReturnType<typeof buildApp>>;
const origin = "https://www.altivacloud.com";

/** A MIME part's body as a reader sees it (quoted-printable or base64, UTF-8). */
function partOf(mail: ReceivedMail, type: "text/plain" | "text/html"): string {
  const start = mail.raw.search(new RegExp(`Content-Type: ${type}`, "i"));
  expect(start, `${type} part`).toBeGreaterThan(-1);
  const rest = mail.raw.slice(start);
  const [head, ...body] = rest.split(/\r?\n\r?\n/);
  const content = body.join("\n\n").split(/\r?\n--/)[0]!;
  if (/Content-Transfer-Encoding: base64/i.test(head!)) return Buffer.from(content, "base64").toString("utf8");
  const bytes = content
    .replace(/=\r?\n/g, "")
    .replace(/=([0-9A-F]{2})/g, (_m, h: string) => String.fromCharCode(parseInt(h, 16)));
  return Buffer.from(bytes, "latin1").toString("utf8").replace(/\r\n/g, "\n");
}

describe.each(backends)("decision e-mails on %s", (backend) => {
  const env = useBackend(backend, { RATE_LIMIT_MAX: "0", CONFIRMATION_EMAILS: "false" });
  let app: App;
  let config: Config;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  const clock = new Date("2026-11-23T09:00:00.000Z");
  const now = () => clock;
  const people: Record<"admin" | "hr" | "sales" | "revoked", { id: number; name: string; cookie: string }> =
    {} as never;
  let roleTitle: string;
  let roleSlug: string;

  const get = (url: string, cookie?: string) => app.inject({ method: "GET", url, headers: cookie ? { cookie } : {} });
  const post = (url: string, cookie: string | undefined, payload: object, from: string = origin) =>
    app.inject({
      method: "POST",
      url,
      headers: { "content-type": "application/json", origin: from, ...(cookie ? { cookie } : {}) },
      payload,
    });
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
  const decisionRows = (id: number) =>
    app.storage.db
      .selectFrom("outbox")
      .selectAll()
      .where("submission_id", "=", id)
      .where("purpose", "=", "decision")
      .execute();
  const auditOf = (id: number, action: string) =>
    app.storage.db
      .selectFrom("audit_log")
      .selectAll()
      .where("submission_id", "=", id)
      .where("action", "=", action)
      .execute();

  /** An application with these values, from the role the test set up; returns its id and number. */
  async function apply(values: { firstName: string; lastName: string; email: string }, status?: string) {
    const { id, reference } = await insertSubmission(
      app.storage,
      formDefinitions.application,
      { ...validApplicationFields, ...values },
      { ip: "192.0.2.7", userAgent: "Firefox", spam: false, now: clock },
      [{ channel: "email", purpose: "notify", recipient: config.mail.careersEmail }],
    );
    await app.storage.db
      .updateTable("submissions")
      .set({ role: roleSlug, ...(status ? { status } : {}) })
      .where("id", "=", id)
      .execute();
    return { id, reference: reference! };
  }
  const preview = (id: number, status: string, personalLine = "", cookie = people.hr.cookie) =>
    post(`/admin/api/submissions/${id}/decision-mail/preview`, cookie, { status, personalLine });
  const send = (id: number, status: string, personalLine: string, sent: number, cookie = people.hr.cookie) =>
    post(`/admin/api/submissions/${id}/decision-mail`, cookie, { status, personalLine, sent });

  beforeAll(async () => {
    smtp = await startSmtp();
    config = { ...env.config, smtpUrl: smtp.url };
    app = await buildApp(config, { serveSite: false, now });
    for (const [key, role, name] of [
      ["admin", "admin", "Ines Admin"],
      ["hr", "hr", "Hana Reyes"],
      ["sales", "sales", "Sami Sales"],
      ["revoked", "hr", "Rory Revoked"],
    ] as const) {
      const person = await signedInStaff(app.storage.db, { role, name }, clock);
      people[key] = { id: person.id, name, cookie: person.cookie };
    }
    await app.storage.db
      .updateTable("staff")
      .set({ revoked_at: clock.toISOString() })
      .where("id", "=", people.revoked.id)
      .execute();
    const role = await app.storage.db
      .selectFrom("job_roles")
      .select(["slug", "title"])
      .orderBy("id")
      .executeTakeFirstOrThrow();
    roleSlug = role.slug;
    roleTitle = role.title;
  }, 60_000);
  afterAll(async () => {
    await app.close();
    await smtp.close();
  });

  it("changing the status alone sends nothing", async () => {
    const { id } = await apply({ firstName: "Stella", lastName: "Silent", email: "stella.silent@example.com" });
    for (const status of ["interview", "not selected"]) {
      expect((await post(`/admin/api/submissions/${id}/status`, people.hr.cookie, { status })).statusCode).toBe(200);
    }
    await drain();
    expect(await decisionRows(id)).toEqual([]);
    expect(mailsTo("stella.silent@example.com")).toEqual([]);
  });

  it("sends one 'not selected' e-mail with the name, role, number and personal line, even with two Sends racing", async () => {
    const email = "zoe.decided@example.com";
    const { id, reference } = await apply({ firstName: "Zoë <b>", lastName: "Decided", email }, "not selected");
    const line = "Your answers on incident reviews stood out;\nplease apply again next year.";

    const shown = await preview(id, "not selected", line);
    expect(shown.statusCode).toBe(200);
    const words = deepStrict(decisionPreviewAnswer).parse(shown.json().data);
    expect(words).toMatchObject({ status: "not selected", recipient: email, sent: 0 });
    expect(words.subject).toBe(`Your application ${reference}`);
    expect(words.text).toContain("Dear Zoë <b>,");
    expect(words.text).toContain(`Thank you for applying for ${roleTitle} and`);
    // The line is one paragraph of text, where the template puts it.
    expect(words.text).toContain(
      "further.\n\nYour answers on incident reviews stood out; please apply again next year.\n\nWe delete",
    );

    // A double click, or the same Send retried, many times at once: every request saw none sent.
    const racing = await Promise.all(Array.from({ length: 6 }, () => send(id, "not selected", line, 0)));
    expect(racing.map((r) => r.statusCode).sort()).toEqual([201, 409, 409, 409, 409, 409]);
    const a = racing.find((r) => r.statusCode === 201)!;
    const b = racing.find((r) => r.statusCode === 409)!;
    const queued = deepStrict(decisionMailAnswer).parse(a.json().data);
    expect(queued).toMatchObject({
      template: "not selected",
      recipient: email,
      queuedBy: "Hana Reyes",
      status: "pending",
    });
    expect(b.json().message).toMatch(/already sent/);
    // The same request retried later is refused too.
    expect((await send(id, "not selected", line, 0)).statusCode).toBe(409);

    await drain();
    const received = mailsTo(email);
    expect(received).toHaveLength(1);
    const mail = received[0]!;
    expect(mail.to).toEqual([email]);
    expect(mail.header("Subject")).toBe(`Your application ${reference}`);
    expect(mail.header("Reply-To")).toBe(config.mail.careersEmail);
    const text = partOf(mail, "text/plain");
    expect(text.trim()).toBe(words.text.trim());
    const html = partOf(mail, "text/html");
    expect(html).toContain("Dear Zoë &lt;b&gt;,");
    expect(html).not.toContain("<b>");
    expect(html).toContain(`${roleTitle}`);

    // The history: when, which template, by whom, delivered; its words are not repeated as a note.
    const detail = deepStrict(submissionDetailAnswer).parse(
      (await get(`/admin/api/submissions/${id}`, people.hr.cookie)).json().data,
    );
    expect(detail.decisionMails).toEqual([
      expect.objectContaining({
        template: "not selected",
        queuedBy: "Hana Reyes",
        queuedAt: clock.toISOString(),
        status: "sent",
        sentAt: clock.toISOString(),
        text: words.text,
      }),
    ]);
    expect(detail.notes).toEqual([]);
    expect(detail.messages.filter((m) => m.purpose === "decision")).toHaveLength(1);

    // The audit log has it, by template and message, without the candidate's name or the words.
    const entries = await auditOf(id, "decision e-mail");
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ staff_name: "Hana Reyes", subject: reference });
    expect(entries[0]!.detail).toContain("not selected");
    expect(JSON.stringify(entries)).not.toMatch(/Zoë|incident reviews|zoe\.decided/);

    // Sending again is a choice the person makes with what they saw: one more, not two.
    const again = await send(id, "not selected", "", 1);
    expect(again.statusCode).toBe(201);
    await drain();
    expect(mailsTo(email)).toHaveLength(2);
    expect(partOf(mailsTo(email)[1]!, "text/plain")).toContain("further.\n\nWe delete");
  });

  it("refuses to send for a decision the application does not have now", async () => {
    const { id } = await apply(
      { firstName: "Ravi", lastName: "Reviewing", email: "ravi.reviewing@example.com" },
      "reviewing",
    );
    const res = await send(id, "not selected", "", 0);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/“reviewing”/);
    await post(`/admin/api/submissions/${id}/status`, people.hr.cookie, { status: "interview" });
    expect((await send(id, "not selected", "", 0)).statusCode).toBe(409);
    expect((await send(id, "interview", "", 0)).statusCode).toBe(201);
    expect((await decisionRows(id)).length).toBe(1);
  });

  it("turns away sales (403), revoked people and strangers (401), and requests from elsewhere", async () => {
    const { id } = await apply(
      { firstName: "Ana", lastName: "Guarded", email: "ana.guarded@example.com" },
      "not selected",
    );
    for (const cookie of [people.sales.cookie]) {
      expect((await preview(id, "not selected", "", cookie)).statusCode).toBe(403);
      expect((await send(id, "not selected", "", 0, cookie)).statusCode).toBe(403);
      expect((await get("/admin/api/decision-templates", cookie)).statusCode).toBe(403);
    }
    for (const cookie of [people.revoked.cookie, undefined]) {
      expect(
        (await post(`/admin/api/submissions/${id}/decision-mail/preview`, cookie, { status: "not selected" }))
          .statusCode,
      ).toBe(401);
      expect(
        (await post(`/admin/api/submissions/${id}/decision-mail`, cookie, { status: "not selected", sent: 0 }))
          .statusCode,
      ).toBe(401);
      expect((await get("/admin/api/decision-templates", cookie)).statusCode).toBe(401);
    }
    // Sales may not change the templates (recruiters own them, decision 071).
    const salesEdit = await post("/admin/api/decision-templates", people.sales.cookie, {
      status: "not selected",
      subject: "Changed by sales",
      body: "Dear {{firstName}}, {{personalLine}}",
    });
    expect(salesEdit.statusCode).toBe(403);
    expect((await send(id, "not selected", "", 0, people.hr.cookie)).statusCode).toBe(201);
    // Another site's page, with a signed-in person's cookie.
    const elsewhere = await post(
      `/admin/api/submissions/${id}/decision-mail`,
      people.hr.cookie,
      { status: "not selected", personalLine: "", sent: 1 },
      "https://evil.example",
    );
    expect(elsewhere.statusCode).toBe(403);
    // A missing application is missing.
    expect((await send(999_999, "not selected", "", 0, people.admin.cookie)).statusCode).toBe(404);
    expect((await decisionRows(id)).length).toBe(1);
  });

  it("sends only to the application's own address, only for applications HR may see, with a bounded line", async () => {
    const { id } = await apply(
      { firstName: "Omar", lastName: "Owned", email: "omar.owned@example.com" },
      "not selected",
    );
    // A recipient in the request is not read: the address is the application's.
    const redirected = await post(`/admin/api/submissions/${id}/decision-mail`, people.hr.cookie, {
      status: "not selected",
      personalLine: "",
      sent: 0,
      recipient: "someone@example.net",
      to: "someone@example.net",
    });
    expect(redirected.statusCode).toBe(201);
    expect(redirected.json().data.recipient).toBe("omar.owned@example.com");
    const long = await send(id, "not selected", "x".repeat(501), 1);
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toMatch(/keep it to 500/);
    expect((await decisionRows(id)).map((r) => r.recipient)).toEqual(["omar.owned@example.com"]);

    // An enquiry: HR may not see it (403), an administrator is told decisions are for applications.
    const enquiry = await insertSubmission(
      app.storage,
      formDefinitions.contact,
      { ...validContact, email: "eve.enquiry@example.com" },
      { ip: "192.0.2.8", userAgent: null, spam: false, now: clock },
      [],
    );
    expect((await send(enquiry.id, "not selected", "", 0)).statusCode).toBe(403);
    const asAdmin = await send(enquiry.id, "not selected", "", 0, people.admin.cookie);
    expect(asAdmin.statusCode).toBe(400);
    // A quarantined application belongs to the quarantine until released: answered as a missing
    // id is, for anyone (403 for HR, who does not see every kind; 404 for an administrator).
    const held = await insertSubmission(
      app.storage,
      formDefinitions.application,
      { ...validApplicationFields, email: "held.applicant@example.com" },
      { ip: "192.0.2.8", userAgent: null, spam: true, now: clock },
      [],
    );
    await app.storage.db.updateTable("submissions").set({ status: "not selected" }).where("id", "=", held.id).execute();
    for (const [cookie, missing] of [
      [people.hr.cookie, 403],
      [people.admin.cookie, 404],
    ] as const) {
      expect((await preview(2_000_000_000, "not selected", "", cookie)).statusCode).toBe(missing);
      expect((await preview(held.id, "not selected", "", cookie)).statusCode).toBe(missing);
      expect((await send(held.id, "not selected", "", 0, cookie)).statusCode).toBe(missing);
    }
    await drain();
    expect(
      smtp.received.some((m) => m.to.includes("someone@example.net") || m.to.includes("held.applicant@example.com")),
    ).toBe(false);
  });

  it("uses an administrator's edit in the next preview, refuses an unknown field, and audits the change", async () => {
    const { id, reference } = await apply(
      { firstName: "Theo", lastName: "Template", email: "theo.template@example.com" },
      "interview",
    );
    const salary = await post("/admin/api/decision-templates", people.admin.cookie, {
      status: "interview",
      subject: "Your application {{reference}}",
      body: "Dear {{firstName}},\n\nThe salary is {{salary}}.\n\n{{personalLine}}",
    });
    expect(salary.statusCode).toBe(400);
    expect(salary.json().message).toContain("{{salary}}");
    const twoLines = await post("/admin/api/decision-templates", people.admin.cookie, {
      status: "interview",
      subject: "Your application\r\nBcc: someone@example.net",
      body: "Dear {{firstName}},\n\n{{personalLine}}",
    });
    expect(twoLines.statusCode).toBe(400);
    expect(twoLines.json().message).toMatch(/one line/);

    const body =
      "Dear {{firstName}},\n\nWe would like to meet you about {{role}} ({{reference}}).\n\n{{personalLine}}\n\nThe hiring team";
    const saved = await post("/admin/api/decision-templates", people.admin.cookie, {
      status: "interview",
      subject: "{{firstName}}, shall we meet? {{reference}}",
      body,
    });
    expect(saved.statusCode).toBe(200);
    expect(deepStrict(decisionTemplateAnswer).parse(saved.json().data)).toMatchObject({
      status: "interview",
      body,
      updated_by: expect.stringContaining("Ines Admin"),
    });
    const words = deepStrict(decisionPreviewAnswer).parse((await preview(id, "interview")).json().data);
    expect(words.subject).toBe(`Theo, shall we meet? ${reference}`);
    // No personal line: no blank gap where it would go.
    expect(words.text).toBe(
      `Dear Theo,\n\nWe would like to meet you about ${roleTitle} (${reference}).\n\nThe hiring team\n`,
    );
    const listed = z
      .array(decisionTemplateAnswer)
      .parse((await get("/admin/api/decision-templates", people.hr.cookie)).json().data);
    expect(listed.map((t) => t.status)).toEqual(["interview", "offer", "not selected", "hired"]);
    expect(listed[0]!.body).toBe(body);
    const audit = await app.storage.db
      .selectFrom("audit_log")
      .selectAll()
      .where("action", "=", "decision template")
      .execute();
    expect(audit).toEqual([expect.objectContaining({ staff_name: "Ines Admin", detail: "interview" })]);

    // A name with a line break (stored before the forms refused them) cannot add a header.
    const { id: mallory } = await apply(
      { firstName: "Mallory", lastName: "Header", email: "mallory.header@example.com" },
      "interview",
    );
    await app.storage.db
      .updateTable("submissions")
      .set({ first_name: "Mallory\r\nBcc: someone@example.net" })
      .where("id", "=", mallory)
      .execute();
    expect((await send(mallory, "interview", "", 0)).statusCode).toBe(201);
    await drain();
    const [mail] = mailsTo("mallory.header@example.com");
    expect(mail!.to).toEqual(["mallory.header@example.com"]);
    expect(mail!.header("Subject")).toMatch(/^Mallory Bcc: someone@example.net, shall we meet\? APP-/);
    expect(mail!.header("Bcc")).toBeUndefined();
    expect(smtp.received.some((m) => m.to.includes("someone@example.net"))).toBe(false);

    // The first version back, for the tests after this one.
    const first = firstDecisionTemplates.find((t) => t.status === "interview")!;
    expect((await post("/admin/api/decision-templates", people.admin.cookie, first)).statusCode).toBe(200);
  });

  it("has an offer stage that decides nothing, with an offer e-mail HR edits and sends once", async () => {
    const email = "olga.offered@example.com";
    const { id, reference } = await apply({ firstName: "Olga", lastName: "Offered", email });
    expect((await post(`/admin/api/submissions/${id}/status`, people.hr.cookie, { status: "offer" })).statusCode).toBe(
      200,
    );
    // An offer may be declined: no decision date, so the deletion date still counts from arrival.
    const row = await app.storage.db
      .selectFrom("submissions")
      .select(["status", "decided_at"])
      .where("id", "=", id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ status: "offer", decided_at: null });

    // The recruiter (HR, not only an administrator) writes the offer's words.
    const edited = await post("/admin/api/decision-templates", people.hr.cookie, {
      status: "offer",
      subject: "An offer for {{role}} ({{reference}})",
      body: "Dear {{firstName}},\n\nWe offer you {{role}}.\n\n{{personalLine}}",
    });
    expect(edited.statusCode).toBe(200);
    expect(deepStrict(decisionTemplateAnswer).parse(edited.json().data).updated_by).toContain("Hana Reyes");
    const words = deepStrict(decisionPreviewAnswer).parse((await preview(id, "offer", "Start in March?")).json().data);
    expect(words.subject).toBe(`An offer for ${roleTitle} (${reference})`);
    expect(words.text).toBe(`Dear Olga,\n\nWe offer you ${roleTitle}.\n\nStart in March?\n`);
    expect((await send(id, "offer", "Start in March?", 0)).statusCode).toBe(201);
    expect((await send(id, "offer", "Start in March?", 0)).statusCode).toBe(409);
    // Delivered before the move on: a queued offer is withdrawn if the stage changes first.
    await drain();
    // "hired" has its own e-mail, offered once the candidate is moved there.
    expect((await send(id, "hired", "", 0)).statusCode).toBe(409);
    await post(`/admin/api/submissions/${id}/status`, people.hr.cookie, { status: "hired" });
    const welcome = deepStrict(decisionPreviewAnswer).parse((await preview(id, "hired")).json().data);
    expect(welcome.subject).toBe("Welcome to Altiva Cloud, Olga");
    expect((await send(id, "hired", "", 0)).statusCode).toBe(201);
    await drain();
    expect(mailsTo(email).map((m) => m.header("Subject"))).toEqual([
      `An offer for ${roleTitle} (${reference})`,
      "Welcome to Altiva Cloud, Olga",
    ]);
    const first = offerAndHireTemplates.find((t) => t.status === "offer")!;
    expect((await post("/admin/api/decision-templates", people.hr.cookie, first)).statusCode).toBe(200);
  });

  it("sends the words written at Send, though the template changes while the message waits", async () => {
    const email = "wanda.waiting@example.com";
    const { id } = await apply({ firstName: "Wanda", lastName: "Waiting", email }, "not selected");
    expect((await send(id, "not selected", "Thank you for the portfolio.", 0)).statusCode).toBe(201);
    const first = firstDecisionTemplates.find((t) => t.status === "not selected")!;
    await post("/admin/api/decision-templates", people.admin.cookie, {
      ...first,
      body: "Changed after Send.\n\n{{personalLine}}",
    });
    await drain();
    const text = partOf(mailsTo(email)[0]!, "text/plain");
    expect(text).toContain("Dear Wanda,");
    expect(text).toContain("Thank you for the portfolio.");
    expect(text).not.toContain("Changed after Send");
    await post("/admin/api/decision-templates", people.admin.cookie, first);
  });

  it("an erasure removes a decision e-mail still queued, and one racing the Send leaves no mail", async () => {
    for (const [n, racing] of [
      [1, false],
      [2, true],
    ] as const) {
      const email = `erin.erased${n}@example.com`;
      const { id } = await apply({ firstName: "Erin", lastName: "Erased", email }, "not selected");
      const plan = (await get(`/admin/api/submissions/${id}/erase`, people.admin.cookie)).json().data as {
        items: { id: number }[];
      };
      const erase = () =>
        post(`/admin/api/submissions/${id}/erase`, people.admin.cookie, {
          confirm: true,
          submissions: plan.items.map((i) => i.id),
        });
      if (racing) {
        const [sent, erased] = await Promise.all([send(id, "not selected", "Racing the erasure.", 0), erase()]);
        // Sent first (201); erased before the Send's check, which answers HR for a submission it
        // cannot find as for one it may not see (403, visible-submission.ts); or erased between
        // that check and the queueing (404).
        expect([201, 403, 404]).toContain(sent.statusCode);
        expect(erased.statusCode).toBe(200);
      } else {
        expect((await send(id, "not selected", "Queued, never delivered.", 0)).statusCode).toBe(201);
        expect((await decisionRows(id)).length).toBe(1);
        const erased = await erase();
        expect(erased.statusCode).toBe(200);
        expect(erased.json().data).toMatchObject({ submissions: 1, messages: 2, notes: 1 });
      }
      expect(await decisionRows(id)).toEqual([]);
      const notes = await app.storage.db
        .selectFrom("submission_notes")
        .selectAll()
        .where("submission_id", "=", id)
        .execute();
      expect(notes).toEqual([]);
      await drain();
      expect(mailsTo(email)).toEqual([]);
    }
  });
});
