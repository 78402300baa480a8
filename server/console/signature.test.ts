/**
 * Per-person signatures (issue 44, decision 073) on SQLite and PostgreSQL, with the real outbox
 * worker and SMTP sink: each person edits their own signature in their account (bounded plain
 * text, audited without its words); their replies and decision e-mails end with it, below the
 * words and above the quote, and another person's never shows. Every account route acts on the
 * person signed in only: a revoked person and a stranger are turned away. The clock is fixed.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accountAnswer, signatureAnswer } from "../../contracts/console-answers";
import { formDefinitions } from "../../contracts/forms/index";
import { replyPreviewAnswer } from "../../contracts/reply-answers";
import { signatureLimits } from "../../contracts/signature";
import { buildApp } from "../app";
import type { Config } from "../config";
import { createOutboxWorker } from "../mail/outbox-worker";
import { createTransport } from "../mail/transport";
import { insertSubmission } from "../submissions/submissions";
import { backends, useBackend } from "../test-support/backends";
import { validApplicationFields, validContact } from "../test-support/fixtures";
import { startSmtp } from "../test-support/smtp";
import { signedInStaff } from "../test-support/staff";

const origin = "https://www.altivacloud.com";
const clock = new Date("2026-11-24T10:00:00.000Z");

describe.each(backends)("signatures on %s", (backend) => {
  const env = useBackend(backend, { RATE_LIMIT_MAX: "0", CONFIRMATION_EMAILS: "false" });
  let app: Awaited<ReturnType<typeof buildApp>>;
  let config: Config;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  const people = {} as Record<"sales" | "hr" | "revoked", Awaited<ReturnType<typeof signedInStaff>>>;

  const get = (url: string, cookie = "") => app.inject({ method: "GET", url, headers: { cookie } });
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
  /** The plain-text part of the one message the sink received for `to`, line ends as "\n". */
  const textTo = (to: string) => {
    const mails = smtp.received.filter((m) => m.to.includes(to));
    expect(mails).toHaveLength(1);
    // The part after its headers, up to the next MIME boundary (nodemailer's start with "----_").
    const decoded = mails[0]!.decoded.replace(/\r\n/g, "\n");
    const part = decoded.slice(decoded.indexOf("Content-Type: text/plain"));
    return part.slice(part.indexOf("\n\n") + 2, part.indexOf("\n----_"));
  };

  beforeAll(async () => {
    smtp = await startSmtp();
    config = { ...env.config, smtpUrl: smtp.url };
    app = await buildApp(config, { serveSite: false, now: () => clock });
    people.sales = await signedInStaff(app.storage.db, { role: "sales", name: "Sasha Signs" }, clock);
    people.hr = await signedInStaff(app.storage.db, { role: "hr", name: "Hana Signs" }, clock);
    people.revoked = await signedInStaff(app.storage.db, { role: "sales", name: "Rita Unsigned" }, clock);
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

  it("each person keeps their own signature, bounded, audited by length only", async () => {
    const saved = await post("/admin/api/account/signature", people.sales.cookie, {
      signature: "Sasha Signs  \r\nAccount manager, Altiva Cloud\r\n+1 415 555 0100\n\n",
    });
    expect(signatureAnswer.parse(saved.json().data).signature).toBe(
      "Sasha Signs\nAccount manager, Altiva Cloud\n+1 415 555 0100",
    );
    const mine = accountAnswer.parse((await get("/admin/api/account", people.sales.cookie)).json().data);
    expect(mine).toEqual({
      name: "Sasha Signs",
      email: people.sales.email,
      roleLabel: "Sales",
      signature: "Sasha Signs\nAccount manager, Altiva Cloud\n+1 415 555 0100",
      answerNotice: false,
    });
    // Another person's account is their own: HR sees no signature, and saving theirs leaves Sasha's.
    expect(accountAnswer.parse((await get("/admin/api/account", people.hr.cookie)).json().data).signature).toBeNull();
    await post("/admin/api/account/signature", people.hr.cookie, { signature: "Hana Signs\nTalent partner" });
    expect(accountAnswer.parse((await get("/admin/api/account", people.sales.cookie)).json().data).signature).toMatch(
      /^Sasha Signs\n/,
    );

    const tooLong = await post("/admin/api/account/signature", people.sales.cookie, {
      signature: "x".repeat(signatureLimits.characters + 1),
    });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().message).toBe("Keep your signature to 500 characters.");
    const tooMany = await post("/admin/api/account/signature", people.sales.cookie, {
      signature: "a\n".repeat(9) + "a",
    });
    expect(tooMany.json().message).toBe("Keep your signature to 8 lines.");
    const hidden = await post("/admin/api/account/signature", people.sales.cookie, { signature: "Sasha\u202eevil" });
    expect(hidden.json().message).toBe("Use plain text for your signature.");

    const audit = await app.storage.db
      .selectFrom("audit_log")
      .select(["staff_name", "detail"])
      .where("action", "=", "signature changed")
      .orderBy("id")
      .execute();
    expect(audit).toEqual([
      { staff_name: "Sasha Signs", detail: "57 characters" },
      { staff_name: "Hana Signs", detail: "25 characters" },
    ]);
  });

  it("turns away a revoked person and a stranger on every account route", async () => {
    const routes = app.consoleRoutes.filter((r) => r.url.startsWith("/admin/api/account"));
    expect(routes.map((r) => `${r.method} ${r.url}`).sort()).toEqual([
      "GET /admin/api/account",
      "POST /admin/api/account/answer-notice",
      "POST /admin/api/account/signature",
    ]);
    for (const route of routes)
      for (const cookie of [people.revoked.cookie, ""]) {
        const res =
          route.method === "GET"
            ? await get(route.url, cookie)
            : await post(route.url, cookie, { signature: "Evil", receive: true });
        expect(res.statusCode, `${route.method} ${route.url}`).toBe(401);
      }
    const revoked = await app.storage.db
      .selectFrom("staff")
      .select("signature")
      .where("id", "=", people.revoked.id)
      .executeTakeFirstOrThrow();
    expect(revoked.signature).toBeNull();
  });

  it("a reply ends with its sender's signature, below the words and above the quote, in the preview and the sink", async () => {
    await post("/admin/api/account/signature", people.sales.cookie, {
      signature: "Sasha Signs\nAccount manager, Altiva Cloud\n+1 415 555 0100",
    });
    await post("/admin/api/account/signature", people.hr.cookie, { signature: "Hana Signs\nTalent partner" });
    const email = `nora.${backend}@northwind.example`;
    const { id } = await insertSubmission(
      app.storage,
      formDefinitions.contact,
      { ...validContact, firstName: "Nora", email },
      { ip: "192.0.2.9", userAgent: null, spam: false, now: clock },
      [],
    );
    const words = { subject: "Re: your enquiry", text: "Thank you, Nora: I will call you on Monday." };
    const preview = replyPreviewAnswer.parse(
      (await post(`/admin/api/submissions/${id}/reply/preview`, people.sales.cookie, words)).json().data,
    );
    const signedText =
      "Thank you, Nora: I will call you on Monday.\n\n-- \nSasha Signs\nAccount manager, Altiva Cloud\n+1 415 555 0100\n";
    expect(preview.text).toBe(signedText);
    const sent = await post(`/admin/api/submissions/${id}/reply`, people.sales.cookie, {
      ...words,
      template: null,
      sent: 0,
    });
    expect(sent.statusCode, sent.body).toBe(201);
    await drain();
    const text = textTo(email);
    expect(text.startsWith(signedText)).toBe(true);
    // The quote of the enquiry follows the signature; HR's signature is nowhere.
    expect(text.indexOf("> We want to move our billing platform")).toBeGreaterThan(signedText.length - 1);
    expect(text).not.toContain("Talent partner");
  });

  it("a decision e-mail ends with its sender's signature", async () => {
    await post("/admin/api/account/signature", people.hr.cookie, { signature: "Hana Signs\nTalent partner" });
    const email = `alan.${backend}@turing.example`;
    const { id } = await insertSubmission(
      app.storage,
      formDefinitions.application,
      { ...validApplicationFields, email },
      { ip: "192.0.2.7", userAgent: null, spam: false, now: clock },
      [],
    );
    await app.storage.db.updateTable("submissions").set({ status: "not selected" }).where("id", "=", id).execute();
    const sent = await post(`/admin/api/submissions/${id}/decision-mail`, people.hr.cookie, {
      status: "not selected",
      personalLine: "",
      sent: 0,
    });
    expect(sent.statusCode, sent.body).toBe(201);
    await drain();
    const text = textTo(email);
    expect(text.trimEnd().endsWith("\n\n-- \nHana Signs\nTalent partner")).toBe(true);
    expect(text).not.toContain("Sasha Signs");
  });
});
