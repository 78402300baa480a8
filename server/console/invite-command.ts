/**
 * `npm run admin -- invite --email E --role <a staff role> [--name "Full Name"]` (contracts/staff/permissions.ts).
 * The link is e-mailed at once, as the console does (decisions 072 and 077), and printed once as
 * well: the operator passes it on when the mail server did not take it. Nothing retries.
 */
import type { Kysely } from "kysely";
import { z } from "zod";
import type { Database } from "../db/schema";
import { sendInvitation } from "../mail/invitation-mail";
import type { MailTransport } from "../mail/transport";
import { appendAudit } from "./audit";
import { AlreadyStaffError, createInvitation, invitationLifetimeMs, invitationLink } from "./invitations";
import { ipOriginWarning } from "./origin-warning";
import { isStaffRole, labelOf, staffRoleNames } from "../../contracts/staff/permissions";

/** "priya.nair@…" → "Priya Nair": a name to show until the person is given a better one. */
export function nameFromEmail(email: string): string {
  return email
    .split("@")[0]!
    .split(/[._-]+/)
    .filter(Boolean)
    .map((w) => w[0]!.toUpperCase() + w.slice(1))
    .join(" ");
}

export async function inviteCommand(
  db: Kysely<Database>,
  origin: string,
  values: { email?: string; role?: string; name?: string },
  now: Date,
  /** How the invitation is e-mailed: the site's transport and its MAIL_FROM. */
  mail: { transport: MailTransport; from: string },
  /** Who ran the command (cli/audit.ts: `cli:<OS user>`). */
  operator?: string,
): Promise<{ lines: string[] } | { error: string }> {
  const email = z.email().safeParse(values.email?.trim());
  if (!email.success) return { error: "invite needs --email ADDRESS (a valid e-mail address)." };
  if (!isStaffRole(values.role)) return { error: `invite needs --role ${staffRoleNames().join("|")}.` };
  const name = values.name?.trim() || nameFromEmail(email.data);
  let token: string;
  try {
    token = await createInvitation(db, { email: email.data, name, role: values.role }, now, null);
  } catch (error) {
    if (error instanceof AlreadyStaffError) return { error: error.message };
    throw error;
  }
  const link = invitationLink(origin, token);
  const to = email.data.toLowerCase();
  const problem = await sendInvitation(mail.transport, mail.from, {
    to,
    name,
    roleLabel: labelOf(values.role),
    invitedBy: null,
    link,
    expiresAt: new Date(now.getTime() + invitationLifetimeMs),
  });
  await appendAudit(
    db,
    {
      operator,
      action: "invitation",
      subject: to,
      detail: `role ${values.role}, from the command line; ${problem ? `not e-mailed: ${problem}` : "e-mailed"}`,
    },
    now,
  );
  const warning = ipOriginWarning(origin);
  return {
    lines: [
      ...(warning ? [`Warning: ${warning}`] : []),
      `Invitation for ${name} <${email.data}> as ${values.role}, valid for 24 hours and for one passkey.`,
      problem
        ? `It was NOT e-mailed: ${problem}. Send this link to that person only:`
        : `It was e-mailed to ${to}. The same link, in case it does not arrive (send it to that person only):`,
      link,
    ],
  };
}
