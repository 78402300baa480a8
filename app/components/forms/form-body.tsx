/**
 * What the three forms hold inside their <form>: once sent, the sent panel in the fields' place;
 * until then the failure message, the error summary, the note, the definition's fields, the
 * honeypot, the page's path and the submit button. One body, so the three keep one order, one
 * scheme of ids (`<prefix>-<name>`) and the same live regions and focus targets, and a change to
 * any of them is made once.
 */
import { honeypotField } from "@contracts/constants";
import type { FormKind } from "@contracts/form-answers";
import type { FieldDefinition } from "@contracts/forms/definition";
import type { ReactNode } from "react";
import { DefinedFields } from "./defined-fields";
import { ErrorSummary, FormNote, Honeypot, ResultMessage } from "./field";
import { SentPanel } from "./sent-panel";
import { SourcePathField } from "./source-path-field";
import type { FormInitial, useFormSubmission } from "./use-form-submission";

/** The state useFormSubmission returns: the body reads the messages, the sent state and the refs. */
export type FormSubmission = ReturnType<typeof useFormSubmission>;

export function FormBody({
  kind,
  submission,
  fields,
  idPrefix,
  initial,
  preset,
  words,
  intro,
  sourcePath = true,
}: {
  /** Which form: its sent panel's words and the way back to it. */
  kind: FormKind;
  submission: FormSubmission;
  /** The definition's fields, in its order. */
  fields: readonly FieldDefinition[];
  /** Starts every control's id, so two forms on one page never share one. */
  idPrefix: string;
  /** A form the server returned: what the visitor typed and each field's message. */
  initial?: FormInitial;
  /** Values a fresh form starts with (a returned form's own values win). */
  preset?: Record<string, string>;
  /** The submit button's words, at rest and while sending. */
  words: { submit: string; sending: string };
  /** What stands between the messages and the note (a role's page says which role it is for). */
  intro?: ReactNode;
  /** Whether to carry the page's path: not on a page rendered from a template whose own path is not the page's. */
  sourcePath?: boolean;
}) {
  const { resultRef, panelRef, errors, summary, validated, sending, result, sent, again, dismiss } = submission;
  if (sent !== null) return <SentPanel kind={kind} message={sent} onAgain={again} panelRef={panelRef} />;
  const id = (name: string) => `${idPrefix}-${name}`;
  const common = (name: string) => ({
    id: id(name),
    name,
    error: errors[name],
    validated,
    defaultValue: initial?.values[name] ?? preset?.[name],
  });
  return (
    <>
      <ResultMessage result={result} onDismiss={dismiss} boxRef={resultRef} />
      <ErrorSummary items={summary} />
      {intro}
      <FormNote />
      <DefinedFields fields={fields} common={common} />
      <Honeypot id={id(honeypotField)} name={honeypotField} />
      {sourcePath && <SourcePathField initial={initial} />}
      <button type="submit" className="btn btn-primary btn-lg" disabled={sending}>
        {sending ? words.sending : words.submit}
      </button>
    </>
  );
}
