/**
 * A passkey held in the test itself: a P-256 key pair whose public half is stored as the console
 * stores a registered one (a COSE key, RFC 8152), and which answers a sign-in challenge the way
 * an authenticator does (WebAuthn Level 2, 6.3.3 and 7.2): authenticator data with user presence
 * and verification, an ES256 signature over it and the hash of the client data. The server checks
 * it with @simplewebauthn/server like any other; Chromium's virtual authenticator does the same
 * in tests/console/.
 */
import crypto from "node:crypto";
import type { Kysely } from "kysely";
import type { Database } from "../db/schema";

export interface SoftwarePasskey {
  id: string;
  /** The sign-in answer for a challenge from /admin/api/sign-in/options. */
  answer(challenge: string, origin: string): Record<string, unknown>;
}

/** The public key as a COSE_Key map: kty EC2, alg ES256, crv P-256, x, y (CBOR, fixed layout). */
function coseKey(publicKey: crypto.KeyObject): Buffer {
  const jwk = publicKey.export({ format: "jwk" });
  const coordinate = (v: string | undefined) =>
    Buffer.concat([Buffer.from([0x58, 0x20]), Buffer.from(v!, "base64url")]);
  return Buffer.concat([
    Buffer.from([0xa5, 0x01, 0x02, 0x03, 0x26, 0x20, 0x01, 0x21]),
    coordinate(jwk.x),
    Buffer.from([0x22]),
    coordinate(jwk.y),
  ]);
}

/** Registers a new passkey for `staffId` and returns it. */
export async function addSoftwarePasskey(db: Kysely<Database>, staffId: number, now: Date): Promise<SoftwarePasskey> {
  const { publicKey, privateKey } = crypto.generateKeyPairSync("ec", { namedCurve: "P-256" });
  const id = crypto.randomBytes(16).toString("base64url");
  await db
    .insertInto("passkeys")
    .values({
      id,
      staff_id: staffId,
      public_key: coseKey(publicKey),
      counter: 0,
      transports: JSON.stringify(["internal"]),
      created_at: now.toISOString(),
      last_used_at: null,
      revoked_at: null,
    })
    .execute();
  let signCount = 0;
  return {
    id,
    answer(challenge, origin) {
      const clientData = Buffer.from(JSON.stringify({ type: "webauthn.get", challenge, origin, crossOrigin: false }));
      const counter = Buffer.alloc(4);
      counter.writeUInt32BE(++signCount);
      const rpIdHash = crypto.createHash("sha256").update(new URL(origin).hostname).digest();
      // Flags: user present (0x01) and user verified (0x04).
      const authenticatorData = Buffer.concat([rpIdHash, Buffer.from([0x05]), counter]);
      const signed = Buffer.concat([authenticatorData, crypto.createHash("sha256").update(clientData).digest()]);
      const signature = crypto.sign("sha256", signed, privateKey);
      return {
        id,
        rawId: id,
        type: "public-key",
        response: {
          clientDataJSON: clientData.toString("base64url"),
          authenticatorData: authenticatorData.toString("base64url"),
          signature: signature.toString("base64url"),
        },
        clientExtensionResults: {},
      };
    },
  };
}
