/**
 * Mailgun's inbound webhook (issue 44, docs/decisions/058): a route whose action is
 * forward("https://…/api/inbound/mailgun/mime") posts each message as multipart/form-data with the
 * whole MIME message in `body-mime`, signed with the domain's webhook signing key: `signature` is
 * HMAC-SHA256(key, timestamp + token) in hex. A post without a valid, recent signature is refused
 * (401) before anything is read from the message; a signed one is parsed and attached as an IMAP
 * answer is (mail/inbound-parse.ts, replies/inbound.ts), once. Only when
 * INBOUND_MAILGUN_SIGNING_KEY is set; otherwise the path is not there (404).
 */
import { scoresAsSpam } from "../spam/verdict";
import crypto from "node:crypto";
import multipart from "@fastify/multipart";
import type { FastifyPluginAsync } from "fastify";
import type { Config } from "../config";
import type { Storage } from "../db/db";
import { parseInbound } from "../mail/inbound-parse";
import { attachInbound, sourceKeyOf } from "../replies/inbound";

export const mailgunInboundPath = "/api/inbound/mailgun/mime";
/** How old a signature may be: Mailgun posts at once, and a replay later than this is refused. */
export const signatureMaxAgeMs = 5 * 60_000;

/** True when `signature` is Mailgun's for this timestamp and token under the key, and recent. */
export function mailgunSigned(
  key: string,
  fields: { timestamp?: string; token?: string; signature?: string },
  now: Date,
): boolean {
  const { timestamp, token, signature } = fields;
  if (!timestamp || !token || !signature || !/^\d{1,12}$/.test(timestamp) || !/^[0-9a-f]{64}$/.test(signature))
    return false;
  if (Math.abs(now.getTime() - Number(timestamp) * 1000) > signatureMaxAgeMs) return false;
  const expected = crypto
    .createHmac("sha256", key)
    .update(timestamp + token)
    .digest();
  return crypto.timingSafeEqual(expected, Buffer.from(signature, "hex"));
}

export const inboundMailRoutes: FastifyPluginAsync<{ config: Config; storage: Storage; now: () => Date }> = async (
  app,
  { config, storage, now },
) => {
  const key = config.inbound.mailgunSigningKey;
  if (!key) return;
  // The message travels as one field; files are not expected (the /mime form carries them inside it).
  await app.register(multipart, {
    limits: { fieldSize: 5 * 1024 * 1024, fields: 40, files: 0, parts: 40, headerPairs: 200 },
  });

  app.post(mailgunInboundPath, { bodyLimit: 6 * 1024 * 1024 }, async (req, reply) => {
    if (!req.isMultipart()) return reply.code(415).send({ status: false, message: "Expected multipart/form-data." });
    const fields: Record<string, string> = {};
    try {
      for await (const part of req.parts()) {
        if (part.type === "field" && typeof part.value === "string") fields[part.fieldname] = part.value;
      }
    } catch {
      return reply.code(400).send({ status: false, message: "The form could not be read." });
    }
    if (!mailgunSigned(key, fields, now())) {
      return reply.code(401).send({ status: false, message: "The signature is missing, wrong or too old." });
    }
    const raw = fields["body-mime"];
    if (!raw)
      return reply.code(400).send({ status: false, message: "No body-mime field: forward to a URL ending in mime." });
    const mail = await parseInbound(raw);
    const outcome = await attachInbound(storage, mail, {
      inboundEmail: config.inbound.email,
      // Mailgun's token is one per post: the key of a message without a Message-ID.
      sourceKey: sourceKeyOf(mail, `mailgun:${fields.token}`),
      now: now(),
      isSpam: scoresAsSpam,
      via: "webhook",
    });
    // Counts-style outcome only: no address or words in the answer or the log. 200 for every
    // signed post, so Mailgun does not retry a message we chose not to attach.
    const result = "attached" in outcome ? "attached" : "duplicate" in outcome ? "duplicate" : "unmatched";
    req.log.info({ result }, "inbound mail webhook");
    return { status: true, data: { result } };
  });
};
