/**
 * The e-mail that tells a colleague an item was given to them (issue 27): what kind of item, its
 * number in the console and a link to it, never anything of the sender (name, address, company,
 * message), which would otherwise collect in mailboxes no erasure reaches. Sent only while the
 * assignment it was queued for still stands (storage/assignment.ts standingAssignment).
 */
import type { Selectable } from "kysely";
import { formDefinitions } from "../../contracts/forms/index";
import { submissionLink } from "./notification-link";
import { standingAssignment } from "../assignment/assignment";
import type { Database, OutboxTable, SubmissionsTable } from "../db/schema";
import type { Kysely } from "kysely";
import { escapeHtml, headerSafe, type MailContent } from "./templates";

export async function assignmentMail(
  db: Pick<Kysely<Database>, "selectFrom">,
  row: Selectable<OutboxTable>,
  s: Selectable<SubmissionsTable>,
  consoleOrigin: string,
): Promise<MailContent | { withdrawn: string }> {
  const standing = await standingAssignment(db, row);
  if ("withdrawn" in standing) return standing;
  const what = `${formDefinitions[s.kind].title.toLowerCase()} #${s.id}`;
  const link = submissionLink(consoleOrigin, s.id);
  const who = standing.by ? `${standing.by} gave you` : "You were given";
  const intro = `${who} ${what} in the staff console. It is yours to answer now, and it is listed under Mine.`;
  const open = "Open it (sign in with your passkey):";
  return {
    // Staff names are the team's own; checked as every header is.
    subject: headerSafe(`Assigned to you: ${what}`, 120),
    text: `Hello ${standing.assignee},\n\n${intro}\n\n${open}\n${link}\n`,
    html: `<p>Hello ${escapeHtml(standing.assignee)},</p><p>${escapeHtml(intro)}</p><p>${open}<br><a href="${link}">${link}</a></p>`,
  };
}
