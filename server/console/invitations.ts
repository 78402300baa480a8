/**
 * One-time invitation links: `npm run admin -- invite` makes one, valid 24 hours; opening it lets
 * the person create a passkey, after which the link is spent. The token travels in the link's
 * fragment (#…), which browsers never send, so it reaches no server log. An invitation is only as
 * good as its maker's access: revoking an administrator cancels the invitations they made, and a
 * link of theirs that is opened (or completed) after that is refused.
 */
import type { ExpressionBuilder, Kysely } from "kysely";
import { periodMs } from "../retention/retention-policy";
import type { Database } from "../db/schema";
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
  invite: { email: string; name: string; role: string },
  now: Date,
  /** The administrator making it; null on the command line. */
  invitedBy: number | null,
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
      invited_by: invitedBy,
    })
    .execute();
  return token;
}

/** The invitation was made on the command line, or by someone whose access has not been revoked. */
export function inviterHasAccess(eb: ExpressionBuilder<Database, "invitations">) {
  return eb.or([
    eb("invitations.invited_by", "is", null),
    eb.exists(
      eb
        .selectFrom("staff as inviter")
        .select("inviter.id")
        .whereRef("inviter.id", "=", "invitations.invited_by")
        .where("inviter.revoked_at", "is", null),
    ),
  ]);
}

/** The invitation if it is unused, uncancelled and unexpired, and its maker still has access. */
export async function openInvitation(db: Kysely<Database>, token: string, now: Date) {
  const row = await db
    .selectFrom("invitations")
    .selectAll()
    .where("token_hash", "=", tokenHash(token))
    .where(inviterHasAccess)
    .executeTakeFirst();
  if (!row || row.used_at || row.cancelled_at || now.toISOString() >= row.expires_at) return undefined;
  return row;
}

export interface PendingInvitation {
  /** The token's hash: names the invitation without being a usable link. */
  id: string;
  email: string;
  name: string;
  role: string;
  created_at: string;
  expires_at: string;
  /** Its maker's name; null: made on the command line. */
  invited_by: string | null;
}

/** Unused, uncancelled, unexpired invitations, newest first. */
export async function pendingInvitations(db: Kysely<Database>, now: Date): Promise<PendingInvitation[]> {
  return db
    .selectFrom("invitations")
    .leftJoin("staff as inviter", "inviter.id", "invitations.invited_by")
    .select([
      "invitations.token_hash as id",
      "invitations.email",
      "invitations.name",
      "invitations.role",
      "invitations.created_at",
      "invitations.expires_at",
      "inviter.name as invited_by",
    ])
    .where("invitations.used_at", "is", null)
    .where("invitations.cancelled_at", "is", null)
    .where("invitations.expires_at", ">", now.toISOString())
    .orderBy("invitations.created_at", "desc")
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

/**
 * Cancels every pending invitation to this person and every one they made (they are being
 * revoked): neither a link to them nor a link from them opens afterwards.
 */
export async function cancelInvitationsFor(
  db: Kysely<Database>,
  person: { id: number; email: string },
  now: Date,
): Promise<number> {
  const res = await db
    .updateTable("invitations")
    .set({ cancelled_at: now.toISOString() })
    .where((eb) => eb.or([eb("email", "=", person.email.trim().toLowerCase()), eb("invited_by", "=", person.id)]))
    .where("used_at", "is", null)
    .where("cancelled_at", "is", null)
    .executeTakeFirst();
  return Number(res.numUpdatedRows);
}
