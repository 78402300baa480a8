/**
 * A form page's answer to a browser's own post (docs/decisions/060). The server checks and stores
 * the post (server/forms/browser-answers.ts), then renders the form's route with its answer in the
 * load context; the route's action returns it, and the page shows it in the form island's place,
 * with the same form components: the form again with a summary, the visitor's values and each
 * field's message, or the sent panel. The page around it is the route's own.
 */
import type { AppliedRole } from "@contracts/careers/applied-role";
import { formAnswerId } from "@contracts/constants";
import type { FormAnswer, FormAnswerData, FormKind, FormPages } from "@contracts/form-answers";
import { submissionKinds } from "@contracts/submission-kinds";
import { formDefinitions, type FormDefinition } from "@contracts/forms";
import { resumeAgainMessage } from "@contracts/forms/application";
import { useContext, type ReactNode } from "react";
import {
  data,
  useActionData,
  UNSAFE_DataRouterStateContext as DataRouterStateContext,
  type ActionFunctionArgs,
  type AppLoadContext,
} from "react-router";
import { CareerForm } from "./career-form";
import { ContactForm } from "./contact-form";
import { FeedbackForm } from "./feedback-form";
import { SentPanel } from "./sent-panel";
import { formIdPrefixes, formPagePath, sentWords } from "./sent-words";
import { apiBases } from "~/lib/api-client";

/** The heading of the summary when the server returns a form. */
const problems: Record<FormKind, string> = {
  contact: "Your message has not been sent yet",
  application: "Your application has not been submitted yet",
  feedback: "Your feedback has not been sent yet",
};

/** For the server (exported by root.tsx): where each form is answered, and the hosts the forms post to. */
export const formPages: FormPages = {
  pages: Object.fromEntries(submissionKinds.map((kind) => [kind, formPagePath(kind)])) as Record<FormKind, string>,
  apiOrigins: [
    ...new Set(
      Object.values(apiBases)
        .filter(Boolean)
        .map((base) => new URL(base).origin),
    ),
  ],
};

/** The island that holds each form on its pages. */
export const formIslands: Record<string, FormKind> = {
  "contact-form": "contact",
  "career-form": "application",
  "feedback-form": "feedback",
};

/**
 * The form routes' action. It reads nothing from the request: the server has already read, checked
 * and stored the post, and hands its answer in the load context. A post that did not come through
 * the server's form endpoints has no answer, and the page has no other action.
 */
export function formAnswerAction(pageTitle: (args: ActionFunctionArgs) => string) {
  return (args: ActionFunctionArgs) => {
    const answer = (args.context as AppLoadContext).formAnswer;
    if (!answer) throw data(null, { status: 405 });
    const prefix = answer.outcome === "returned" ? "Error" : sentWords[answer.kind].done;
    const body: FormAnswerData = { answer, title: `${prefix}: ${pageTitle(args)}` };
    return data(body, { status: answer.outcome === "returned" ? 400 : 200 });
  };
}

/** The answer the page is rendered with, if any: read by the root layout (no scripts, its title). */
export function usePageAnswer(): FormAnswerData | undefined {
  const actionData = useContext(DataRouterStateContext)?.actionData;
  const answers = Object.values(actionData ?? {}) as (FormAnswerData | undefined)[];
  return answers.find((d) => d?.answer !== undefined);
}

/** The answer for this form island, inside the route that answers it. */
export function useFormAnswer(island: string): FormAnswer | undefined {
  const answer = (useActionData() as FormAnswerData | undefined)?.answer;
  return answer && formIslands[island] === answer.kind ? answer : undefined;
}

/**
 * A chosen file cannot be put back in the form the server returns, so each file field without a
 * message of its own asks for its file again.
 */
function withFilesAgain(definition: FormDefinition, errors: Record<string, string>): Record<string, string> {
  const again = definition.fields
    .filter((field) => field.input === "file" && !errors[field.name])
    .map((field) => [field.name, resumeAgainMessage]);
  return { ...errors, ...Object.fromEntries(again) };
}

/**
 * The summary lists the messages in the order of the fields on the page (the definition's), each
 * linking to its field by the form's id scheme; a message about the whole form comes first, unlinked.
 */
function Summary({
  kind,
  errors,
  definition,
  idPrefix,
}: {
  kind: FormKind;
  errors: Record<string, string>;
  definition: FormDefinition;
  idPrefix: string;
}) {
  const order = definition.fields.map((field) => field.name);
  const links = Object.entries(errors)
    .map(([name, message]) => ({ name, message, at: order.indexOf(name) }))
    .sort((a, b) => a.at - b.at);
  return (
    <div id={formAnswerId} className="alert alert-danger form-answer" role="alert" tabIndex={-1}>
      <h2 className="h5">{problems[kind]}</h2>
      <p>Please correct the following:</p>
      <ul className="mb-0">
        {links.map((l) => (
          <li key={l.message}>{l.at >= 0 ? <a href={`#${idPrefix}-${l.name}`}>{l.message}</a> : l.message}</li>
        ))}
      </ul>
    </div>
  );
}

/** The answer in the form's place. `idPrefix`: the contact form's on this page, if not its default. */
export function FormAnswerView({ answer, idPrefix }: { answer: FormAnswer; idPrefix?: string }): ReactNode {
  const { kind } = answer;
  // The same panel the page shows after a send with JavaScript (sent-panel.tsx).
  if (answer.outcome === "sent") return <SentPanel kind={kind} message={answer.message} />;
  const definition = answer.definition ?? formDefinitions[kind];
  const errors = withFilesAgain(definition, answer.form.errors);
  // A refusal before the form was read (too large, too many) has no values to mark as valid.
  const initial = { values: answer.form.values, errors, checked: Object.keys(answer.form.values).length > 0 };
  const role: AppliedRole | undefined = answer.form.role;
  const prefix = kind === "contact" ? (idPrefix ?? formIdPrefixes.contact) : formIdPrefixes[kind];
  return (
    <>
      <Summary kind={kind} errors={errors} definition={definition} idPrefix={prefix} />
      {kind === "contact" ? (
        <ContactForm idPrefix={prefix} initial={initial} definition={definition} />
      ) : kind === "application" ? (
        <CareerForm initial={initial} definition={definition} role={role} />
      ) : (
        <FeedbackForm initial={initial} definition={definition} />
      )}
    </>
  );
}
