/**
 * The notification that carries less (NOTIFY_WITH_LINK): what arrived and a link to it in the
 * staff console, without the person's details, message or resume, so no copy of them collects in
 * mailboxes that no erasure reaches. Off by default: the company opts in once the console is in use.
 */
import type { Selectable } from "kysely";
import { formDefinitions } from "../../contracts/forms/index";
import type { MailContent } from "./templates";
import type { SubmissionsTable } from "../db/schema";

export function submissionLink(consoleOrigin: string, id: number): string {
  return `${consoleOrigin}/admin/submissions/${id}`;
}

export function linkNotification(s: Selectable<SubmissionsTable>, consoleOrigin: string): MailContent {
  const { title } = formDefinitions[s.kind];
  const what = s.reference ? `${title} ${s.reference}` : `${title} #${s.id}`;
  const link = submissionLink(consoleOrigin, s.id);
  const intro = `A new ${title.toLowerCase()} arrived from the website on ${s.created_at.slice(0, 10)}.`;
  const open = "Open it in the staff console (sign in with your passkey):";
  return {
    subject: what,
    text: `${intro}\n\n${open}\n${link}\n`,
    html: `<p>${intro}</p><p>${open}<br><a href="${link}">${link}</a></p>`,
  };
}
