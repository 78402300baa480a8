/**
 * Passkeys (WebAuthn) with @simplewebauthn/server: creating one from an invitation, signing in
 * with one. User verification is required on both. Challenges are rows that expire after five
 * minutes and are deleted by the check that uses them, so each is good for one answer only.
 */
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type AuthenticatorTransport,
  type RegistrationResponseJSON,
} from "@simplewebauthn/server";
import type { Kysely } from "kysely";
import crypto from "node:crypto";
import type { Database } from "../db/schema";
import { AlreadyStaffError, inviterHasAccess, openInvitation } from "./invitations";
import type { Session } from "./sessions";

export const challengeLifetimeMs = 5 * 60_000;
const rpName = "Altiva Cloud staff console";

export interface RelyingParty {
  /** The console's origin, e.g. https://www.altivacloud.com or http://localhost:4317. */
  origin: string;
}

const rpId = (rp: RelyingParty) => new URL(rp.origin).hostname;

async function storeChallenge(
  db: Kysely<Database>,
  challenge: string,
  purpose: "register" | "sign-in",
  invitation: string | null,
  now: Date,
) {
  await db
    .insertInto("webauthn_challenges")
    .values({
      challenge,
      purpose,
      invitation,
      expires_at: new Date(now.getTime() + challengeLifetimeMs).toISOString(),
    })
    .execute();
}

/** Deletes the challenge; true only for the first use of an unexpired one of this purpose. */
function consumeChallenge(db: Kysely<Database>, purpose: "register" | "sign-in", invitation: string | null, now: Date) {
  return async (challenge: string): Promise<boolean> => {
    let q = db
      .deleteFrom("webauthn_challenges")
      .where("challenge", "=", challenge)
      .where("purpose", "=", purpose)
      .where("expires_at", ">", now.toISOString());
    q = invitation === null ? q : q.where("invitation", "=", invitation);
    const res = await q.executeTakeFirst();
    return Number(res.numDeletedRows) === 1;
  };
}

/** Why a sign-in was refused, for the audit log (the person is told only that it was refused). */
export type RefusalReason = "unknown passkey" | "revoked passkey" | "revoked person" | "verification failed";

export class PasskeyError extends Error {
  constructor(
    message: string,
    /** Set for refused sign-ins: the reason and, when the passkey is known, whose it is. */
    readonly refusal?: { reason: RefusalReason; staff?: { id: number; name: string; email: string } },
  ) {
    super(message);
  }
}

export async function registrationOptions(db: Kysely<Database>, rp: RelyingParty, token: string, now: Date) {
  const invitation = await openInvitation(db, token, now);
  if (!invitation)
    throw new PasskeyError(
      "This invitation link has been used, cancelled or has expired. Ask an administrator for a new one.",
    );
  const holder = await db
    .selectFrom("staff")
    .select("id")
    .where("email", "=", invitation.email)
    .where("revoked_at", "is", null)
    .executeTakeFirst();
  if (holder) throw new PasskeyError(new AlreadyStaffError().message);
  const options = await generateRegistrationOptions({
    rpName,
    rpID: rpId(rp),
    userName: invitation.email,
    userDisplayName: invitation.name,
    userID: crypto.randomBytes(16),
    attestationType: "none",
    authenticatorSelection: { residentKey: "required", userVerification: "required" },
  });
  await storeChallenge(db, options.challenge, "register", invitation.token_hash, now);
  return options;
}

