/**
 * Webhook deliveries, signed with the Standard Webhooks scheme (https://www.standardwebhooks.com):
 * `webhook-id` (stable per message, so a receiver can drop a repeat), `webhook-timestamp` (the
 * time of this attempt, so a captured delivery cannot be replayed later: receivers refuse
 * timestamps more than five minutes off) and `webhook-signature: v1,<base64 HMAC-SHA256 of
 * "id.timestamp.body">`. Receivers can verify with the `standardwebhooks` library.
 */
import crypto from "node:crypto";
import type { NamedRole } from "../../contracts/careers/applied-role";
import {
  formDefinitions,
  storedFields,
  type FormDefinition,
  type StoredFieldDefinition,
} from "../../contracts/forms/index";
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

/**
 * The payload's field keys: every stored field of every form by its request key, once (one-line
 * fields first, then the multi-line ones), and the submission's own form's. Every payload carries
 * them all, null where its form has no such field, so a receiver sees one shape for every kind.
 */
function payloadKeys(form: FormDefinition): string[] {
  const fields: StoredFieldDefinition[] = [
    ...Object.values(formDefinitions).flatMap(storedFields),
    ...storedFields(form),
  ];
  const ordered = [...fields.filter((f) => f.input !== "textarea"), ...fields.filter((f) => f.input === "textarea")];
  return [...new Set(ordered.map((f) => f.name))];
}

export function submissionPayload(
  s: SubmissionRow,
  deliveryId: string,
  form: FormDefinition = formDefinitions[s.kind],
  /** The role an application was sent for (its slug and title); null for every other submission. */
  role: NamedRole | null = null,
) {
  const row = s as unknown as Record<string, unknown>;
  const own = new Map(storedFields(form).map((f) => [f.name, f.column]));
  const fields = Object.fromEntries(
    payloadKeys(form).map((name) => {
      const column = own.get(name);
      const value = column === undefined ? null : row[column];
      return [name, value ?? null];
    }),
  );
  return {
    type: "submission.created",
    id: deliveryId,
    kind: s.kind,
    reference: s.reference,
    role: role ? { slug: role.slug, title: role.title } : null,
    ...fields,
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
