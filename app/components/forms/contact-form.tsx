import { contactPath } from "@contracts/contact-constants";
import { formAnswerId, honeypotField, limits } from "@contracts/constants";
import { Link } from "react-router";
import { apiBases, submit } from "~/lib/api-client";
import { PersonFields } from "./person-fields";
import { CheckboxField, ErrorSummary, FormNote, Honeypot, InputField, ResultMessage, TextAreaField } from "./field";
import { useFormSubmission, type FormInitial } from "./use-form-submission";

export const contactFormText = {
  submit: "Book A Consultation",
  sending: "Sending...",
  success: "Your message has been sent successfully!",
  refused: "Submission failed. Please try again.",
  unreachable: "Error submitting the form. Please try again later.",
} as const;

/** The contact enquiry form: on /contact, the home page and every service and technology page. */
export function ContactForm({ idPrefix = "contact", initial }: { idPrefix?: string; initial?: FormInitial }) {
  const { formRef, resultRef, errors, summary, validated, sending, result, dismiss, onSubmit } = useFormSubmission(
    () => import("@contracts/contact").then((m) => m.contactSchema),
    (data) => submit(`${apiBases.contact}${contactPath}`, JSON.stringify(data)),
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
      action={`${apiBases.contact}${contactPath}#${formAnswerId}`}
      noValidate
      onSubmit={onSubmit}
      className="contact-form"
      aria-label="Contact form"
    >
      <ResultMessage result={result} onDismiss={dismiss} boxRef={resultRef} />
      <ErrorSummary items={summary} />
      <FormNote />
      <PersonFields common={common} />
      <InputField {...common("reason")} label="Reason for inquiry" maxLength={limits.reason + 1} />
      <TextAreaField {...common("message")} label="Message" rows={5} maxLength={limits.message + 1} />
      <CheckboxField
        {...common("agree")}
        label={
          <>
            I agree to the <Link to="/privacy-policy">privacy terms</Link> and to being contacted about my enquiry.
          </>
        }
      />
      <Honeypot id={id(honeypotField)} name={honeypotField} />
      <button type="submit" className="btn btn-primary btn-lg" disabled={sending}>
        {sending ? contactFormText.sending : contactFormText.submit}
      </button>
    </form>
  );
}
