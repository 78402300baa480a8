/**
 * Answers by e-mail come back into their conversation (issue 44, docs/decisions/058), on SQLite
 * and PostgreSQL, against a real IMAP server (dovecot on loopback, mail put there by APPEND), the
 * real outbox worker and SMTP server: an answer to a reply's reply+<token> address from the
 * submitter's address is attached (HTML turned into text, attachments dropped and counted), shown
 * in the reply box, marks the enquiry unread and is deleted from the mailbox; the next reply
 * threads on it and quotes it; two readers at once attach it once; a forged token, a stranger or
 * a message of no thread attaches nothing, stores nothing and stays in the mailbox as read; the
 * person's copy lists the answers, and an erasure leaves no byte of them in the database's files.
 */
import { scoresAsSpam } from "../spam/verdict";
import { strFromU8, unzipSync } from "fflate";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { replyContextAnswer, replyPreviewAnswer } from "../../contracts/reply-answers";
import { formDefinitions } from "../../contracts/forms/index";
import { buildApp } from "../app";
import type { Config } from "../config";
import { createInboundReader } from "../mail/inbound-imap";
import { parseInbound } from "../mail/inbound-parse";
import { attachInbound } from "../replies/inbound";
import { createOutboxWorker } from "../mail/outbox-worker";
import { createTransport } from "../mail/transport";
import { purgeExpired } from "../retention/retention";
import { periodEnd } from "../retention/retention-policy";
import { insertSubmission } from "../submissions/submissions";
import { backends, useBackend } from "../test-support/backends";
import { findBytes } from "../test-support/find-bytes";
import { validContact } from "../test-support/fixtures";
import { startImap, type TestImap } from "../test-support/imap";
import { startSmtp } from "../test-support/smtp";
import { signedInStaff } from "../test-support/staff";
import { deepStrict } from "../test-support/strict-schema";
import { peoplesCopyPath } from "./peoples-copy-routes";

type App = Awaited<ReturnType<typeof buildApp>>;
const origin = "https://www.altivacloud.com";

/** An e-mail as a mail client sends it, CRLF line ends. */
function mail(headers: Record<string, string>, body: string): string {
  const head = Object.entries(headers).map(([k, v]) => `${k}: ${v}`);
  return [...head, "Date: Tue, 24 Nov 2026 11:30:00 +0000", "MIME-Version: 1.0", "", body, ""].join("\r\n");
}

