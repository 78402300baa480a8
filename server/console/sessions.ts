/**
 * Server-side sessions: the cookie holds a random token, the database its hash, the person, the
 * passkey that opened it and two clocks. A session ends after 30 minutes without a request or 12
 * hours after sign-in, whichever comes first, and at once when its person or its passkey is
 * revoked; signing out everywhere deletes all of a person's rows.
 */
import type { Kysely } from "kysely";
import { periodMs } from "../retention/retention-policy";
import type { Database } from "../db/schema";
import { labelOf, permissionsOf, type Permitted, type StaffRoleTable } from "../../contracts/staff/permissions";
import { newToken, tokenHash } from "./tokens";

/** The two clocks, from the retention table (storage/retention-policy.ts). */
export const idleTimeoutMs = periodMs("idleSessions");
export const absoluteLifetimeMs = periodMs("sessions");
/** last_seen_at is written at most this often, so reading pages does not write on every request. */
const touchEveryMs = 60_000;

export interface StaffMember {
  id: number;
  email: string;
  name: string;
  /** A staff role's name: a row of the staff roles' table (contracts/staff/permissions.ts). */
  role: string;
}

/** A signed-in person and the passkey their session was opened with. */
export interface Session extends StaffMember {
  passkeyId: string;
}

/** A session with its role's label and permissions, from the table the console was given. */
export interface SignedIn extends Session, Permitted {
  roleLabel: string;
}

export function withPermissions(session: Session, table: StaffRoleTable): SignedIn {
  return { ...session, roleLabel: labelOf(session.role, table), permissions: permissionsOf(session.role, table) };
}

/**
 * `__Host-` binds the cookie to this host and path / with Secure; browsers accept it only over
 * HTTPS, so on plain http://localhost the cookie goes without the prefix and without Secure.
 */
export function sessionCookieName(secure: boolean): string {
  return secure ? "__Host-altiva-console" : "altiva-console";
}

export function sessionCookie(name: string, value: string, secure: boolean, maxAgeSeconds: number): string {
  const parts = [`${name}=${value}`, "Path=/", "HttpOnly", "SameSite=Strict", `Max-Age=${maxAgeSeconds}`];
  if (secure) parts.push("Secure");
  return parts.join("; ");
}

export async function createSession(
  db: Kysely<Database>,
  staffId: number,
  passkeyId: string,
  now: Date,
): Promise<string> {
  const token = newToken();
  await db
    .insertInto("staff_sessions")
    .values({
      id_hash: tokenHash(token),
      staff_id: staffId,
      passkey_id: passkeyId,
      created_at: now.toISOString(),
      last_seen_at: now.toISOString(),
      expires_at: new Date(now.getTime() + absoluteLifetimeMs).toISOString(),
    })
    .execute();
  return token;
}

/**
 * The signed-in person, or undefined: no such session, timed out, or the person or the passkey
 * that opened it was revoked (or deleted).
 */
export async function lookupSession(db: Kysely<Database>, token: string, now: Date): Promise<Session | undefined> {
  const hash = tokenHash(token);
  const row = await db
    .selectFrom("staff_sessions")
    .innerJoin("staff", "staff.id", "staff_sessions.staff_id")
    .leftJoin("passkeys", (join) =>
      join.onRef("passkeys.id", "=", "staff_sessions.passkey_id").onRef("passkeys.staff_id", "=", "staff.id"),
    )
    .select([
      "staff.id",
      "staff.email",
      "staff.name",
      "staff.role",
      "staff.revoked_at",
      "staff_sessions.passkey_id",
      "passkeys.id as passkey_found",
      "passkeys.revoked_at as passkey_revoked_at",
      "staff_sessions.last_seen_at",
      "staff_sessions.expires_at",
    ])
    .where("staff_sessions.id_hash", "=", hash)
    .executeTakeFirst();
  if (!row) return undefined;
  const idle = now.getTime() - Date.parse(row.last_seen_at);
  const passkeyValid = row.passkey_id !== null && row.passkey_found !== null && row.passkey_revoked_at === null;
  if (row.revoked_at || !passkeyValid || idle > idleTimeoutMs || now.toISOString() >= row.expires_at) {
    await db.deleteFrom("staff_sessions").where("id_hash", "=", hash).execute();
    return undefined;
  }
  if (idle > touchEveryMs) {
    await db
      .updateTable("staff_sessions")
      .set({ last_seen_at: now.toISOString() })
      .where("id_hash", "=", hash)
      .execute();
  }
  return { id: row.id, email: row.email, name: row.name, role: row.role, passkeyId: row.passkey_id! };
}

export async function endSession(db: Kysely<Database>, token: string): Promise<void> {
  await db.deleteFrom("staff_sessions").where("id_hash", "=", tokenHash(token)).execute();
}

export async function endAllSessions(db: Kysely<Database>, staffId: number): Promise<number> {
  const res = await db.deleteFrom("staff_sessions").where("staff_id", "=", staffId).executeTakeFirst();
  return Number(res.numDeletedRows);
}

/** The sessions a passkey opened (its revocation); lookupSession refuses them anyway. */
export async function endPasskeySessions(db: Kysely<Database>, passkeyId: string): Promise<number> {
  const res = await db.deleteFrom("staff_sessions").where("passkey_id", "=", passkeyId).executeTakeFirst();
  return Number(res.numDeletedRows);
}
