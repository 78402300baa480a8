import { formAnswerId } from "@contracts/constants";
import { contactForm } from "@contracts/forms/contact";
import type { FormDefinition } from "@contracts/forms/definition";
import { apiBases, submit } from "~/lib/api-client";
import { FormBody } from "./form-body";
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
  const submission = useFormSubmission(
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
  return (
    // Without scripts (or before they load) the browser posts the form itself; see
    // docs/decisions/012-forms-without-javascript.md.
    <form
      ref={submission.formRef}
      method="post"
      action={`${apiBases.contact}${definition.path}#${formAnswerId}`}
      noValidate
      onSubmit={submission.onSubmit}
      className="contact-form"
      aria-label={definition.ariaLabel}
    >
      <FormBody
        kind="contact"
        submission={submission}
        fields={definition.fields}
        idPrefix={idPrefix}
        initial={initial}
        words={contactFormText}
      />
    </form>
  );
}
