import crypto from "node:crypto";
import type { SubmissionRow } from "./templates";

/** HMAC-SHA256 of the exact body, hex, as sent in X-Signature-256: sha256=<hex>. */
export function signWebhook(body: string, secret: string): string {
  return `sha256=${crypto.createHmac("sha256", secret).update(body).digest("hex")}`;
}

export function verifyWebhook(body: string, signature: string, secret: string): boolean {
  const expected = Buffer.from(signWebhook(body, secret));
  const given = Buffer.from(signature);
  return expected.length === given.length && crypto.timingSafeEqual(expected, given);
}

/** Posts one submission as JSON; any non-2xx answer counts as a failure to retry. */
export async function postWebhook(url: string, secret: string, s: SubmissionRow, deliveryId: string): Promise<void> {
  const body = JSON.stringify({
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
  });
  const res = await fetch(url, {
    method: "POST",
    headers: {
      "Content-Type": "application/json",
      "X-Signature-256": signWebhook(body, secret),
      "X-Delivery-Id": deliveryId,
    },
    body,
    signal: AbortSignal.timeout(10_000),
  });
  if (!res.ok) throw new Error(`webhook answered HTTP ${res.status}`);
}
