/**
 * At most one confirmation per address per day, so the confirmation cannot be used to flood a
 * typed-in address. The address is recorded as an HMAC under a key kept in the database, with
 * the UTC day: erasure finds the row from the address, the daily purge drops past days, and the
 * table never lists an address.
 */
import type { Transaction } from "kysely";
import crypto from "node:crypto";
import type { Database } from "../db/schema";

export function confirmationDay(now: Date): string {
  return now.toISOString().slice(0, 10);
}

export function addressKey(key: Buffer, email: string): string {
  return crypto.createHmac("sha256", key).update(email.trim().toLowerCase()).digest("base64url");
}

const keys = new WeakMap<object, Promise<Buffer>>();

/** The database's confirmation key, read once per storage. */
export function confirmationKey(owner: object, trx: Transaction<Database>): Promise<Buffer> {
  let key = keys.get(owner);
  if (!key) {
    key = trx
      .selectFrom("site_keys")
      .select("value")
      .where("name", "=", "confirmation")
      .executeTakeFirstOrThrow()
      .then((r) => Buffer.from(r.value, "base64"));
    key.catch(() => keys.delete(owner));
    keys.set(owner, key);
  }
  return key;
}

/** Records today's confirmation for the address; false when one was already queued today. */
export async function claimConfirmation(
  trx: Transaction<Database>,
  key: Buffer,
  email: string,
  now: Date,
): Promise<boolean> {
  const row = await trx
    .insertInto("confirmations_sent")
    .values({ address_key: addressKey(key, email), day: confirmationDay(now) })
    .onConflict((oc) => oc.columns(["address_key", "day"]).doNothing())
    .returning("day")
    .executeTakeFirst();
  return row !== undefined;
}
