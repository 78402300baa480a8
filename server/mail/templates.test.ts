/**
 * Notification bodies cannot be forged with line breaks: through the real route, worker and SMTP
 * server, and from rows stored before the forms refused such names (or written past them).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { controlCharacters } from "../../contracts/fields";
import { buildApp } from "../app";
import { backends, useBackend } from "../test-support/backends";
import { jsonHeaders, validContact } from "../test-support/fixtures";
import { startSmtp } from "../test-support/smtp";
import { insertSubmission } from "../submissions/submissions";
import { createOutboxWorker } from "./outbox-worker";
import { notification, notificationLabels } from "./templates";
import { createTransport } from "./transport";
import { formDefinitions } from "../../contracts/forms/index";

type App = Awaited<ReturnType<typeof buildApp>>;

/** Lines of a text body that start at the margin: the intro and one per field, nothing else. */
function marginLines(text: string): string[] {
  return text.split("\n").filter((line) => line !== "" && !line.startsWith("  "));
}

function expectOnlyLabelsAtTheMargin(text: string, intro: string) {
  for (const line of marginLines(text)) {
    const ok = line === intro || notificationLabels().some((label) => line.startsWith(`${label}: `));
    expect(ok, `a line of its own: ${JSON.stringify(line)}`).toBe(true);
  }
}

const forged = "\r\nBcc: everyone@example.com\r\nSubject: Invoice overdue";

describe.each(backends)("notification bodies on %s", (backend) => {
  const env = useBackend(backend, { RATE_LIMIT_MAX: "0", CONFIRMATION_EMAILS: "false" });
  let app: App;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  beforeAll(async () => {
    smtp = await startSmtp();
    app = await buildApp({ ...env.config, smtpUrl: smtp.url }, { serveSite: false });
  });
  afterAll(async () => {
    await app.close();
    await smtp.close();
  });

  it("indent a message's further lines, so a sent message cannot start a Bcc: line", async () => {
    const message = `Please call me back.${forged}\n\nThanks`;
    const res = await app.inject({
      method: "POST",
      url: "/api/contact-us/create",
      headers: jsonHeaders,
      payload: { ...validContact, firstName: "Imogen", message },
    });
    expect(res.statusCode).toBe(201);
    const worker = createOutboxWorker({
      config: { ...env.config, smtpUrl: smtp.url },
      storage: app.storage,
      transport: createTransport({ smtpUrl: smtp.url, dataDir: env.config.dataDir }),
    });
    for (let i = 0; i < 10 && (await worker.runOnce()) > 0; i++);
    const mail = smtp.received.find((m) => m.decoded.includes("Imogen"));
    expect(mail).toBeDefined();
    const lines = mail!.decoded.split(/\r?\n/);
    expect(lines.filter((l) => /^(Bcc|Subject): (everyone|Invoice)/.test(l))).toEqual([]);
    expect(lines).toContain("  Bcc: everyone@example.com");
    expect(mail!.decoded).not.toMatch(/^Bcc:/m);
  });

  it("give the time it arrived in COMPANY_TIME_ZONE as the outbox worker sends it", async () => {
    const res = await app.inject({
      method: "POST",
      url: "/api/contact-us/create",
      headers: jsonHeaders,
      payload: { ...validContact, firstName: "Quentin" },
    });
    expect(res.statusCode).toBe(201);
    // A fixed instant: 01:30 UTC on the morning London's clocks go forward, 18:30 the evening before in San Francisco.
    await app.storage.db
      .updateTable("submissions")
      .set({ created_at: "2026-03-29T01:30:00.000Z" })
      .where("first_name", "=", "Quentin")
      .execute();
    const worker = createOutboxWorker({
      config: { ...env.config, smtpUrl: smtp.url, companyTimeZone: "America/Los_Angeles" },
      storage: app.storage,
      transport: createTransport({ smtpUrl: smtp.url, dataDir: env.config.dataDir }),
    });
    for (let i = 0; i < 10 && (await worker.runOnce()) > 0; i++);
    const mail = smtp.received.find((m) => m.decoded.includes("Quentin"));
    expect(mail?.decoded).toContain("Received: Saturday 28 March 2026, 18:30 PDT");
  });

  it("flatten one-line values of an older stored row and show control characters as U+FFFD", async () => {
    const { id } = await insertSubmission(
      app.storage,
      formDefinitions.contact,
      {
        firstName: `Old${forged}`,
        lastName: "Row\u001b]52;c;eA==\u0007",
        email: "old.row@example.com",
        phone: "4155550142\nTo: x@example.com",
        reason: "Pricing\u202e",
        message: `Line one\rBcc: lone-cr@example.com\u2028Subject: x\u0085To: y\u001b[2J`,
      },
      { ip: "198.51.100.1", userAgent: null, spam: false, now: new Date("2025-01-02T03:04:05Z") },
      [],
    );
    const row = await app.storage.db
      .selectFrom("submissions")
      .selectAll()
      .where("id", "=", id)
      .executeTakeFirstOrThrow();
    const mail = notification(row, "America/Los_Angeles");
    const intro = "New contact enquiry from the website.";
    expectOnlyLabelsAtTheMargin(mail.text, intro);
    expect(marginLines(mail.text)).toHaveLength(1 + 6);
    expect(mail.text).toContain(
      "Name: Old Bcc: everyone@example.com Subject: Invoice overdue Row\ufffd]52;c;eA==\ufffd\n",
    );
    expect(mail.text).toContain("Phone: 4155550142 To: x@example.com\n");
    // Stored at 2025-01-02T03:04:05Z: the team reads it in the company's zone, here San Francisco's.
    expect(mail.text).toContain("Received: Wednesday 1 January 2025, 19:04 PST\n");
    expect(mail.text).toContain("Message: Line one\n  Bcc: lone-cr@example.com\n  Subject: x\n  To: y\ufffd[2J\n");
    for (const part of [mail.text, mail.html, mail.subject]) {
      expect(part.replace(/\n/g, "")).not.toMatch(new RegExp(controlCharacters.source));
    }
    expect(mail.subject).toBe(
      "Contact enquiry from Old Bcc: everyone@example.com Subject: Invoice overdue Row ]52;c;eA==",
    );
    expect(mail.html).not.toMatch(/[\r\n]/);
  });
});
