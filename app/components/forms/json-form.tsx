import { formAnswerId } from "@contracts/constants";
import type { FormKind } from "@contracts/form-answers";
import type { FormDefinition } from "@contracts/forms/definition";
import { apiBases, submit } from "~/lib/api-client";
import { FormBody } from "./form-body";
import { useFormSubmission, type FormInitial, type SubmissionMessages } from "./use-form-submission";

/**
 * A form whose answer the browser sends as JSON: the contact enquiry and feedback (an
 * application carries a file and is sent as multipart, career-form.tsx). Its definition gives the
 * fields, the checks (loaded on the first submit) and the address, which is also where the
 * browser posts the form itself without scripts (or before they load); see
 * docs/decisions/012-forms-without-javascript.md.
 */
export function JsonForm({
  kind,
  definition,
  idPrefix,
  initial,
  words,
  messages,
  className,
}: {
  kind: FormKind;
  definition: FormDefinition;
  idPrefix: string;
  initial?: FormInitial;
  /** The submit button's words, at rest and while sending. */
  words: { submit: string; sending: string };
  messages: SubmissionMessages;
  className?: string;
}) {
  const submission = useFormSubmission(
    () => import("@contracts/forms/schema").then((m) => m.schemaOf(definition)),
    (data) => submit(`${apiBases.contact}${definition.path}`, JSON.stringify(data)),
    messages,
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
      className={className}
      aria-label={definition.ariaLabel}
    >
      <FormBody
        kind={kind}
        submission={submission}
        fields={definition.fields}
        idPrefix={idPrefix}
        initial={initial}
        words={words}
      />
    </form>
  );
}
