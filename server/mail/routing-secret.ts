/**
 * Routing rules' webhook URLs at rest (docs/decisions/039-routing-rules-and-alerts.md): a Slack or
 * Teams incoming-webhook URL is its own credential (whoever has it can post to the channel), so it
 * is sealed with AES-256-GCM under ROUTING_SECRET_KEY before it reaches the database. A copy of
 * the database or a backup without the environment's key reveals only the host.
 */
import crypto from "node:crypto";

/** Binds a sealed value to its use: a sealed URL pasted into another column does not open. */
const purpose = Buffer.from("altiva routing webhook v1");

export function sealSecret(key: Buffer, plain: string): string {
  const iv = crypto.randomBytes(12);
  const cipher = crypto.createCipheriv("aes-256-gcm", key, iv);
  cipher.setAAD(purpose);
  const body = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
  return ["v1", iv, cipher.getAuthTag(), body].map((p) => (typeof p === "string" ? p : p.toString("base64"))).join(".");
}

/** The plain text, or an error when the key is not the one that sealed it or the value was altered. */
export function openSecret(key: Buffer, sealed: string): string {
  const [version, iv, tag, body] = sealed.split(".");
  if (version !== "v1" || !iv || !tag || body === undefined) throw new Error("sealed value has an unknown format");
  const decipher = crypto.createDecipheriv("aes-256-gcm", key, Buffer.from(iv, "base64"));
  decipher.setAAD(purpose);
  decipher.setAuthTag(Buffer.from(tag, "base64"));
  return Buffer.concat([decipher.update(Buffer.from(body, "base64")), decipher.final()]).toString("utf8");
}

/**
 * Opens with the current key, else with the previous one while ROUTING_SECRET_KEY is rotated
 * (docs/runbook.md): messages keep flowing between the new key's deployment and `routing-key
 * rotate`. Says which key opened it, so the rotation knows what to seal again.
 */
export function openWithEither(
  keys: { current: Buffer; previous?: Buffer },
  sealed: string,
): { plain: string; by: "current" | "previous" } {
  try {
    return { plain: openSecret(keys.current, sealed), by: "current" };
  } catch (error) {
    if (!keys.previous) throw error;
    return { plain: openSecret(keys.previous, sealed), by: "previous" };
  }
}
