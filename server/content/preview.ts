/**
 * Preview links (issue 41, "Publishing"): a link that shows an item's draft as its real page,
 * signed so that nobody can make one for an item they were not given, and expiring. The token is
 * `<payload>.<signature>`: the payload names the collection, the item and the expiry (no personal
 * data: content ids only), the signature is HMAC-SHA256 of the payload under the preview key.
 * An unsigned, tampered or expired token verifies as nothing, and the site answers 404 for it.
 */
import crypto from "node:crypto";
import type { Config } from "../config";
import type { Storage } from "../db/db";
import { isCollection, type CollectionName } from "../../contracts/content/items";

export interface PreviewTarget {
  collection: CollectionName;
  id: number;
  expiresAt: Date;
}

/** The preview key: CONTENT_PREVIEW_SECRET, else the random one migration 026 put in the database. */
export async function previewKey(config: Config, storage: Storage): Promise<Buffer> {
  let secret = config.content.previewSecret;
  if (!secret) {
    const row = await storage.db
      .selectFrom("site_keys")
      .select("value")
      .where("name", "=", "content-preview")
      .executeTakeFirstOrThrow();
    secret = row.value;
  }
  // Derived under its own label, so the key signs nothing but preview links.
  return crypto.createHmac("sha256", secret).update("content-preview").digest();
}

const signatureOf = (key: Buffer, payload: string) =>
  crypto.createHmac("sha256", key).update(payload).digest("base64url");

export function signPreview(key: Buffer, target: PreviewTarget): string {
  const payload = Buffer.from(
    JSON.stringify({ c: target.collection, i: target.id, e: target.expiresAt.getTime() }),
  ).toString("base64url");
  return `${payload}.${signatureOf(key, payload)}`;
}

/** The item a token shows, or undefined: unsigned, tampered, expired or malformed. */
export function verifyPreview(key: Buffer, token: string, now: Date): PreviewTarget | undefined {
  const [payload, signature, extra] = token.split(".");
  if (!payload || !signature || extra !== undefined) return undefined;
  const expected = Buffer.from(signatureOf(key, payload));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !crypto.timingSafeEqual(given, expected)) return undefined;
  let fields: unknown;
  try {
    fields = JSON.parse(Buffer.from(payload, "base64url").toString("utf8"));
  } catch {
    return undefined;
  }
  const { c, i, e } = (fields ?? {}) as { c?: unknown; i?: unknown; e?: unknown };
  if (!isCollection(c) || !Number.isSafeInteger(i) || !Number.isSafeInteger(e)) return undefined;
  if ((e as number) <= now.getTime()) return undefined;
  return { collection: c, id: i as number, expiresAt: new Date(e as number) };
}

/** The site's address of a preview: the site's preview route (next session) renders the draft with noindex. */
export const previewPath = (token: string) => `/preview/${token}`;
