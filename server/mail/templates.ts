/**
 * The company's notification of a submission (the submitter's confirmation is in
 * confirmation.ts). Every user value is HTML-escaped in HTML bodies, and nothing a user typed can
 * add a line to a header (names and subjects lose CR, LF and other control characters).
 */
import type { Selectable } from "kysely";
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

/** One line, no control characters, bounded: safe in any header. */
export function headerSafe(value: string, max = 120): string {
  return (
    value
      // eslint-disable-next-line no-control-regex -- removing control characters is the point
      .replace(/[\u0000-\u001f\u007f\u2028\u2029]+/g, " ")
      .trim()
      .slice(0, max)
  );
}

function fieldsOf(s: SubmissionRow): [string, string][] {
  const rows: [string, string | null][] = [
    ["Name", `${s.first_name} ${s.last_name}`],
    ["Email", s.email],
    ["Phone", s.phone],
    ["Reason", s.reason],
    ["Position", s.position],
    ["Feedback type", s.feedback_type],
    ["Application number", s.reference],
    ["Received", s.created_at],
    ["Message", s.message],
  ];
  return rows.filter((r): r is [string, string] => !!r[1]);
}

function render(intro: string, fields: [string, string][]) {
  const text = `${intro}\n\n${fields.map(([k, v]) => `${k}: ${v}`).join("\n")}\n`;
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
      resume ? [...fieldsOf(s), ["Uploaded file name", resume.original_name]] : fieldsOf(s),
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
