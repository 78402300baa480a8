import { contactForm } from "@contracts/forms/contact";
import type { FormDefinition } from "@contracts/forms/definition";
import { JsonForm } from "./json-form";
import type { FormInitial } from "./use-form-submission";
import { formIdPrefixes } from "./sent-words";

export const contactFormText = {
  submit: "Book A Consultation",
  sending: "Sending...",
  success: "Your message has been sent successfully!",
  refused: "Submission failed. Please try again.",
  unreachable: "Error submitting the form. Please try again later.",
} as const;

/** The contact enquiry form: on /contact, the home page and every service and technology page. */
export function ContactForm({
  idPrefix = formIdPrefixes.contact,
  initial,
  definition = contactForm,
}: {
  idPrefix?: string;
  initial?: FormInitial;
  /** The fields to show and check: the contact form's own, or (in a test) one with a field added. */
  definition?: FormDefinition;
}) {
  return (
    <JsonForm
      kind="contact"
      definition={definition}
      idPrefix={idPrefix}
      initial={initial}
      words={contactFormText}
      messages={{
        success: (o) => o.response.message || contactFormText.success,
        refused: (o) => o.response?.message || contactFormText.refused,
        unreachable: contactFormText.unreachable,
      }}
      className="contact-form"
    />
  );
}
