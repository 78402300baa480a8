/**
 * Inbound answers pass the spam scoring (issue 44, decision 073), on SQLite and PostgreSQL: an
 * answer from the submitter's address to their thread's reply+<token> address is attached when
 * it reads like a person's, and refused as "spam" (nothing stored, the enquiry not marked unread)
 * when the site's content rules score it as spam, as they would a form's message. The clock is fixed.
 */
import { scoresAsSpam } from "../spam/verdict";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { formDefinitions } from "../../contracts/forms/index";
import { buildApp } from "../app";
import { insertSubmission } from "../submissions/submissions";
import { backends, useBackend } from "../test-support/backends";
import { validContact } from "../test-support/fixtures";
import { tokenFor } from "./conversation";
import { attachInbound, type InboundMail } from "./inbound";

const clock = new Date("2026-11-24T10:00:00.000Z");

describe.each(backends)("inbound answers and the spam scoring on %s", (backend) => {
  const env = useBackend(backend, { INBOUND_EMAIL: "reply@altivacloud.com" });
  let app: Awaited<ReturnType<typeof buildApp>>;
  beforeAll(async () => {
    app = await buildApp(env.config, { serveSite: false, now: () => clock });
  }, 60_000);
  afterAll(() => app.close());

  it("attaches a person's answer and refuses one the content rules call spam, storing nothing of it", async () => {
    const email = `mila.${backend}@northwind.example`;
    const { id } = await insertSubmission(
      app.storage,
      formDefinitions.contact,
      { ...validContact, email },
      { ip: "192.0.2.9", userAgent: null, spam: false, now: clock },
      [],
    );
    const token = await app.storage.transaction((trx) => tokenFor(trx, id, clock.toISOString()));
    const answer = (n: number, text: string): InboundMail => ({
      messageId: `<answer-${n}.${backend}@northwind.example>`,
      inReplyTo: null,
      references: [],
      from: email,
      recipients: [`reply+${token}@altivacloud.com`],
      subject: "Re: We received your enquiry",
      text,
      attachments: 0,
      date: clock.toISOString(),
    });
    const attach = (mail: InboundMail) =>
      attachInbound(app.storage, mail, {
        inboundEmail: "reply@altivacloud.com",
        sourceKey: mail.messageId!,
        now: clock,
        isSpam: scoresAsSpam,
      });
    const spam = [
      "Buy followers and backlinks: http://a.example http://b.example http://c.example",
      'Click <a href="http://evil.example">here</a>',
    ];
    for (const [n, text] of spam.entries()) expect(await attach(answer(n, text))).toEqual({ unmatched: "spam" });
    const stored = () =>
      app.storage.db.selectFrom("inbound_messages").select("body").where("submission_id", "=", id).execute();
    expect(await stored()).toEqual([]);
    const person = await attach(answer(9, "Thanks! Tuesday at 10:00 works for us; our CTO will join."));
    expect(person).toMatchObject({ submissionId: id });
    expect(await stored()).toEqual([{ body: "Thanks! Tuesday at 10:00 works for us; our CTO will join." }]);
  });
});
