/**
 * One-time invitation links: `npm run admin -- invite` makes one, valid 24 hours; opening it lets
 * the person create a passkey, after which the link is spent. The token travels in the link's
 * fragment (#…), which browsers never send, so it reaches no server log.
 */
import type { Kysely } from "kysely";
import { periodMs } from "../storage/retention-policy";
import type { Database } from "../storage/schema";
import type { Role } from "./roles";
import { newToken, tokenHash } from "./tokens";

/** From the retention table (storage/retention-policy.ts). */
export const invitationLifetimeMs = periodMs("invitations");

export function invitationLink(origin: string, token: string): string {
  return `${origin}/admin/invitation#${token}`;
}

/** Refused: the address belongs to someone whose access has not been revoked. */
export class AlreadyStaffError extends Error {
  constructor() {
    super("This address belongs to someone who has access now. Revoke their access first to invite them again.");
  }
}

/**
 * A one-time link for a new person, or for a revoked one coming back. Never for someone who has
 * access now: whoever opened the link would get a passkey that signs in as them (or change their
 * role), unseen by them.
 */
export async function createInvitation(
  db: Kysely<Database>,
  invite: { email: string; name: string; role: Role },
  now: Date,
): Promise<string> {
  const active = await db
    .selectFrom("staff")
    .select("id")
    .where("email", "=", invite.email.trim().toLowerCase())
    .where("revoked_at", "is", null)
    .executeTakeFirst();
  if (active) throw new AlreadyStaffError();
  const token = newToken();
  await db
    .insertInto("invitations")
    .values({
      token_hash: tokenHash(token),
      email: invite.email.trim().toLowerCase(),
      name: invite.name,
      role: invite.role,
      created_at: now.toISOString(),
      expires_at: new Date(now.getTime() + invitationLifetimeMs).toISOString(),
      used_at: null,
      cancelled_at: null,
    })
    .execute();
  return token;
}

/** The invitation if it is unused, uncancelled and unexpired. */
export async function openInvitation(db: Kysely<Database>, token: string, now: Date) {
  const row = await db
    .selectFrom("invitations")
    .selectAll()
    .where("token_hash", "=", tokenHash(token))
    .executeTakeFirst();
  if (!row || row.used_at || row.cancelled_at || now.toISOString() >= row.expires_at) return undefined;
  return row;
}

export interface PendingInvitation {
  /** The token's hash: names the invitation without being a usable link. */
  id: string;
  email: string;
  name: string;
  role: Role;
  created_at: string;
  expires_at: string;
}

/** Unused, uncancelled, unexpired invitations, newest first. */
export async function pendingInvitations(db: Kysely<Database>, now: Date): Promise<PendingInvitation[]> {
  return db
    .selectFrom("invitations")
    .select(["token_hash as id", "email", "name", "role", "created_at", "expires_at"])
    .where("used_at", "is", null)
    .where("cancelled_at", "is", null)
    .where("expires_at", ">", now.toISOString())
    .orderBy("created_at", "desc")
    .execute();
}

/** Cancels one pending invitation; its e-mail address, or undefined if it was not pending. */
export async function cancelInvitation(db: Kysely<Database>, id: string, now: Date): Promise<string | undefined> {
  const row = await db
    .updateTable("invitations")
    .set({ cancelled_at: now.toISOString() })
    .where("token_hash", "=", id)
    .where("used_at", "is", null)
    .where("cancelled_at", "is", null)
    .returning("email")
    .executeTakeFirst();
  return row?.email;
}

/** Cancels every pending invitation to this address (its person is being revoked). */
export async function cancelInvitationsFor(db: Kysely<Database>, email: string, now: Date): Promise<number> {
  const res = await db
    .updateTable("invitations")
    .set({ cancelled_at: now.toISOString() })
    .where("email", "=", email.trim().toLowerCase())
    .where("used_at", "is", null)
    .where("cancelled_at", "is", null)
    .executeTakeFirst();
  return Number(res.numUpdatedRows);
}
