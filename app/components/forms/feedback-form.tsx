import { formAnswerId, honeypotField, limits } from "@contracts/constants";
import { feedbackMessages, feedbackPath, feedbackSuccessMessage, feedbackTypes } from "@contracts/feedback-constants";
import { Link } from "react-router";
import { apiBases, submit } from "~/lib/api-client";
import { PersonFields } from "./person-fields";
import { CheckboxField, ErrorSummary, FormNote, Honeypot, ResultMessage, SelectField, TextAreaField } from "./field";
import { useFormSubmission, type FormInitial } from "./use-form-submission";

const typeLabels: Record<(typeof feedbackTypes)[number], string> = {
  website: "Website",
  service: "Service",
  support: "Support",
  other: "Other",
};

export const feedbackFormText = {
  submit: "Send Feedback",
  sending: "Sending...",
  refused: "Your feedback could not be sent. Please try again.",
  unreachable: "Error submitting the form. Please try again later.",
} as const;

/** Feedback about the website, a service or support: sent to POST /api/feedback. */
export function FeedbackForm({ initial }: { initial?: FormInitial }) {
  const { formRef, resultRef, errors, summary, validated, sending, result, dismiss, onSubmit } = useFormSubmission(
    () => import("@contracts/feedback-schema").then((m) => m.feedbackSchemaFor(feedbackMessages, feedbackTypes)),
    (data) => submit(`${apiBases.contact}${feedbackPath}`, JSON.stringify(data)),
    {
      success: () => feedbackSuccessMessage,
      refused: (o) => o.response?.message || feedbackFormText.refused,
      unreachable: feedbackFormText.unreachable,
    },
    undefined,
    initial,
  );
  const common = (name: string) => ({
    id: `feedback-${name}`,
    name,
    error: errors[name],
    validated,
    defaultValue: initial?.values[name],
  });
  return (
    <form
      ref={formRef}
      method="post"
      action={`${apiBases.contact}${feedbackPath}#${formAnswerId}`}
      noValidate
      onSubmit={onSubmit}
      aria-label="Feedback form"
    >
      <ResultMessage result={result} onDismiss={dismiss} boxRef={resultRef} />
      <ErrorSummary items={summary} />
      <FormNote />
      <PersonFields common={common} phoneOptional />
      <SelectField
        {...common("feedbackType")}
        label="Feedback type"
        placeholder="Choose a type"
        options={feedbackTypes.map((t) => ({ value: t, label: typeLabels[t] }))}
      />
      <TextAreaField {...common("message")} label="Your feedback" rows={5} maxLength={limits.message + 1} />
      <CheckboxField
        {...common("consent")}
        label={
          <>
            I agree that my feedback and details are handled as the <Link to="/privacy-policy">Privacy Policy</Link>{" "}
            describes.
          </>
        }
      />
      <Honeypot id={`feedback-${honeypotField}`} name={honeypotField} />
      <button type="submit" className="btn btn-primary btn-lg" disabled={sending}>
        {sending ? feedbackFormText.sending : feedbackFormText.submit}
      </button>
    </form>
  );
}
