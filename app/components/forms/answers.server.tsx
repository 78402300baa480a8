/**
 * The server's HTML answers to a browser's own form post: the same form components as the
 * pages, rendered with what the visitor typed and the contract's messages, or the confirmation
 * that takes the form's place. Built into build/form-answers/ by vite.form-answers.config.ts;
 * the server splices the result into the form's prerendered page (server/forms/answer-pages.ts).
 */
import type { AppliedRole } from "@contracts/careers/applied-role";
import { formAnswerId } from "@contracts/constants";
import type { FormAnswerRenderer, FormKind } from "@contracts/form-answers";
import { formDefinitions, type FormDefinition } from "@contracts/forms";
import { resumeAgainMessage } from "@contracts/forms/application";
import type { ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { CareerForm } from "~/components/forms/career-form";
import { ContactForm } from "~/components/forms/contact-form";
import { FeedbackForm } from "~/components/forms/feedback-form";
import type { FormInitial } from "~/components/forms/use-form-submission";
import { apiBases } from "~/lib/api-client";
import { contactPageSectionId } from "~/components/sections/contact-section";
import { SentPanel } from "~/components/forms/sent-panel";
import { formPagePath, sentWords } from "~/components/forms/sent-words";
import { submissionKinds } from "@contracts/submission-kinds";

const pages = Object.fromEntries(submissionKinds.map((kind) => [kind, formPagePath(kind)])) as Record<FormKind, string>;

/** The heading of the summary when the server returns a form. */
const problems: Record<FormKind, string> = {
  contact: "Your message has not been sent yet",
  application: "Your application has not been submitted yet",
  feedback: "Your feedback has not been sent yet",
};

function form(kind: FormKind, returned: FormInitial, definition: FormDefinition, role?: AppliedRole): ReactNode {
  if (kind === "contact")
    return <ContactForm idPrefix={contactPageSectionId} initial={returned} definition={definition} />;
  if (kind === "application") return <CareerForm initial={returned} definition={definition} role={role} />;
  return <FeedbackForm initial={returned} definition={definition} />;
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

const html = (node: ReactNode) => renderToStaticMarkup(<MemoryRouter>{node}</MemoryRouter>);

/**
 * The summary lists the messages in the order of the fields on the page, each linking to its
 * field; the ids come from the rendered form itself, so the two cannot disagree.
 */
function summary(kind: FormKind, errors: Record<string, string>, formHtml: string): string {
  const links = Object.entries(errors)
    .map(([name, message]) => {
      const field = new RegExp(`<(?:input|select|textarea)\\b[^>]*\\bname="${name}"[^>]*>`).exec(formHtml);
      // A message about the whole form (no field of that name) comes first, without a link.
      return { message, id: field ? /\bid="([^"]+)"/.exec(field[0])?.[1] : undefined, at: field?.index ?? -1 };
    })
    .sort((a, b) => a.at - b.at);
  return html(
    <div id={formAnswerId} className="alert alert-danger form-answer" role="alert" tabIndex={-1}>
      <h2 className="h5">{problems[kind]}</h2>
      <p>Please correct the following:</p>
      <ul className="mb-0">
        {links.map((l) => (
          <li key={l.message}>{l.id ? <a href={`#${l.id}`}>{l.message}</a> : l.message}</li>
        ))}
      </ul>
    </div>,
  );
}

export const renderer: FormAnswerRenderer = {
  pages,
  apiOrigins: [
    ...new Set(
      Object.values(apiBases)
        .filter(Boolean)
        .map((base) => new URL(base).origin),
    ),
  ],
  title: (kind, outcome) => (outcome === "invalid" ? "Error" : sentWords[kind].done),
  renderInvalid(kind, returned, definition = formDefinitions[kind]) {
    const errors = withFilesAgain(definition, returned.errors);
    // A refusal before the form was read (too large, too many) has no values to mark as valid.
    const checked = Object.keys(returned.values).length > 0;
    const formHtml = html(form(kind, { values: returned.values, errors, checked }, definition, returned.role));
    return summary(kind, errors, formHtml) + formHtml;
  },
  // The same panel the page shows after a send with JavaScript (sent-panel.tsx).
  renderSuccess: (kind, message) => html(<SentPanel kind={kind} message={message} />),
};
