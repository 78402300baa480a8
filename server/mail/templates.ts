/**
 * The company's notification of a submission (the submitter's confirmation is in
 * confirmation.ts). Every user value is HTML-escaped in HTML bodies, nothing a user typed can add a
 * line to a header (names and subjects lose CR, LF and other control characters), and no value can
 * start a line of the body (one-line values are flattened, the message's lines indented).
 */
import type { Selectable } from "kysely";
import type { NamedRole } from "../../contracts/careers/applied-role";
import { rolePath } from "../../contracts/careers/roles";
import { controlCharacters } from "../../contracts/fields";
import { emailOf } from "../../contracts/forms/address";
import {
  formDefinitions,
  nameOf,
  shownFields,
  storedFields,
  summaryOf,
  type FormDefinition,
  type FormDefinitions,
} from "../../contracts/forms/index";
import { staffLabel } from "../../contracts/forms/labels";
import type { ResumesTable, SubmissionsTable } from "../db/schema";
import { resumeContentTypes, resumeFileName } from "../uploads/resume-name";
import { teamTime } from "./team-time";

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

/** The notification's own lines, between the one-line fields and the multi-line ones. */
const metaLabels = { reference: "Application number", role: "Role", received: "Received" } as const;
const resumeLabel = "Uploaded file name";

/**
 * Every label a notification can give a line: each form's fields as the team reads them (a
 * group by its name), the notification's own lines and the uploaded file's name.
 */
export function notificationLabels(forms: FormDefinitions = formDefinitions): string[] {
  const fieldLabels = Object.values(forms).flatMap((form) => storedFields(form).map((f) => f.group ?? staffLabel(f)));
  return [...new Set([...fieldLabels, ...Object.values(metaLabels), resumeLabel])];
}

/**
 * What the notification shows, in order: the form's one-line fields, the application number and
 * the time, then the multi-line ones (the message, the cover letter), which alone keep their
 * lines. Submissions stored before the forms refused line breaks in names (or written past the
 * forms) are shown the same way, so no value can start a line that reads as another label
 * ("Bcc: ...").
 */
function fieldsOf(
  form: FormDefinition,
  s: SubmissionRow,
  role: NamedRole | null,
  timeZone: string,
): [string, string][] {
  const shown = shownFields(form, s);
  const meta: [string, string | null][] = [
    [metaLabels.reference, s.reference],
    // The role applied for: its title, and its page's address, which names it without doubt.
    [metaLabels.role, role ? `${role.title} (${rolePath(role.slug)})` : null],
    // As the team reads a time, in the company's time zone; stored as ISO-8601 in UTC.
    [metaLabels.received, teamTime(s.created_at, timeZone)],
  ];
  return [
    ...shown.filter((f) => !f.multiLine).map((f): [string, string] => [f.label, oneLine(f.value)]),
    ...meta.flatMap(([label, value]): [string, string][] => (value ? [[label, oneLine(value)]] : [])),
    ...shown.filter((f) => f.multiLine).map((f): [string, string] => [f.label, lines(f.value)]),
  ];
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

/** The team's notification of a submission, in its form's words (its definition). */
export function notification(
  s: SubmissionRow,
  /** The company's time zone (`COMPANY_TIME_ZONE`), the time it arrived is written in. */
  timeZone: string,
  resume?: Pick<ResumesTable, "original_name" | "detected_type" | "content">,
  form: FormDefinition = formDefinitions[s.kind],
  /** The role the application was sent for, read from `job_roles` by its stored slug. */
  role: NamedRole | null = null,
): MailContent {
  const name = headerSafe(nameOf(form, s), 80);
  // A numbered submission (an application) is named by its number and what it is about.
  const subject = s.reference
    ? `${form.title} ${s.reference}: ${headerSafe(summaryOf(form, s) ?? "", 60)} - ${name}`
    : `${form.title} from ${name}`;
  const fields = fieldsOf(form, s, role, timeZone);
  return {
    subject: headerSafe(subject, 200),
    ...render(
      `New ${form.title.toLowerCase()} from the website.`,
      resume ? [...fields, [resumeLabel, oneLine(resume.original_name)]] : fields,
    ),
    replyTo: emailOf(form, s),
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
