import { formAnswerId, honeypotField } from "@contracts/constants";
import { SourcePathField } from "./source-path-field";
import { contactForm } from "@contracts/forms/contact";
import type { FormDefinition } from "@contracts/forms/definition";
import { apiBases, submit } from "~/lib/api-client";
import { DefinedFields } from "./defined-fields";
import { ErrorSummary, FormNote, Honeypot, ResultMessage } from "./field";
import { SentPanel } from "./sent-panel";
import { useFormSubmission, type FormInitial } from "./use-form-submission";

export const contactFormText = {
  submit: "Book A Consultation",
  sending: "Sending...",
  success: "Your message has been sent successfully!",
  refused: "Submission failed. Please try again.",
  unreachable: "Error submitting the form. Please try again later.",
} as const;

/** The contact enquiry form: on /contact, the home page and every service and technology page. */
export function ContactForm({
  idPrefix = "contact",
  initial,
  definition = contactForm,
}: {
  idPrefix?: string;
  initial?: FormInitial;
  /** The fields to show and check: the contact form's own, or (in a test) one with a field added. */
  definition?: FormDefinition;
}) {
  const { formRef, resultRef, panelRef, errors, summary, validated, sending, result, sent, again, dismiss, onSubmit } =
    useFormSubmission(
      () => import("@contracts/forms/schema").then((m) => m.schemaOf(definition)),
      (data) => submit(`${apiBases.contact}${definition.path}`, JSON.stringify(data)),
      {
        success: (o) => o.response.message || contactFormText.success,
        refused: (o) => o.response?.message || contactFormText.refused,
        unreachable: contactFormText.unreachable,
      },
      undefined,
      initial,
    );
  const id = (name: string) => `${idPrefix}-${name}`;
  const common = (name: string) => ({
    id: id(name),
    name,
    error: errors[name],
    validated,
    defaultValue: initial?.values[name],
  });
  return (
    // Without scripts (or before they load) the browser posts the form itself; see
    // docs/decisions/012-forms-without-javascript.md.
    <form
      ref={formRef}
      method="post"
      action={`${apiBases.contact}${definition.path}#${formAnswerId}`}
      noValidate
      onSubmit={onSubmit}
      className="contact-form"
      aria-label={definition.ariaLabel}
    >
      {sent !== null ? (
        <SentPanel kind="contact" message={sent} onAgain={again} panelRef={panelRef} />
      ) : (
        <>
          <ResultMessage result={result} onDismiss={dismiss} boxRef={resultRef} />
          <ErrorSummary items={summary} />
          <FormNote />
          <DefinedFields fields={definition.fields} common={common} />
          <Honeypot id={id(honeypotField)} name={honeypotField} />
          <SourcePathField initial={initial} />
          <button type="submit" className="btn btn-primary btn-lg" disabled={sending}>
            {sending ? contactFormText.sending : contactFormText.submit}
          </button>
        </>
      )}
    </form>
  );
}
