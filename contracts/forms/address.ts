/**
 * The submitter's e-mail address, from the form's one field typed "email": where the
 * confirmation goes, what the team replies to and what the console searches and erases by.
 */
import type { EmailField, FieldDefinition, FormDefinition } from "./definition";

function isEmail(field: FieldDefinition): field is EmailField {
  return field.input === "email";
}

/** The form's address field; every form has one (address.test.ts). */
export function emailField(form: FormDefinition): EmailField {
  const field = form.fields.find(isEmail);
  if (!field) throw new Error(`The ${form.kind} form has no e-mail field.`);
  return field;
}

/** The column that holds the address: the same in every form (`submissions` has one). */
export function emailColumn(form: FormDefinition): string {
  return emailField(form).column;
}

/** A stored submission's address. */
export function emailOf(form: FormDefinition, row: Record<string, unknown>): string {
  const value = row[emailColumn(form)];
  return typeof value === "string" ? value : "";
}
