/**
 * The application form's positions as data (issue 26: "admins may add positions"; migration
 * 016-positions, docs/decisions/040-positions-as-data.md). `positions` in forms/application.ts
 * is the seed: the list the table starts with, in its order. From then on the table is the list:
 * the public form offers its positions that are not retired, the server's validator accepts
 * exactly those, and HR chooses among them in the role editor.
 */
import { z } from "zod";
import { positionRules } from "./position-rules";
import { positions as seedPositions } from "../forms/application";

export { seedPositions };
export { applicationFormWith, positionFieldName } from "./position-options";
export { positionRules };

/** The name folded for uniqueness: case, accents and inner runs of spaces do not make a new position. */
export const positionKey = (name: string) =>
  name.normalize("NFD").replace(/\p{M}/gu, "").replace(/\s+/g, " ").trim().toLowerCase();

export const positionMessages = {
  length: `Give the position a name of ${positionRules.min} to ${positionRules.max} characters.`,
  markup: "Write the name in plain words: no <, >, control characters or text-direction marks.",
  taken: (name: string) => `The form already has the position ${name}.`,
} as const;

/**
 * What an admin types as a new position: one plain line. The name goes into the public form's
 * <select>, the confirmation e-mail, the console and the audit log, so no markup characters at
 * all (React and the mail escape anyway; this keeps a hostile name out of the list to begin with).
 */
export const positionName = z
  .string({ error: positionMessages.length })
  // Runs of spaces become one; line breaks and tabs are control characters, refused below.
  .transform((s) => s.replace(/ {2,}/g, " ").trim())
  .pipe(
    z
      .string()
      .min(positionRules.min, positionMessages.length)
      .max(positionRules.max, positionMessages.length)
      .regex(/^[^<>\p{Cc}\u200e\u200f\u202a-\u202e\u2066-\u2069]*$/u, positionMessages.markup),
  );