describe.each(backends)("answers by e-mail on %s", (backend) => {
  const env = useBackend(backend, {
    RATE_LIMIT_MAX: "0",
    CONFIRMATION_EMAILS: "false",
    INBOUND_EMAIL: "reply@altivacloud.com",
    INBOUND_IMAP_ALLOW_PLAIN: "true",
  });
  let app: App;
  let config: Config;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let imap: TestImap;
  const clock = new Date("2026-11-24T10:00:00.000Z");
  const now = () => clock;
  let sales: { id: number; cookie: string };
  let admin: { id: number; cookie: string };

  const get = (url: string, cookie = sales.cookie) => app.inject({ method: "GET", url, headers: { cookie } });
  const post = (url: string, payload: object, cookie = sales.cookie) =>
    app.inject({ method: "POST", url, headers: { "content-type": "application/json", origin, cookie }, payload });
  const drain = async () => {
    const worker = createOutboxWorker({
      config,
      storage: app.storage,
      transport: createTransport({ smtpUrl: config.smtpUrl, dataDir: config.dataDir }),
      now,
    });
    for (let i = 0; i < 10 && (await worker.runOnce()) > 0; i++);
  };
  const reader = () => createInboundReader({ config, storage: app.storage, now });
  const answers = async (id: number) =>
    deepStrict(replyContextAnswer).parse((await get(`/admin/api/submissions/${id}/reply`)).json().data).answers;
  const stored = () => app.storage.db.selectFrom("inbound_messages").select("id").execute();

  /** An enquiry with its confirmation queued and delivered, and one reply sent to it. */
  async function answeredEnquiry(firstName: string, email: string) {
    const { id } = await insertSubmission(
      app.storage,
      formDefinitions.contact,
      { ...validContact, firstName, lastName: "Answers", email },
      { ip: "192.0.2.9", userAgent: "Firefox", spam: false, now: clock },
      [{ channel: "email", purpose: "confirm", recipient: email }],
    );
    const sent = await post(`/admin/api/submissions/${id}/reply`, {
      subject: "Re: We received your enquiry",
      text: "Could you tell us how many virtual machines you run?",
      template: null,
      sent: 0,
    });
    expect(sent.statusCode).toBe(201);
    await drain();
    const reply = smtp.received.find((m) => m.to.includes(email) && m.header("Subject")?.startsWith("Re:"))!;
    return { id, replyTo: reply.header("Reply-To")!, replyId: reply.header("Message-ID")! };
  }

  beforeAll(async () => {
    [smtp, imap] = await Promise.all([startSmtp(), startImap()]);
    config = { ...env.config, smtpUrl: smtp.url };
    config = { ...config, inbound: { ...config.inbound, imapUrl: imap.url } };
    app = await buildApp(config, { serveSite: false, now });
    sales = await signedInStaff(app.storage.db, { role: "sales", name: "Sasha Answers" }, clock);
    admin = await signedInStaff(app.storage.db, { role: "admin", name: "Ada Answers" }, clock);
  }, 60_000);
  afterAll(async () => {
    await app?.close();
    await smtp?.close();
    await imap?.stop();
  });

  it("attaches an answer to its thread as text, marks it unread, empties the mailbox, and the next reply threads on it and quotes it", async () => {
    const email = "nora.answers@example.com";
    const { id, replyTo, replyId } = await answeredEnquiry("Nora", email);
    expect(replyTo).toMatch(/^reply\+[0-9a-f]{32}@altivacloud\.com$/);
    // Sasha opens the enquiry: it is read for Sasha until an answer comes.
    await get(`/admin/api/submissions/${id}`);
    const reads = () =>
      app.storage.db.selectFrom("submission_reads").select("staff_id").where("submission_id", "=", id);
    expect(await reads().execute()).toHaveLength(1);

    // An HTML-only answer with a script and an attachment, as a mail client sends it.
    const boundary = "b1";
    await imap.append(
      mail(
        {
          From: `Nora Answers <${email}>`,
          To: replyTo,
          Subject: "Re: We received your enquiry",
          "Message-ID": "<nora-answer-1@example.com>",
          "In-Reply-To": replyId,
          References: replyId,
          "Content-Type": `multipart/mixed; boundary="${boundary}"`,
        },
        [
          `--${boundary}`,
          "Content-Type: text/html; charset=utf-8",
          "",
          "<p>We run <b>about 300</b> VMs.<script>alert(1)</script></p><p>Tuesday suits us.</p>",
          `--${boundary}`,
          'Content-Type: application/pdf; name="inventory.pdf"',
          "Content-Transfer-Encoding: base64",
          'Content-Disposition: attachment; filename="inventory.pdf"',
          "",
          Buffer.from("%PDF-1.4 inventory").toString("base64"),
          `--${boundary}--`,
        ].join("\r\n"),
      ),
    );
    expect(await reader().runOnce()).toEqual({ attached: 1, duplicates: 0, unmatched: 0 });
    const [answer] = await answers(id);
    expect(answer).toMatchObject({
      sender: email,
      subject: "Re: We received your enquiry",
      text: "We run about 300 VMs.\n\nTuesday suits us.",
      attachmentsRefused: 1,
      sentAt: "2026-11-24T11:30:00.000Z",
    });
    expect(await reads().execute()).toEqual([]);
    // The console holds it now: no copy is left in the mailbox for an erasure to miss.
    expect(await imap.count()).toEqual({ all: 0, unseen: 0 });

    // The next reply answers Nora's own message and quotes it.
    const preview = deepStrict(replyPreviewAnswer).parse(
      (await post(`/admin/api/submissions/${id}/reply/preview`, { subject: "Re: x", text: "Thank you." })).json().data,
    );
    expect(preview.quote).toBe(
      "On 24 November 2026 at 11:30 UTC, Nora Answers wrote:\n> We run about 300 VMs.\n>\n> Tuesday suits us.",
    );
    const draft = (await post(`/admin/api/submissions/${id}/reply/draft`, { templateId: 1 })).json().data as {
      subject: string;
    };
    expect(draft.subject).toBe("Re: We received your enquiry");
    expect(
      (
        await post(`/admin/api/submissions/${id}/reply`, {
          subject: draft.subject,
          text: "Thank you.",
          template: null,
          sent: 1,
        })
      ).statusCode,
    ).toBe(201);
    await drain();
    const second = smtp.received.filter((m) => m.to.includes(email)).at(-1)!;
    expect(second.header("In-Reply-To")).toBe("<nora-answer-1@example.com>");
    expect(second.header("References")).toContain("<nora-answer-1@example.com>");

    // A second answer, threaded only by In-Reply-To (its client dropped the plus-address),
    // read by two instances at once: attached once, below the first.
    const raw = mail(
      {
        From: email,
        To: "hello@altivacloud.com",
        Subject: "Re: We received your enquiry",
        "Message-ID": "<nora-answer-2@example.com>",
        "In-Reply-To": second.header("Message-ID")!,
        "Content-Type": "text/plain; charset=utf-8",
      },
      "Also: 40 TB of storage.\r\n\r\nOn 24 November 2026, Sasha wrote:\r\n> Thank you.",
    );
    await imap.append(raw);
    const [a, b] = await Promise.all([reader().runOnce(), reader().runOnce()]);
    expect(a.attached + b.attached).toBe(1);
    expect((await answers(id)).map((x) => x.text)).toEqual([
      "We run about 300 VMs.\n\nTuesday suits us.",
      "Also: 40 TB of storage.",
    ]);
    expect(await imap.count()).toEqual({ all: 0, unseen: 0 });
    // Another instance that read the same message before it was deleted: the unique key holds.
    const again = await parseInbound(raw);
    expect(
      await attachInbound(app.storage, again, {
        inboundEmail: config.inbound.email,
        sourceKey: again.messageId!,
        now: clock,
        isSpam: scoresAsSpam,
      }),
    ).toEqual({ duplicate: true });
    expect(await answers(id)).toHaveLength(2);
  });

  it("attaches nothing from a forged token, a stranger or a message of no thread, stores nothing of it and leaves it read in the mailbox", async () => {
    const email = "omar.answers@example.com";
    const { id, replyTo, replyId } = await answeredEnquiry("Omar", email);
    const before = (await stored()).length;
    const plain = { Subject: "Re: We received your enquiry", "Content-Type": "text/plain; charset=utf-8" };
    await imap.append(
      mail(
        {
          ...plain,
          From: email,
          To: "reply+0123456789abcdef0123456789abcdef@altivacloud.com",
          "Message-ID": "<forged@x>",
        },
        "Forged token.",
      ),
    );
    await imap.append(
      mail(
        { ...plain, From: "mallory@example.net", To: replyTo, "In-Reply-To": replyId, "Message-ID": "<stranger@x>" },
        "A stranger.",
      ),
    );
    await imap.append(
      mail({ ...plain, From: email, To: "hello@altivacloud.com", "Message-ID": "<nothread@x>" }, "No thread."),
    );
    expect(await reader().runOnce()).toEqual({ attached: 0, duplicates: 0, unmatched: 3 });
    expect(await stored()).toHaveLength(before);
    expect(await answers(id)).toEqual([]);
    expect(await imap.count()).toEqual({ all: 3, unseen: 0 });
    // Read once: the next pass does not read them again.
    expect(await reader().runOnce()).toEqual({ attached: 0, duplicates: 0, unmatched: 0 });
  });

  it("lists the answers in the person's copy, and an erasure leaves no byte of them in the database's files", async () => {
    const email = "erin.answers@example.com";
    const { id, replyTo } = await answeredEnquiry("Erin", email);
    const words = "Quokka-shaped migration plan 7713";
    await imap.append(
      mail(
        {
          From: email,
          To: replyTo,
          Subject: "Re: ours",
          "Message-ID": "<erin-1@example.com>",
          "Content-Type": "text/plain",
        },
        words,
      ),
    );
    expect((await reader().runOnce()).attached).toBe(1);
    const copy = await post(peoplesCopyPath, { email }, admin.cookie);
    expect(copy.statusCode).toBe(200);
    const [held] = Object.entries(unzipSync(new Uint8Array(copy.rawPayload)))
      .filter(([name]) => name.startsWith(`submissions/${id}-`))
      .map(([, data]) => JSON.parse(strFromU8(data)) as { answers: { body: string; sender: string }[] });
    expect(held!.answers).toEqual([expect.objectContaining({ body: words, sender: email })]);

    // The check below can fail: before the erasure the words are in the database's files.
    if (backend === "sqlite") expect(findBytes(path.resolve(config.dataDir), [words])).not.toEqual([]);
    const plan = (await get(`/admin/api/submissions/${id}/erase`, admin.cookie)).json().data as {
      items: { id: number }[];
    };
    const erased = await post(
      `/admin/api/submissions/${id}/erase`,
      { confirm: true, submissions: plan.items.map((i) => i.id) },
      admin.cookie,
    );
    expect(erased.statusCode).toBe(200);
    const left = await app.storage.db
      .selectFrom("inbound_messages")
      .select("id")
      .where("submission_id", "=", id)
      .execute();
    expect(left).toEqual([]);
    const tokens = await app.storage.db
      .selectFrom("conversation_tokens")
      .select("token")
      .where("submission_id", "=", id)
      .execute();
    expect(tokens).toEqual([]);
    // SQLite's files (secure_delete, the WAL checkpointed by the erasure); PostgreSQL's pages are its own.
    if (backend === "sqlite") expect(findBytes(path.resolve(config.dataDir), [words])).toEqual([]);
  });

  // Last: the purge also ends the test's sessions.
  it("retention takes the answers with their enquiry when its period ends", async () => {
    const email = "rhea.answers@example.com";
    const { id, replyTo } = await answeredEnquiry("Rhea", email);
    await imap.append(
      mail({ From: email, To: replyTo, Subject: "Re: ours", "Message-ID": "<rhea-1@example.com>" }, "Kept a while."),
    );
    expect((await reader().runOnce()).attached).toBe(1);
    const after = new Date(periodEnd("enquiries", clock, config.retention).getTime() + 86_400_000);
    await purgeExpired(app.storage, after, config.retention, { dataDir: config.dataDir });
    const left = await app.storage.db
      .selectFrom("inbound_messages")
      .select("id")
      .where("submission_id", "=", id)
      .execute();
    expect(left).toEqual([]);
  });
});
