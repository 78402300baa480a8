import type { FormDefinition } from "@contracts/forms/definition";
import { feedbackForm, feedbackSuccessMessage } from "@contracts/forms/feedback";
import { JsonForm } from "./json-form";
import type { FormInitial } from "./use-form-submission";
import { formIdPrefixes } from "./sent-words";

export const feedbackFormText = {
  submit: "Send Feedback",
  sending: "Sending...",
  refused: "Your feedback could not be sent. Please try again.",
  unreachable: "Error submitting the form. Please try again later.",
} as const;

/** Feedback about the website, a service or support: sent to POST /api/feedback. */
export function FeedbackForm({
  initial,
  definition = feedbackForm,
}: {
  initial?: FormInitial;
  /** The fields to show and check: the feedback form's own, or (in a test) one with a field added. */
  definition?: FormDefinition;
}) {
  return (
    <JsonForm
      kind="feedback"
      definition={definition}
      idPrefix={formIdPrefixes.feedback}
      initial={initial}
      words={feedbackFormText}
      messages={{
        success: () => feedbackSuccessMessage,
        refused: (o) => o.response?.message || feedbackFormText.refused,
        unreachable: feedbackFormText.unreachable,
      }}
    />
  );
}
