import { Fragment } from "react";
import type { ResumeAnswer, ShownFieldAnswer } from "@contracts/console-answers";
import { FieldList, type FieldRow } from "../../ui/FieldList";
import { ResumeViewer } from "./ResumeViewer";

/**
 * A submission's "Details" column, on its own page and in the quarantine: the page's own rows
 * around the form's fields as the server shows them (contracts/forms/staff-view.ts), so a field
 * added to a form appears here with no change to the console. One-line fields go in the list,
 * each multi-line one (a message, a cover letter) under its own heading, then the resume.
 */
export function SubmissionDetails(props: {
  /** Rows before the form's fields (kind, received, …). */
  before: FieldRow[];
  fields: ShownFieldAnswer[];
  /** Rows after them (what the team set, where it came from). */
  after?: FieldRow[];
  resume: ResumeAnswer | null;
  /** Where the resume downloads from; without it, `resumeNote` says why it cannot be yet. */
  resumeHref?: string;
  /** Where the resume is shown inside the console (ResumeViewer.tsx); the quarantine has none. */
  resumeViewHref?: string;
  resumeNote?: string;
}) {
  const { resume } = props;
  const oneLine: FieldRow[] = props.fields.filter((f) => !f.multiLine).map((f) => [f.label, f.value]);
  return (
    <section aria-labelledby="h-details">
      <h2 id="h-details">Details</h2>
      <FieldList fields={[...props.before, ...oneLine, ...(props.after ?? [])]} />
      {props.fields
        .filter((f) => f.multiLine)
        .map((f) => (
          <Fragment key={f.label}>
            <h3>{f.label}</h3>
            <p className="message">{f.value}</p>
          </Fragment>
        ))}
      {resume && (
        <>
          <h3>Resume</h3>
          <p>
            {resume.detected_type.toUpperCase()}, {Math.ceil(resume.size / 1024)} KB, uploaded as “
            {resume.original_name}”.{props.resumeNote && ` ${props.resumeNote}`}
          </p>
          {props.resumeHref && (
            <p>
              <a className="button" href={props.resumeHref} download={resume.fileName}>
                Download resume
              </a>
            </p>
          )}
          {props.resumeViewHref && (
            <ResumeViewer resume={resume} href={props.resumeViewHref} title={`Resume, ${resume.fileName}`} />
          )}
        </>
      )}
    </section>
  );
}
