/**
 * The server's answer to a browser's own form post (JavaScript off or not yet loaded), as it hands
 * it to React Router's server build in the load context (`formAnswer`, docs/decisions/060): the
 * form route's action returns it, and the page renders it in the form's place with the same form
 * components. The server decides the answer (it checks and stores the post); the route renders it.
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

export type FormAnswer =
  /** The form again: an error summary, the visitor's values and each field's message (answered 400). */
  | {
      kind: FormKind;
      outcome: "returned";
      form: ReturnedForm;
      /** The form's fields as the server checked them (the application's with the live positions). */
      definition?: FormDefinition;
    }
  /** The confirmation in the form's place (the page a valid post is sent to with 303). */
  | { kind: FormKind; outcome: "sent"; message: string };

/** What a form route's action returns: the answer and the page's title for it. */
export interface FormAnswerData {
  answer: FormAnswer;
  /** "Error: Contact Us | Altiva Cloud", "Message sent: Contact Us | Altiva Cloud". */
  title: string;
}

/** What the site's server build says of its forms, for the server (exported by the root route). */
export interface FormPages {
  /** The page each form is answered on (the contact form's is /contact, the application's /career). */
  pages: Record<FormKind, string>;
  /** Origins other than the site's that the forms post to (API hosts set at build time). */
  apiOrigins: string[];
}
