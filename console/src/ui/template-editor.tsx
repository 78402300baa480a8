/**
 * The parts both kinds of e-mail template share (decision e-mails and replies, on E-mail templates):
 * the fields a template may use, when it last changed, and its form beside a preview with sample
 * values.
 */
import type { ReactNode } from "react";
import { formatTime } from "../api";
import { MailPreview } from "./MailPreview";

export function FieldMeanings<F extends string>(props: {
  fields: readonly F[];
  meanings: Record<F, string>;
  labelledBy?: string;
}) {
  return (
    <dl className="fields" aria-labelledby={props.labelledBy}>
      {props.fields.map((f) => (
        <div key={f}>
          <dt>
            <code>{`{{${f}}}`}</code>
          </dt>
          <dd>{props.meanings[f]}</dd>
        </div>
      ))}
    </dl>
  );
}

export function LastChanged(props: { by: string | null; at: string }) {
  return (
    <p className="hint">
      {props.by ? `Last changed ${formatTime(props.at)} by ${props.by}.` : "The first version, as installed."}
    </p>
  );
}

export type Outcome = { text: string; failed: boolean } | null;

export type TemplateText = { subject: string; body: string };

/** A template's form (fields of its own first, then subject and text) beside its preview. */
export function TemplateEditor(props: {
  /** Makes the fields' ids unique on the page. */
  name: string;
  onSubmit: () => void;
  leading?: ReactNode;
  /** The template's words as being edited, and what takes their change. */
  text: TemplateText;
  onText: (text: TemplateText) => void;
  rows: number;
  outcome: Outcome;
  actions: ReactNode;
  preview: { subject: string; text: string };
  previewHeading: "h3" | "h4";
}) {
  const { name } = props;
  const Heading = props.previewHeading;
  return (
    <div className="template-columns">
      <form
        onSubmit={(e) => {
          e.preventDefault();
          props.onSubmit();
        }}
      >
        {props.leading}
        <label htmlFor={`subject-${name}`}>Subject</label>
        <input
          id={`subject-${name}`}
          value={props.text.subject}
          onChange={(e) => props.onText({ ...props.text, subject: e.target.value })}
        />
        <label htmlFor={`body-${name}`}>Text</label>
        <textarea
          id={`body-${name}`}
          rows={props.rows}
          value={props.text.body}
          onChange={(e) => props.onText({ ...props.text, body: e.target.value })}
        />
        <div role="status">
          {props.outcome && <p className={props.outcome.failed ? "error" : "hint"}>{props.outcome.text}</p>}
        </div>
        {props.actions}
      </form>
      <div>
        <Heading id={`h-preview-${name}`}>Preview with sample values</Heading>
        <MailPreview labelledBy={`h-preview-${name}`} {...props.preview} />
      </div>
    </div>
  );
}
