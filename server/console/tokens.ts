import crypto from "node:crypto";

/** A secret for a link or a cookie: 32 random bytes, base64url. */
export function newToken(): string {
  return crypto.randomBytes(32).toString("base64url");
}

/** What the database keeps of a token: a leaked table yields no usable link or session. */
export function tokenHash(token: string): string {
  return crypto.createHash("sha256").update(token, "utf8").digest("base64url");
}
