import { formAnswerId } from "@contracts/constants";
import type { FormDefinition } from "@contracts/forms/definition";
import { feedbackForm, feedbackSuccessMessage } from "@contracts/forms/feedback";
import { apiBases, submit } from "~/lib/api-client";
import { FormBody } from "./form-body";
import { useFormSubmission, type FormInitial } from "./use-form-submission";

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
  const submission = useFormSubmission(
    () => import("@contracts/forms/schema").then((m) => m.schemaOf(definition)),
    (data) => submit(`${apiBases.contact}${definition.path}`, JSON.stringify(data)),
    {
      success: () => feedbackSuccessMessage,
      refused: (o) => o.response?.message || feedbackFormText.refused,
      unreachable: feedbackFormText.unreachable,
    },
    undefined,
    initial,
  );
  return (
    <form
      ref={submission.formRef}
      method="post"
      action={`${apiBases.contact}${definition.path}#${formAnswerId}`}
      noValidate
      onSubmit={submission.onSubmit}
      aria-label={definition.ariaLabel}
    >
      <FormBody
        kind="feedback"
        submission={submission}
        fields={definition.fields}
        idPrefix="feedback"
        initial={initial}
        words={feedbackFormText}
      />
    </form>
  );
}
