/**
 * The submitter's confirmation. Anyone can type any address into a form, so this message is
 * sent to people who may never have visited the site: it carries fixed text only (what kind of
 * submission arrived, when, the application number and the position from the fixed list, what
 * happens next, whom to ask), never a name, message or cover letter someone typed. The role an
 * application was sent for is named by its title as HR wrote it in `job_roles`, read by the
 * worker from the stored slug: our words, never the sender's.
 */
import type { NamedRole } from "../../contracts/careers/applied-role";
import { confirmationSubjects } from "../../contracts/replies";
import { formDefinitions, storedFields, type FormDefinition } from "../../contracts/forms/index";
import { escapeHtml, headerSafe, oneLine, type MailContent, type SubmissionRow } from "./templates";

const privacyContact = "privacy@altivacloud.com";
const careersContact = "careers@altivacloud.com";

function received(createdAt: string): string {
  // A fixed, unambiguous form: the date and time in UTC.
  return `${createdAt.slice(0, 10)} at ${createdAt.slice(11, 16)} UTC`;
}

/**
 * The choice the confirmation may name (the position applied for): the value of the form's field
 * marked `confirmation`, as its option reads, only when it is one of the field's options; anything
 * else would be text an outsider chose.
 */
export function confirmedChoice(form: FormDefinition, s: SubmissionRow): string | null {
  const row = s as unknown as Record<string, unknown>;
  for (const field of storedFields(form)) {
    if (field.input !== "select" || !field.confirmation) continue;
    const option = field.options.find((o) => o.value === row[field.column]);
    if (option) return option.label;
  }
  return null;
}

/** What the application was for: the role (and the position chosen), else the position alone. */
function appliedFor(position: string | null, role: NamedRole | null): string {
  if (role) return ` for the role of ${oneLine(role.title)}${position ? ` (position: ${position})` : ""}`;
  return position ? ` for the position of ${position}` : "";
}

export function confirmation(
  s: SubmissionRow,
  form: FormDefinition = formDefinitions[s.kind],
  /** The role the application was sent for, read from `job_roles` by its stored slug. */
  role: NamedRole | null = null,
): MailContent {
  const when = received(s.created_at);
  const notYou =
    "If you did not send this, someone else typed your address into our website: you need not do anything, and you will receive no further e-mail about it.";
  let subject: string;
  let lines: string[];
  if (s.kind === "application") {
    const position = confirmedChoice(form, s);
    subject = `We received your application ${s.reference}${role ? ` for ${headerSafe(role.title, 80)}` : ""}`;
    lines = [
      `We received a job application${appliedFor(position, role)} on ${when}.`,
      `Application number: ${s.reference}`,
      "What happens next: our recruitment team reads every application and replies within ten business days.",
      `Questions about your application: ${careersContact}. How we handle candidates' data: see our Recruitment Privacy Policy, or write to ${careersContact}.`,
      notYou,
    ];
  } else if (s.kind === "feedback") {
    subject = confirmationSubjects.feedback;
    lines = [
      `We received feedback sent through our website on ${when}.`,
      "What happens next: the people responsible for what it concerns read it; we reply if it asks for an answer.",
      `Questions about your data: ${privacyContact}.`,
      notYou,
    ];
  } else {
    subject = confirmationSubjects.contact;
    lines = [
      `We received an enquiry sent through our contact form on ${when}.`,
      "What happens next: a senior engineer replies within one business day.",
      `Questions about your data: ${privacyContact}.`,
      notYou,
    ];
  }
  const text = `${lines.join("\n\n")}\n\nAltiva Cloud Technologies\n`;
  const html = `${lines.map((l) => `<p>${escapeHtml(l)}</p>`).join("")}<p>Altiva Cloud Technologies</p>`;
  return { subject, text, html };
}
