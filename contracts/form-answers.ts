/**
 * The server's HTML answers to a browser's own form post (JavaScript off or not yet loaded),
 * rendered from the same React form components the pages use. The build writes the renderer
 * (vite.form-answers.config.ts); the server loads that build output, never app/ source.
 */
import type { AppliedRole } from "./careers/applied-role";
import type { FormDefinition } from "./forms/definition";
import type { SubmissionKind } from "./submission-kinds";

export type FormKind = SubmissionKind;

/** A form returned to its visitor: what they typed (the resume excepted) and each field's message. */
export interface ReturnedForm {
  values: Record<string, string>;
  errors: Record<string, string>;
  /**
   * The role an application was sent for, as the server found it by the slug posted: the form is
   * returned for that role again (its line and hidden input). Never the posted text itself.
   */
  role?: AppliedRole;
}

export interface FormAnswerRenderer {
  /** The page each form is answered on (its own page; the contact form's is /contact). */
  pages: Record<FormKind, string>;
  /** Origins other than the site's that the forms post to (API hosts set at build time). */
  apiOrigins: string[];
  /** What the answer page's title starts with, before the form page's own title. */
  title(kind: FormKind, outcome: "invalid" | "success"): string;
  /**
   * The error summary and the form again, with the visitor's values and the messages. The form's
   * fields are its definition's (by default the kind's own; a test may pass one with a field added).
   */
  renderInvalid(kind: FormKind, form: ReturnedForm, definition?: FormDefinition): string;
  /** The confirmation that takes the form's place. */
  renderSuccess(kind: FormKind, message: string): string;
}
