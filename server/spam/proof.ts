/**
 * Proof of work (the ALTCHA protocol, v2, through altcha-lib): the server hands out a signed
 * challenge whose answer it already knows (deterministic mode: a random counter, its derived key
 * signed with a second key), the browser searches counters until the derived key matches, and
 * the server checks the signatures, the expiry and that the challenge was never used before. The
 * challenge also carries the moment it was issued, signed with it: the time trap (verdict.ts)
 * reads it, so a script cannot claim to have spent longer on the form than it did.
 */
import { createChallenge, randomInt, verifySolution, type Challenge, type Solution } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/sha";
import crypto from "node:crypto";
import type { Config } from "../config";
import type { Storage } from "../db/db";
import type { UsedProofs } from "./used-proofs";

export interface ProofKeys {
  /** Signs the challenge's parameters. */
  challenge: string;
  /** Signs the expected derived key, so checking an answer costs one HMAC, not a search. */
  key: string;
}

/** The two signing keys, from SPAM_PROOF_SECRET or else the random key the database holds. */
export async function proofKeys(config: Config, storage: Storage): Promise<ProofKeys> {
  let secret = config.spam.proofSecret;
  if (!secret) {
    const row = await storage.db
      .selectFrom("site_keys")
      .select("value")
      .where("name", "=", "spam-proof")
      .executeTakeFirstOrThrow();
    secret = row.value;
  }
  const derive = (label: string) => crypto.createHmac("sha256", secret).update(label).digest("base64");
  return { challenge: derive("altcha-challenge"), key: derive("altcha-key") };
}

export async function issueChallenge(keys: ProofKeys, spam: Config["spam"], now: Date): Promise<Challenge> {
  const max = spam.proofMaxNumber;
  return createChallenge({
    algorithm: "SHA-256",
    cost: 1,
    // At least a fifth of the range, so no challenge is nearly free.
    counter: randomInt(Math.floor(max / 5), max),
    deriveKey,
    expiresAt: new Date(now.getTime() + spam.proofTtlMs),
    // notBefore tells the page how long the time trap (SPAM_MIN_SECONDS) wants, so the site's
    // own script never sends sooner; a script that skips the page gains nothing by knowing it.
    data: { issuedAt: now.getTime(), notBefore: now.getTime() + Math.round(spam.minSeconds * 1000) },
    hmacSignatureSecret: keys.challenge,
    hmacKeySignatureSecret: keys.key,
  });
}

export type ProofCheck =
  | { status: "valid"; issuedAt: number }
  | { status: "missing" }
  /** Refused outright: the visitor is asked to send again (the form fetches a new challenge). */
  | { status: "refused"; reason: "invalid" | "expired" | "replayed"; message: string };

export const proofMessages = {
  expired: "This form has been open too long. Please send it again.",
  invalid: "This form could not be verified. Please reload the page and send it again.",
  replayed: "This form has already been sent. Please reload the page to send another message.",
} as const;

function refused(reason: "invalid" | "expired" | "replayed"): ProofCheck {
  return { status: "refused", reason, message: proofMessages[reason] };
}

function decode(value: string): { challenge: Challenge; solution: Solution } | undefined {
  try {
    const parsed = JSON.parse(Buffer.from(value, "base64").toString("utf8")) as unknown;
    if (typeof parsed !== "object" || parsed === null) return undefined;
    const { challenge, solution } = parsed as { challenge?: Challenge; solution?: Solution };
    if (typeof challenge !== "object" || challenge === null || typeof challenge.parameters !== "object")
      return undefined;
    if (typeof solution !== "object" || solution === null) return undefined;
    return { challenge, solution };
  } catch {
    return undefined;
  }
}

/**
 * Checks a submitted proof. A valid one is claimed at once (used-proofs.ts), so a second
 * submission with it is refused; the claim lasts until the challenge would have expired anyway.
 */
export async function checkProof(value: unknown, keys: ProofKeys, used: UsedProofs, now: Date): Promise<ProofCheck> {
  if (value === undefined || value === null || value === "") return { status: "missing" };
  if (typeof value !== "string" || value.length > 4000) return refused("invalid");
  const payload = decode(value);
  if (!payload) return refused("invalid");
  const { challenge, solution } = payload;
  const expiresAt = challenge.parameters.expiresAt;
  const issuedAt = challenge.parameters.data?.issuedAt;
  if (typeof expiresAt !== "number" || typeof issuedAt !== "number" || typeof challenge.signature !== "string")
    return refused("invalid");
  // altcha-lib compares the expiry with the wall clock; the server's own clock (injectable in
  // tests) is asked first.
  if (expiresAt * 1000 < now.getTime()) return refused("expired");
  let result;
  try {
    result = await verifySolution({
      challenge,
      solution,
      deriveKey,
      hmacSignatureSecret: keys.challenge,
      hmacKeySignatureSecret: keys.key,
    });
  } catch {
    return refused("invalid");
  }
  if (result.expired) return refused("expired");
  if (!result.verified) return refused("invalid");
  if (!(await used.claim(challenge.signature, new Date(expiresAt * 1000)))) return refused("replayed");
  return { status: "valid", issuedAt };
}
