/**
 * The application form with the positions of the table as its Position choices (decision 040).
 * Kept apart from positions.ts, which holds the name's validator: the careers pages import this
 * one in the browser, where the validator library loads only when a form is checked.
 */
import { applicationForm } from "../forms/application";
import type { FormDefinition } from "../forms/definition";

/** The application's field whose choices are the positions. */
export const positionFieldName = "position";

/**
 * The application form (or a test's changed copy of it) with the given positions as its Position
 * options: the one definition still drives the field (decision 030); only its choices are data.
 */
export function applicationFormWith(
  offered: readonly string[],
  form: FormDefinition = applicationForm,
): FormDefinition {
  return {
    ...form,
    fields: form.fields.map((field) =>
      field.name === positionFieldName && field.input === "select"
        ? { ...field, options: offered.map((p) => ({ value: p, label: p })) }
        : field,
    ),
  };
}
