/**
 * Field rules shared by the three submissions. Every text is trimmed; every length cap
 * has its own message, which a person only sees when they hit it.
 */
import { z } from "zod";
import { limits } from "./constants";

export { honeypotField, limits } from "./constants";

export function requiredText(required: string, max: number, label: string) {
  return z
    .string({ error: required })
    .trim()
    .min(1, { error: required })
    .max(max, { error: `${label} must be at most ${max.toLocaleString("en-US")} characters.` });
}

export function email(invalid: string) {
  return z
    .string({ error: invalid })
    .trim()
    .min(1, { error: invalid })
    .max(limits.email, { error: `Email must be at most ${limits.email} characters.` })
    .pipe(z.email({ error: invalid }));
}

/** Spaces, dashes, dots and brackets people type between digits are not part of the number. */
const separators = /[\s\-.()]/g;

export function phone(invalid: string, pattern: RegExp) {
  return z
    .string({ error: invalid })
    .trim()
    .max(limits.phone + 10, { error: invalid })
    .transform((value) => value.replace(separators, ""))
    .pipe(z.string().regex(pattern, { error: invalid }));
}

/** A consent checkbox: JSON sends true, a multipart form sends "true" (or "on" from a plain HTML form). */
export function consent(message: string) {
  return z.preprocess(
    (value) => value === true || value === "true" || value === "on",
    z.literal(true, { error: message }),
  );
}

export const honeypot = z.string().max(1000).optional();
