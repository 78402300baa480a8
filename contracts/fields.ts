/**
 * Field rules shared by the three submissions. Every text is trimmed; every length cap
 * has its own message, which a person only sees when they hit it.
 *
 * Written with zod's functional API ("zod/mini"): the browser loads these rules on a form's first
 * submit, and the functional API lets the bundler keep only the checks used here (the chained
 * API carries every method of every schema). The server runs the same rules on the same core.
 */
import { parsePhoneNumberFromString, type CountryCode } from "libphonenumber-js/max";
import { z } from "zod/mini";
export { honeypotField } from "./constants";

/** The longest address SMTP carries (RFC 5321: 254 characters in a path). */
const emailMax = 254;
/** Digits and the separators people type between them. */
const phoneMax = 30;

/**
 * Characters that change what a reader sees rather than add to it. C0 controls (ESC starts the
 * terminal sequences that set a clipboard or move the cursor), DEL and C1 controls (U+009B is a
 * one-character ESC [), and the bidi embeddings, overrides and isolates that reorder the text
 * around them ("Trojan Source"). Line breaks and tabs are C0 too: a text field may allow them.
 */
// eslint-disable-next-line no-control-regex -- naming control characters is the point
export const controlCharacters = /[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/;

/** Line breaks beyond CR and LF: the Unicode line and paragraph separators and NEL. */
const otherLineBreaks = /[\u0085\u2028\u2029]/;

/** True when a one-line value holds a control or bidi character, or any line break. */
export function breaksOneLine(value: string): boolean {
  return controlCharacters.test(value) || otherLineBreaks.test(value);
}

/** True when a multi-line value holds a control or bidi character other than a line break or tab. */
export function breaksText(value: string): boolean {
  return controlCharacters.test(value.replace(/[\r\n\t]/g, ""));
}

/** The message of a one-line field that holds a line break or an invisible control character. */
export function oneLineMessage(label: string): string {
  return `${label} contains a line break or a hidden character. Please type it again.`;
}

/** The message of a multi-line field that holds an invisible control character. */
export function hiddenCharacterMessage(label: string): string {
  return `${label} contains a hidden character. Please type it again or paste it as plain text.`;
}

function requiredText(required: string, max: number, label: string, allowed: z.core.$ZodCheck<string>) {
  return z
    .string({ error: required })
    .check(
      z.trim(),
      z.minLength(1, { error: required }),
      z.maxLength(max, { error: `${label} must be at most ${max.toLocaleString("en-US")} characters.` }),
      allowed,
    );
}

/** A name, a reason: one line. It reaches mail bodies, CSV files and terminals as it is typed. */
export function singleLineText(required: string, max: number, label: string) {
  return requiredText(
    required,
    max,
    label,
    z.refine((v: string) => !breaksOneLine(v), { error: oneLineMessage(label) }),
  );
}

/** A message or cover letter: line breaks and tabs stay, other control characters are refused. */
export function multiLineText(required: string, max: number, label: string) {
  return requiredText(
    required,
    max,
    label,
    z.refine((v: string) => !breaksText(v), { error: hiddenCharacterMessage(label) }),
  );
}

export function email(invalid: string) {
  return z.pipe(
    z
      .string({ error: invalid })
      .check(
        z.trim(),
        z.minLength(1, { error: invalid }),
        z.maxLength(emailMax, { error: `Email must be at most ${emailMax} characters.` }),
      ),
    z.email({ error: invalid }),
  );
}

/**
 * A phone number as E.164 (+442079460958), or undefined when it is none. With a country code
 * (+ or 00) any country's number is read; without one, a national number of the first of
 * `countries` where it is a valid number (so 020 7946 0958 is a London number). Letters are
 * refused rather than read as a keypad's digits. Checked with libphonenumber-js's full metadata,
 * which knows each country's number ranges, not only their lengths.
 */
export function normalisedPhone(value: string, countries: readonly string[]): string | undefined {
  if (/\p{L}/u.test(value)) return undefined;
  const international = value.startsWith("+") || value.startsWith("00");
  const tries = international ? [undefined] : countries;
  for (const country of tries) {
    const number = parsePhoneNumberFromString(
      value.startsWith("00") ? `+${value.slice(2)}` : value,
      country as CountryCode | undefined,
    );
    if (number?.isValid()) return number.number;
  }
  return undefined;
}

export function phone(invalid: string, countries: readonly string[]) {
  return z.pipe(
    z.string({ error: invalid }).check(z.trim(), z.maxLength(phoneMax, { error: invalid, abort: true })),
    z.transform((value: string, payload) => {
      const number = normalisedPhone(value, countries);
      if (!number) payload.issues.push({ code: "custom", message: invalid, input: value });
      return number ?? value;
    }),
  );
}

/** A consent checkbox: JSON sends true, a multipart form sends "true" (or "on" from a plain HTML form). */
export function consent(message: string) {
  return z.pipe(
    z.transform((value: unknown) => value === true || value === "true" || value === "on"),
    z.literal(true, { error: message }),
  );
}

/**
 * An optional consent that is kept: ticked (true, "true", "on") it is the version of the words
 * ticked; unticked (left out, false, "false", "") nothing. Anything else is refused.
 */
export function keptConsent(version: string, message: string) {
  return z.pipe(
    z.transform((value: unknown) =>
      value === true || value === "true" || value === "on" ? version : value === "false" ? false : value,
    ),
    z.union(
      [
        z.literal(version),
        z.pipe(
          z.literal(false),
          z.transform(() => undefined),
        ),
      ],
      { error: message },
    ),
  );
}

export const honeypot = z.optional(z.string().check(z.maxLength(1000)));
