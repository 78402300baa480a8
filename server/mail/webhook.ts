/**
 * Webhook deliveries, signed with the Standard Webhooks scheme (https://www.standardwebhooks.com):
 * `webhook-id` (stable per message, so a receiver can drop a repeat), `webhook-timestamp` (the
 * time of this attempt, so a captured delivery cannot be replayed later: receivers refuse
 * timestamps more than five minutes off) and `webhook-signature: v1,<base64 HMAC-SHA256 of
 * "id.timestamp.body">`. Receivers can verify with the `standardwebhooks` library.
 */
import crypto from "node:crypto";
import type { SubmissionRow } from "./templates";

/** The secret's bytes: a `whsec_` secret is base64 (the scheme's format), anything else its UTF-8. */
export function webhookKey(secret: string): Buffer {
  return secret.startsWith("whsec_") ? Buffer.from(secret.slice(6), "base64") : Buffer.from(secret, "utf8");
}

export function signWebhook(id: string, timestamp: number, body: string, secret: string): string {
  const mac = crypto.createHmac("sha256", webhookKey(secret)).update(`${id}.${timestamp}.${body}`).digest("base64");
  return `v1,${mac}`;
}

/** The previous scheme (body only, replayable). Sent for one more release; receivers should move to webhook-signature. */
function legacySignature(body: string, secret: string): string {
  return `sha256=${crypto.createHmac("sha256", secret).update(body).digest("hex")}`;
}

export function submissionPayload(s: SubmissionRow, deliveryId: string) {
  return {
    type: "submission.created",
    id: deliveryId,
    kind: s.kind,
    reference: s.reference,
    firstName: s.first_name,
    lastName: s.last_name,
    email: s.email,
    phone: s.phone,
    reason: s.reason,
    position: s.position,
    feedbackType: s.feedback_type,
    message: s.message,
    createdAt: s.created_at,
  };
}

/** Posts one signed JSON body; any non-2xx answer counts as a failure to retry. */
export async function postWebhook(
  url: string,
  secret: string,
  body: string,
  deliveryId: string,
  opts: { timeoutMs: number; now?: () => Date },
): Promise<void> {
  // The webhook-id is the outbox row's Message-ID without its angle brackets.
  const id = deliveryId.replace(/^<|>$/g, "");
  const timestamp = Math.floor((opts.now?.() ?? new Date()).getTime() / 1000);
  const res = await fetch(url, {
    method: "POST",
    headers: {
      "Content-Type": "application/json",
      "webhook-id": id,
      "webhook-timestamp": String(timestamp),
      "webhook-signature": signWebhook(id, timestamp, body, secret),
      /** @deprecated replayable; removed in the next release. */
      "X-Signature-256": legacySignature(body, secret),
      "X-Delivery-Id": deliveryId,
    },
    body,
    signal: AbortSignal.timeout(opts.timeoutMs),
  });
  if (!res.ok) throw new Error(`webhook answered HTTP ${res.status}`);
}
