/**
 * Inbound mail that attached to no conversation (issue 44, decision 073), listed for
 * administrators so a forged thread or a customer writing from another address is seen: when, why,
 * how it came and the sender's domain, never the address, subject or words (the message itself
 * stays in the mailbox, marked read, for a person to open there). A row that names the thread it
 * claimed goes with that submission's erasure; every row goes after the retention table's
 * `unmatchedMail` period (retention/console-purge.ts), or when an administrator dismisses it.
 */
import type { Kysely } from "kysely";
import type { Database, UnmatchedMailTable } from "../db/schema";

export type UnmatchedReason = UnmatchedMailTable["reason"];

/** The part after the last "@", lower case, at most 253 characters; null without one. */
export function domainOf(address: string | null): string | null {
  const at = address?.lastIndexOf("@") ?? -1;
  if (!address || at < 0) return null;
  const domain = address.slice(at + 1).toLowerCase();
  return domain && domain.length <= 253 ? domain : null;
}

export async function recordUnmatched(
  db: Kysely<Database>,
  m: { reason: UnmatchedReason; via: "imap" | "webhook"; from: string | null; submissionId: number | null; now: Date },
): Promise<void> {
  await db
    .insertInto("unmatched_mail")
    .values({
      received_at: m.now.toISOString(),
      reason: m.reason,
      via: m.via,
      sender_domain: domainOf(m.from),
      submission_id: m.submissionId,
    })
    .execute();
}

/** The newest first, at most 200: what the outbox page lists. */
export function listUnmatched(db: Kysely<Database>) {
  return db
    .selectFrom("unmatched_mail")
    .select(["id", "received_at", "reason", "via", "sender_domain", "submission_id"])
    .orderBy("id", "desc")
    .limit(200)
    .execute();
}

/** Dismisses one row; whether it was there. */
export async function dismissUnmatched(db: Kysely<Database>, id: number): Promise<boolean> {
  const gone = await db.deleteFrom("unmatched_mail").where("id", "=", id).executeTakeFirst();
  return Number(gone.numDeletedRows) > 0;
}
