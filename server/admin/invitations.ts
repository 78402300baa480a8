/**
 * One-time invitation links: `npm run admin -- invite` makes one, valid 24 hours; opening it lets
 * the person create a passkey, after which the link is spent. The token travels in the link's
 * fragment (#…), which browsers never send, so it reaches no server log.
 */
import type { Kysely } from "kysely";
import type { Database } from "../storage/schema";
import type { Role } from "./roles";
import { newToken, tokenHash } from "./tokens";

export const invitationLifetimeMs = 24 * 60 * 60_000;

export function invitationLink(origin: string, token: string): string {
  return `${origin}/admin/invitation#${token}`;
}

export async function createInvitation(
  db: Kysely<Database>,
  invite: { email: string; name: string; role: Role },
  now: Date,
): Promise<string> {
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
    })
    .execute();
  return token;
}

/** The invitation if it is unused and unexpired. */
export async function openInvitation(db: Kysely<Database>, token: string, now: Date) {
  const row = await db
    .selectFrom("invitations")
    .selectAll()
    .where("token_hash", "=", tokenHash(token))
    .executeTakeFirst();
  if (!row || row.used_at || now.toISOString() >= row.expires_at) return undefined;
  return row;
}
