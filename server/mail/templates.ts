/**
 * The company's notification of a submission (the submitter's confirmation is in
 * confirmation.ts). Every user value is HTML-escaped in HTML bodies, nothing a user typed can add a
 * line to a header (names and subjects lose CR, LF and other control characters), and no value can
 * start a line of the body (one-line values are flattened, the message's lines indented).
 */
import type { Selectable } from "kysely";
import { controlCharacters } from "../../contracts/fields";
import type { ResumesTable, SubmissionsTable } from "../storage/schema";
import { resumeContentTypes, resumeFileName } from "../uploads/resume-name";

export type SubmissionRow = Selectable<SubmissionsTable>;

export interface MailContent {
  subject: string;
  text: string;
  html: string;
  replyTo?: string;
  attachment?: { filename: string; content: Buffer; contentType: string };
}

export function escapeHtml(value: string): string {
  return value.replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!,
  );
}

/** Line breaks of every kind: CRLF, CR, LF, NEL and the Unicode line and paragraph separators. */
const lineBreaks = /\r\n|[\r\n\u0085\u2028\u2029]/g;
const controls = new RegExp(controlCharacters.source, "g");

/**
 * A value on one line: line breaks and tabs become spaces, other control and bidi characters
 * become U+FFFD, so a reader sees that something was there and nothing reorders the line.
 */
export function oneLine(value: string): string {
  return value.replace(lineBreaks, " ").replace(/\t/g, " ").replace(controls, "\ufffd");
}

/** A multi-line value: its line breaks as LF, every other control or bidi character as U+FFFD. */
function lines(value: string): string {
  return value
    .replace(lineBreaks, "\n")
    .replace(/\t/g, "    ")
    .replace(controls, (c) => (c === "\n" ? c : "\ufffd"));
}

/** One line, no control characters, bounded: safe in any header. */
export function headerSafe(value: string, max = 120): string {
  return oneLine(value)
    .replace(/\ufffd/g, " ")
    .replace(/\s+/g, " ")
    .trim()
    .slice(0, max);
}

/**
 * What the notification shows, in order; only the message keeps its lines. Submissions stored
 * before the forms refused line breaks in names (or written past the forms) are shown the same
 * way, so no value can start a line that reads as another label ("Bcc: ...").
 */
const fieldLabels: [label: string, value: (s: SubmissionRow) => string | null, multiLine?: true][] = [
  ["Name", (s) => `${s.first_name} ${s.last_name}`],
  ["Email", (s) => s.email],
  ["Phone", (s) => s.phone],
  ["Reason", (s) => s.reason],
  ["Position", (s) => s.position],
  ["Feedback type", (s) => s.feedback_type],
  ["Application number", (s) => s.reference],
  ["Received", (s) => s.created_at],
  ["Message", (s) => s.message, true],
];

export const notificationLabels = [...fieldLabels.map(([label]) => label), "Uploaded file name"] as const;

function fieldsOf(s: SubmissionRow): [string, string][] {
  return fieldLabels.flatMap(([label, read, multiLine]): [string, string][] => {
    const value = read(s);
    return value ? [[label, multiLine ? lines(value) : oneLine(value)]] : [];
  });
}

/**
 * The text body gives each field a line of its own, "Label: value". A multi-line value goes on
 * under its label with every further line indented, so it never starts a line of its own.
 */
function render(intro: string, fields: [string, string][]) {
  const text = `${intro}\n\n${fields.map(([k, v]) => `${k}: ${v.replace(/\n/g, "\n  ")}`).join("\n")}\n`;
  const html =
    `<p>${escapeHtml(intro)}</p><table cellpadding="4">` +
    fields
      .map(
        ([k, v]) =>
          `<tr><th align="left" valign="top">${escapeHtml(k)}</th><td>${escapeHtml(v).replace(/\n/g, "<br>")}</td></tr>`,
      )
      .join("") +
    "</table>";
  return { text, html };
}

const kindLabel = { contact: "Contact enquiry", feedback: "Feedback", application: "Job application" } as const;

export function notification(
  s: SubmissionRow,
  resume?: Pick<ResumesTable, "original_name" | "detected_type" | "content">,
): MailContent {
  const name = headerSafe(`${s.first_name} ${s.last_name}`, 80);
  const subject =
    s.kind === "application"
      ? `${kindLabel.application} ${s.reference}: ${headerSafe(s.position ?? "", 60)} - ${name}`
      : `${kindLabel[s.kind]} from ${name}`;
  return {
    subject: headerSafe(subject, 200),
    ...render(
      `New ${kindLabel[s.kind].toLowerCase()} from the website.`,
      resume ? [...fieldsOf(s), ["Uploaded file name", oneLine(resume.original_name)]] : fieldsOf(s),
    ),
    replyTo: s.email,
    // Named and typed from the detected type; the uploaded name is only shown (escaped) above.
    attachment: resume
      ? {
          filename: resumeFileName(s.reference, resume.detected_type),
          content: Buffer.from(resume.content),
          contentType: resumeContentTypes[resume.detected_type],
        }
      : undefined,
  };
}
