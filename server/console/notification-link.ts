/**
 * The notification that carries less (NOTIFY_WITH_LINK): what arrived and a link to it in the
 * staff console, without the person's details, message or resume, so no copy of them collects in
 * mailboxes that no erasure reaches. Off by default: the company opts in once the console is in use.
 */
import type { Selectable } from "kysely";
import type { MailContent } from "../mail/templates";
import type { SubmissionsTable } from "../storage/schema";

const kindLabel = { contact: "Contact enquiry", feedback: "Feedback", application: "Job application" } as const;

export function submissionLink(consoleOrigin: string, id: number): string {
  return `${consoleOrigin}/admin/submissions/${id}`;
}

export function linkNotification(s: Selectable<SubmissionsTable>, consoleOrigin: string): MailContent {
  const what = s.kind === "application" ? `${kindLabel.application} ${s.reference}` : `${kindLabel[s.kind]} #${s.id}`;
  const link = submissionLink(consoleOrigin, s.id);
  const intro = `A new ${kindLabel[s.kind].toLowerCase()} arrived from the website on ${s.created_at.slice(0, 10)}.`;
  const open = "Open it in the staff console (sign in with your passkey):";
  return {
    subject: what,
    text: `${intro}\n\n${open}\n${link}\n`,
    html: `<p>${intro}</p><p>${open}<br><a href="${link}">${link}</a></p>`,
  };
}
