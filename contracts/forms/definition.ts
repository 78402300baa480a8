/**
 * What a form is, as data: each field once, with everything the site, the server, the mail, the
 * webhook, the exports and the console need to know about it. No zod here, so a page that shows a
 * form ships its words without the validator (schema.ts builds that from the same definition, and
 * the browser loads it only on submit).
 */
import type { SubmissionKind } from "../submission-kinds";

/** How the field is typed on the form; "textarea" is the one kind that keeps line breaks. */
export type FieldInput = "text" | "email" | "tel" | "select" | "textarea" | "checkbox" | "file";

interface FieldBase {
  /** The request key (the wire format, the spec's names) and the webhook payload's key. */
  readonly name: string;
  /** The label on the form. */
  readonly label: string;
  /** The label in the team's views (notification, console) where the form's words speak to the visitor. */
  readonly staffLabel?: string;
  /** Shown when the field is missing or invalid: the spec's words where it gives them. */
  readonly message: string;
  /** Not required; the form marks it "(optional)". */
  readonly optional?: true;
  /** Holds personal data (erasure, retention and the people's copy reach every stored field alike). */
  readonly personal: boolean;
  /** A line of help under the field. */
  readonly hint?: string;
  /** Shares a row with its neighbour on wide screens. */
  readonly half?: true;
  readonly autoComplete?: string;
}

/** A field kept in its own column of `submissions`: shown to the team, sent to the webhook, exported. */
interface StoredField extends FieldBase {
  /** The column in `submissions` (snake_case) and the export's column header. */
  readonly column: string;
  /**
   * Fields with the same group read as one value in the team's views, joined by a space: first
   * and last name are "Name".
   */
  readonly group?: string;
  /** The one-line subject of a submission in the inbox list ("Position or reason"). */
  readonly summary?: true;
}

export interface TextField extends StoredField {
  readonly input: "text" | "textarea";
  readonly max: number;
  readonly rows?: number;
}

export interface EmailField extends StoredField {
  readonly input: "email";
}

export interface PhoneField extends StoredField {
  readonly input: "tel";
  /**
   * Where a number typed without its country code is read, in order (ISO 3166 codes); with a
   * code, any country's number is taken. Stored as E.164.
   */
  readonly countries: readonly string[];
}

export interface ChoiceField extends StoredField {
  readonly input: "select";
  readonly options: readonly { readonly value: string; readonly label: string }[];
  readonly placeholder: string;
  /**
   * Named in the submitter's confirmation. Only fields with fixed options may be: the
   * confirmation goes to whatever address was typed, so it never repeats free text.
   */
  readonly confirmation?: true;
}

/** A box the visitor ticks: checked, never stored (the submission's existence records it). */
export interface ConsentField extends FieldBase {
  readonly input: "checkbox";
  /** The link inside the label: its words (found in `label`) and where it goes. */
  readonly link: { readonly text: string; readonly to: string };
  /** An older request key still accepted, so a page loaded before a release still sends. */
  readonly formerName?: string;
}

/**
 * A box the visitor may tick to give a consent that is kept: its column holds the version of the
 * words they ticked, null when they did not. Optional and unticked by default; the team sees
 * "Yes" with the version. A new wording is a new version, so a stored version always names the
 * words the person saw.
 */
export interface StoredConsentField extends StoredField {
  readonly input: "checkbox";
  readonly optional: true;
  /** The version of `label`'s words: what is stored when the box is ticked. */
  readonly version: string;
}

/** A file: checked by its content on the server and stored apart (the resumes table). */
export interface FileField extends FieldBase {
  readonly input: "file";
  /** What the browser's file picker offers. */
  readonly accept: string;
}

export type FieldDefinition =
  TextField | EmailField | PhoneField | ChoiceField | ConsentField | StoredConsentField | FileField;
export type StoredFieldDefinition = TextField | EmailField | PhoneField | ChoiceField | StoredConsentField;

export interface FormDefinition {
  readonly kind: SubmissionKind;
  /** Where the form posts, on its API host. */
  readonly path: string;
  /** What the team calls one ("Contact enquiry"): mail subjects, the console. */
  readonly title: string;
  /** The form's accessible name. */
  readonly ariaLabel: string;
  /** How the body is sent: JSON, or multipart when the form carries a file. */
  readonly encoding: "json" | "multipart";
  readonly fields: readonly FieldDefinition[];
}

export function isStored(field: FieldDefinition): field is StoredFieldDefinition {
  return "column" in field;
}

/** The fields a form keeps in columns, in the form's order. */
export function storedFields(form: FormDefinition): StoredFieldDefinition[] {
  return form.fields.filter(isStored);
}

/** The message of each field by its request key, for the forms' own checks and the tests. */
export function messagesOf(form: FormDefinition): Record<string, string> {
  return Object.fromEntries(form.fields.map((f) => [f.name, f.message]));
}
