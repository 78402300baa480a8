import { formAnswerId, honeypotField } from "@contracts/constants";
import { SourcePathField } from "./source-path-field";
import type { FormDefinition } from "@contracts/forms/definition";
import { feedbackForm, feedbackSuccessMessage } from "@contracts/forms/feedback";
import { apiBases, submit } from "~/lib/api-client";
import { DefinedFields } from "./defined-fields";
import { ErrorSummary, FormNote, Honeypot, ResultMessage } from "./field";
import { SentPanel } from "./sent-panel";
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
  const { formRef, resultRef, panelRef, errors, summary, validated, sending, result, sent, again, dismiss, onSubmit } =
    useFormSubmission(
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
      action={`${apiBases.contact}${definition.path}#${formAnswerId}`}
      noValidate
      onSubmit={onSubmit}
      aria-label={definition.ariaLabel}
    >
      {sent !== null ? (
        <SentPanel kind="feedback" message={sent} onAgain={again} panelRef={panelRef} />
      ) : (
        <>
          <ResultMessage result={result} onDismiss={dismiss} boxRef={resultRef} />
          <ErrorSummary items={summary} />
          <FormNote />
          <DefinedFields fields={definition.fields} common={common} />
          <Honeypot id={`feedback-${honeypotField}`} name={honeypotField} />
          <SourcePathField initial={initial} />
          <button type="submit" className="btn btn-primary btn-lg" disabled={sending}>
            {sending ? feedbackFormText.sending : feedbackFormText.submit}
          </button>
        </>
      )}
    </form>
  );
}
