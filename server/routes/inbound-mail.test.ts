/**
 * Mailgun's inbound webhook (decision 058) on SQLite and PostgreSQL, through the real server: a
 * signed post of an answer to a thread's reply+<token> address attaches it once (a resent post is
 * a duplicate); a wrong, missing or old signature is refused with 401 and stores nothing; a signed
 * post with a forged token attaches nothing.
 */
import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { formDefinitions } from "../../contracts/forms/index";
import { buildApp } from "../app";
import { tokenFor } from "../replies/conversation";
import { insertSubmission } from "../submissions/submissions";
import { backends, useBackend } from "../test-support/backends";
import { validContact } from "../test-support/fixtures";
import { mailgunInboundPath } from "./inbound-mail";

type App = Awaited<ReturnType<typeof buildApp>>;
const key = "key-mailgun-signing-0123456789";
const clock = new Date("2026-11-24T10:00:00.000Z");

/** A Mailgun forward() post: multipart/form-data with the MIME message and the signature fields. */
function post(fields: Record<string, string>) {
  const boundary = `----mailgun${crypto.randomBytes(8).toString("hex")}`;
  const body = Object.entries(fields)
    .map(([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`)
    .join("");
  return {
    payload: `${body}--${boundary}--\r\n`,
    headers: { "content-type": `multipart/form-data; boundary=${boundary}` },
  };
}

function signed(mime: string, opts: { key?: string; at?: Date; token?: string } = {}) {
  const timestamp = String(Math.floor((opts.at ?? clock).getTime() / 1000));
  const token = opts.token ?? crypto.randomBytes(25).toString("hex");
  const signature = crypto
    .createHmac("sha256", opts.key ?? key)
    .update(timestamp + token)
    .digest("hex");
  return post({ timestamp, token, signature, recipient: "reply@altivacloud.com", "body-mime": mime });
}

describe.each(backends)("Mailgun's inbound webhook on %s", (backend) => {
  const env = useBackend(backend, {
    RATE_LIMIT_MAX: "0",
    INBOUND_EMAIL: "reply@altivacloud.com",
    INBOUND_MAILGUN_SIGNING_KEY: key,
  });
  let app: App;
  let id: number;
  let token: string;
  const email = "wendy.webhook@example.com";
  const answer = (to: string, messageId: string) =>
    [
      `From: Wendy Webhook <${email}>`,
      `To: ${to}`,
      "Subject: Re: We received your enquiry",
      `Message-ID: ${messageId}`,
      "Content-Type: text/plain; charset=utf-8",
      "",
      "Thursday at two works for us.",
      "",
    ].join("\r\n");
  const send = (p: ReturnType<typeof post>) =>
    app.inject({ method: "POST", url: mailgunInboundPath, headers: p.headers, payload: p.payload });
  const stored = () => app.storage.db.selectFrom("inbound_messages").select(["submission_id", "body"]).execute();

  beforeAll(async () => {
    app = await buildApp(env.config, { serveSite: false, now: () => clock });
    ({ id } = await insertSubmission(
      app.storage,
      formDefinitions.contact,
      { ...validContact, firstName: "Wendy", lastName: "Webhook", email },
      { ip: "192.0.2.9", userAgent: "Firefox", spam: false, now: clock },
      [],
    ));
    token = await tokenFor(app.storage.db, id, clock.toISOString());
  }, 60_000);
  afterAll(() => app?.close());

  it("refuses a wrong, missing or old signature with 401 and stores nothing", async () => {
    const mime = answer(`reply+${token}@altivacloud.com`, "<wendy-refused@example.com>");
    expect((await send(signed(mime, { key: "another-key-of-someone-else" }))).statusCode).toBe(401);
    expect((await send(post({ "body-mime": mime }))).statusCode).toBe(401);
    const old = new Date(clock.getTime() - 6 * 60_000);
    expect((await send(signed(mime, { at: old }))).statusCode).toBe(401);
    expect(await stored()).toEqual([]);
  });

  it("attaches a signed answer to its thread once, and a forged token to nothing", async () => {
    const mime = answer(`reply+${token}@altivacloud.com`, "<wendy-1@example.com>");
    const first = await send(signed(mime));
    expect(first.statusCode).toBe(200);
    expect(first.json().data).toEqual({ result: "attached" });
    // Mailgun retries when it hears no answer: the same message is not attached twice.
    expect((await send(signed(mime))).json().data).toEqual({ result: "duplicate" });
    const forged = answer("reply+ffffffffffffffffffffffffffffffff@altivacloud.com", "<wendy-2@example.com>");
    expect((await send(signed(forged))).json().data).toEqual({ result: "unmatched" });
    expect(await stored()).toEqual([{ submission_id: id, body: "Thursday at two works for us." }]);
  });
});
