/**
 * The three forms by kind, and what the server's storage derives from them: the columns of
 * `submissions` that hold form fields, typed from the definitions, so a field added to a
 * definition (and its migration) reaches the storage types, the exports and the team's views
 * without another list to edit. Browser pages import their own form's module, not this one.
 */
import type { SubmissionKind } from "../submission-kinds";
import { applicationForm } from "./application";
import { contactForm } from "./contact";
import { storedFields, type FormDefinition } from "./definition";
import { feedbackForm } from "./feedback";

export const formDefinitions = {
  contact: contactForm,
  application: applicationForm,
  feedback: feedbackForm,
} as const satisfies { readonly [K in SubmissionKind]: FormDefinition & { kind: K } };

export type FormDefinitions = Readonly<Record<SubmissionKind, FormDefinition>>;

type FieldOf<K extends SubmissionKind> = (typeof formDefinitions)[K]["fields"][number];
type ColumnOf<F> = F extends { column: infer C extends string } ? C : never;
type RequiredColumnOf<F> = F extends { column: infer C extends string; optional?: never } ? C : never;

/** Every column that holds a form field. */
export type FieldColumn = ColumnOf<FieldOf<SubmissionKind>>;

/** Columns every form fills: never null. */
type RequiredEverywhere = {
  [C in FieldColumn]: false extends {
    [K in SubmissionKind]: C extends RequiredColumnOf<FieldOf<K>> ? true : false;
  }[SubmissionKind]
    ? never
    : C;
}[FieldColumn];

/** The form fields' part of a `submissions` row: a column every form fills is text, any other may be null. */
export type FieldColumns = { [C in FieldColumn]: C extends RequiredEverywhere ? string : string | null };

/**
 * Every field column of the given forms, once, one-line fields first and then the multi-line
 * ones, each in the order the forms give them: the export's columns and the stored row's.
 */
export function fieldColumns(forms: FormDefinitions = formDefinitions): string[] {
  const fields = Object.values(forms).flatMap(storedFields);
  const ordered = [...fields.filter((f) => f.input !== "textarea"), ...fields.filter((f) => f.input === "textarea")];
  return [...new Set(ordered.map((f) => f.column))];
}

/** The columns the inbox list reads beside its own: the name and each form's summary field. */
export function listColumns(forms: FormDefinitions = formDefinitions): string[] {
  const fields = Object.values(forms).flatMap(storedFields);
  return [...new Set(fields.filter((f) => f.group === "Name" || f.summary).map((f) => f.column))];
}

export { applicationForm, contactForm, feedbackForm };
export * from "./definition";
export * from "./staff-view";
