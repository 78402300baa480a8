/**
 * The validator of a form, built from its definition: the server checks every post with it, and
 * the browser loads this module on the first submit (never in a page's first script) and hands it
 * the definition its page already holds.
 */
import { z } from "zod/mini";
import { honeypotField } from "../constants";
import { consent, email, honeypot, keptConsent, multiLineText, phone, singleLineText } from "../fields";
import type { FieldDefinition, FormDefinition } from "./definition";
import { staffLabel } from "./labels";

/** What a valid post holds: each field's value by its request key (the file excepted). */
export type SubmittedValues = Record<string, string | true | undefined>;

function rule(field: FieldDefinition): z.ZodMiniType | undefined {
  switch (field.input) {
    case "text":
      return singleLineText(field.message, field.max, staffLabel(field));
    case "textarea":
      return multiLineText(field.message, field.max, staffLabel(field));
    case "email":
      return email(field.message);
    case "tel":
      return phone(field.message, field.countries);
    case "select":
      return z.enum(field.options.map((o) => o.value) as [string, ...string[]], { error: field.message });
    case "checkbox":
      return "version" in field ? keptConsent(field.version, field.message) : consent(field.message);
    case "file":
      // Checked by its content on the server (server/uploads/) and by name in the browser.
      return undefined;
  }
}

/** A field sent under its former name counts as sent under its name. */
function withFormerNames(form: FormDefinition, body: unknown): unknown {
  if (typeof body !== "object" || body === null || Array.isArray(body)) return body;
  const renamed: Record<string, unknown> = { ...(body as Record<string, unknown>) };
  for (const field of form.fields) {
    if (field.input !== "checkbox" || !("formerName" in field)) continue;
    if (field.formerName && !(field.name in renamed) && field.formerName in renamed) {
      renamed[field.name] = renamed[field.formerName];
      delete renamed[field.formerName];
    }
  }
  return renamed;
}

/**
 * An optional field may be left out, empty or blank; what is given is checked like a required
 * one, with the field's own messages. (Blank is turned into "left out" before the check rather
 * than offered as an alternative to it: a union of the two would answer its own "Invalid input"
 * for a value both refuse, in place of the field's message.)
 */
function optional(check: z.ZodMiniType) {
  return z.pipe(
    z.transform((v: unknown) => (typeof v === "string" && v.trim() === "" ? undefined : v)),
    z.pipe(
      z.optional(check),
      z.transform((v: unknown) => v || undefined),
    ),
  );
}

export function schemaOf(form: FormDefinition): z.ZodMiniType<SubmittedValues> {
  const shape: Record<string, z.ZodMiniType> = {};
  for (const field of form.fields) {
    const check = rule(field);
    if (check) shape[field.name] = field.optional ? optional(check) : check;
  }
  shape[honeypotField] = honeypot;
  return z.pipe(
    z.transform((body: unknown) => withFormerNames(form, body)),
    z.object(shape),
  ) as unknown as z.ZodMiniType<SubmittedValues>;
}