/** Creates the passkey (and the person, on their first one) and spends the invitation. */
export async function completeRegistration(
  db: Kysely<Database>,
  rp: RelyingParty,
  token: string,
  response: RegistrationResponseJSON,
  now: Date,
): Promise<Session> {
  const invitation = await openInvitation(db, token, now);
  if (!invitation)
    throw new PasskeyError(
      "This invitation link has been used, cancelled or has expired. Ask an administrator for a new one.",
    );
  let verification;
  try {
    verification = await verifyRegistrationResponse({
      response,
      expectedChallenge: consumeChallenge(db, "register", invitation.token_hash, now),
      expectedOrigin: rp.origin,
      expectedRPID: rpId(rp),
      requireUserVerification: true,
    });
  } catch {
    throw new PasskeyError("The passkey could not be created. Please try again.");
  }
  if (!verification.verified) throw new PasskeyError("The passkey could not be created. Please try again.");
  const { credential } = verification.registrationInfo;
  return db.transaction().execute(async (trx) => {
    const spent = await trx
      .updateTable("invitations")
      .set({ used_at: now.toISOString() })
      .where("token_hash", "=", invitation.token_hash)
      .where("used_at", "is", null)
      .where("cancelled_at", "is", null)
      // Its maker may have been revoked since the link was opened.
      .where(inviterHasAccess)
      .executeTakeFirst();
    if (Number(spent.numUpdatedRows) !== 1) throw new PasskeyError("This invitation link has already been used.");
    const existing = await trx.selectFrom("staff").selectAll().where("email", "=", invitation.email).executeTakeFirst();
    let staffId: number;
    if (existing) {
      // Only a revoked person comes back through an invitation; one made before they were
      // restored some other way must not add a passkey to someone with access.
      if (existing.revoked_at === null) throw new PasskeyError(new AlreadyStaffError().message);
      staffId = existing.id;
      // A new invitation restores a revoked person with the invitation's role.
      await trx
        .updateTable("staff")
        .set({ revoked_at: null, role: invitation.role, name: invitation.name })
        .where("id", "=", staffId)
        .execute();
    } else {
      const row = await trx
        .insertInto("staff")
        .values({
          email: invitation.email,
          name: invitation.name,
          role: invitation.role,
          created_at: now.toISOString(),
          revoked_at: null,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      staffId = row.id;
    }
    await trx
      .insertInto("passkeys")
      .values({
        id: credential.id,
        staff_id: staffId,
        public_key: Buffer.from(credential.publicKey),
        counter: credential.counter,
        transports: credential.transports ? JSON.stringify(credential.transports) : null,
        created_at: now.toISOString(),
        last_used_at: null,
        revoked_at: null,
      })
      .execute();
    return {
      id: staffId,
      email: invitation.email,
      name: invitation.name,
      role: invitation.role,
      passkeyId: credential.id,
    };
  });
}

export async function authenticationOptions(db: Kysely<Database>, rp: RelyingParty, now: Date) {
  // No allowCredentials: the passkey is discoverable, so the browser offers the person's own.
  const options = await generateAuthenticationOptions({ rpID: rpId(rp), userVerification: "required" });
  await storeChallenge(db, options.challenge, "sign-in", null, now);
  return options;
}

export async function completeAuthentication(
  db: Kysely<Database>,
  rp: RelyingParty,
  response: AuthenticationResponseJSON,
  now: Date,
): Promise<Session> {
  const refused =
    "That passkey cannot sign in here. Use a passkey created from your invitation, or ask an administrator.";
  const key = await db
    .selectFrom("passkeys")
    .innerJoin("staff", "staff.id", "passkeys.staff_id")
    .select([
      "passkeys.id as credential_id",
      "passkeys.public_key",
      "passkeys.counter",
      "passkeys.transports",
      "passkeys.revoked_at as passkey_revoked_at",
      "staff.id",
      "staff.email",
      "staff.name",
      "staff.role",
      "staff.revoked_at",
    ])
    .where("passkeys.id", "=", String(response?.id ?? ""))
    .executeTakeFirst();
  if (!key) throw new PasskeyError(refused, { reason: "unknown passkey" });
  const owner = { id: key.id, name: key.name, email: key.email };
  if (key.revoked_at) throw new PasskeyError(refused, { reason: "revoked person", staff: owner });
  if (key.passkey_revoked_at) throw new PasskeyError(refused, { reason: "revoked passkey", staff: owner });
  let verification;
  try {
    verification = await verifyAuthenticationResponse({
      response,
      expectedChallenge: consumeChallenge(db, "sign-in", null, now),
      expectedOrigin: rp.origin,
      expectedRPID: rpId(rp),
      requireUserVerification: true,
      credential: {
        id: key.credential_id,
        publicKey: new Uint8Array(key.public_key),
        counter: key.counter,
        transports: key.transports ? (JSON.parse(key.transports) as AuthenticatorTransport[]) : undefined,
      },
    });
  } catch {
    throw new PasskeyError(refused, { reason: "verification failed", staff: owner });
  }
  if (!verification.verified) throw new PasskeyError(refused, { reason: "verification failed", staff: owner });
  await db
    .updateTable("passkeys")
    .set({ counter: verification.authenticationInfo.newCounter, last_used_at: now.toISOString() })
    .where("id", "=", key.credential_id)
    .execute();
  return { id: key.id, email: key.email, name: key.name, role: key.role, passkeyId: key.credential_id };
}
