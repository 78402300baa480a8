/**
 * A person of the console for server tests: a staff row, a passkey row (a session must be bound
 * to one, and real passkeys are made in Chromium by tests/console/) and a session. Returns the
 * cookie header that signs requests in.
 */
import crypto from "node:crypto";
import type { Kysely } from "kysely";
import { createSession, sessionCookieName } from "../console/sessions";
import type { Database } from "../db/schema";

export async function addPasskey(db: Kysely<Database>, staffId: number, now: Date): Promise<string> {
  const id = crypto.randomBytes(16).toString("base64url");
  await db
    .insertInto("passkeys")
    .values({
      id,
      staff_id: staffId,
      public_key: crypto.randomBytes(77),
      counter: 0,
      transports: null,
      created_at: now.toISOString(),
      last_used_at: null,
      revoked_at: null,
    })
    .execute();
  return id;
}

export async function signedInStaff(
  db: Kysely<Database>,
  /** `role`: a staff role of the table the app was given (contracts/staff/permissions.ts). */
  person: { role: string; name: string; email?: string },
  now: Date,
  secure = true,
) {
  const email = person.email ?? `${person.name.toLowerCase().replace(/ /g, ".")}@altivacloud.com`;
  const { id } = await db
    .insertInto("staff")
    .values({ email, name: person.name, role: person.role, created_at: now.toISOString(), revoked_at: null })
    .returning("id")
    .executeTakeFirstOrThrow();
  const passkeyId = await addPasskey(db, id, now);
  const token = await createSession(db, id, passkeyId, now);
  return { id, email, name: person.name, passkeyId, cookie: `${sessionCookieName(secure)}=${token}` };
}
