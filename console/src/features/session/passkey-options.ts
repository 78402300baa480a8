/**
 * The WebAuthn options the server sends for a ceremony (@simplewebauthn/server makes them): checked
 * as far as the console relies on them, a challenge and the relying party's id; the browser's
 * WebAuthn API checks the rest.
 */
import type { startAuthentication, startRegistration } from "@simplewebauthn/browser";
import { z } from "zod";

type RequestOptions = Parameters<typeof startAuthentication>[0]["optionsJSON"];
type CreationOptions = Parameters<typeof startRegistration>[0]["optionsJSON"];

const hasChallenge = (value: unknown) =>
  typeof value === "object" && value !== null && typeof (value as { challenge?: unknown }).challenge === "string";

export const passkeyRequestOptions = z.custom<RequestOptions>(hasChallenge);
export const passkeyCreationOptions = z.custom<CreationOptions>(
  (value) => hasChallenge(value) && typeof (value as { rp?: { id?: unknown } }).rp === "object",
);
