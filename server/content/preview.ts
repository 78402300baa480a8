/**
 * Preview links (issue 41, "Publishing"): a link that shows an item's draft as its real page,
 * signed so that nobody can make one for an item they were not given, and expiring. The token is
 * `<payload>.<signature>`: the payload names the collection, the item, the expiry and the maker's
 * tag, the signature is HMAC-SHA256 of the payload under the preview key. An unsigned, tampered
 * or expired token verifies as nothing, and the site answers 404 for it.
 *
 * The maker's tag (decision 077) is a keyed hash of the staff id of whoever asked for the link,
 * not the id: the link names nobody, yet the site can tell that its maker is still someone who may
 * edit content, and answers 404 once they are revoked or their role no longer permits it.
 */
import crypto from "node:crypto";
import type { Config } from "../config";
import type { Storage } from "../db/db";
import type { Kysely } from "kysely";
import { isCollection, type CollectionName } from "../../contracts/content/items";
import { rolesWith, type StaffRoleTable } from "../../contracts/staff/permissions";
import type { Database } from "../db/schema";

export interface PreviewTarget {
  collection: CollectionName;
  id: number;
  expiresAt: Date;
}

/** A signed target, with the tag of the person it was made for (makerTag). */
export interface VerifiedPreview extends PreviewTarget {
  maker: string;
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

/** The maker's tag: 128 bits of HMAC of their staff id under the preview key, so nobody reads an id from a link. */
export function makerTag(key: Buffer, staffId: number): string {
  return crypto.createHmac("sha256", key).update(`maker:${staffId}`).digest("base64url").slice(0, 22);
}

export function signPreview(key: Buffer, target: PreviewTarget & { makerId: number }): string {
  const payload = Buffer.from(
    JSON.stringify({
      c: target.collection,
      i: target.id,
      e: target.expiresAt.getTime(),
      m: makerTag(key, target.makerId),
    }),
  ).toString("base64url");
  return `${payload}.${signatureOf(key, payload)}`;
}

/** The item a token shows and its maker's tag, or undefined: unsigned, tampered, expired, malformed or without a maker. */
export function verifyPreview(key: Buffer, token: string, now: Date): VerifiedPreview | undefined {
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
  const { c, i, e, m } = (fields ?? {}) as { c?: unknown; i?: unknown; e?: unknown; m?: unknown };
  if (!isCollection(c) || !Number.isSafeInteger(i) || !Number.isSafeInteger(e)) return undefined;
  // Links made before makers were named (decision 077) have none: they end as if expired.
  if (typeof m !== "string" || !m) return undefined;
  if ((e as number) <= now.getTime()) return undefined;
  return { collection: c, id: i as number, expiresAt: new Date(e as number), maker: m };
}

/**
 * Whether the link's maker may still make it: a person not revoked whose role holds content:edit
 * in `roles` (the staff roles' table). The staff are few, so each one's tag is computed and
 * compared; nothing else about them is read.
 */
export async function makerMayPreview(
  db: Kysely<Database>,
  key: Buffer,
  maker: string,
  roles: StaffRoleTable,
): Promise<boolean> {
  const editors = rolesWith(roles, "content:edit");
  if (editors.length === 0) return false;
  const staff = await db
    .selectFrom("staff")
    .select("id")
    .where("revoked_at", "is", null)
    .where("role", "in", editors)
    .execute();
  const given = Buffer.from(maker);
  return staff.some(({ id }) => {
    const tag = Buffer.from(makerTag(key, id));
    return tag.length === given.length && crypto.timingSafeEqual(tag, given);
  });
}

/** The site's address of a preview: the site's preview route (next session) renders the draft with noindex. */
export const previewPath = (token: string) => `/preview/${token}`;
