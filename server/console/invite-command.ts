/** `npm run admin -- invite --email E --role <a staff role> [--name "Full Name"]` (contracts/staff/permissions.ts). */
import type { Kysely } from "kysely";
import { z } from "zod";
import type { Database } from "../db/schema";
import { appendAudit } from "./audit";
import { AlreadyStaffError, createInvitation, invitationLink } from "./invitations";
import { ipOriginWarning } from "./origin-warning";
import { isStaffRole, staffRoleNames } from "../../contracts/staff/permissions";

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
  await appendAudit(
    db,
    {
      operator,
      action: "invitation",
      subject: email.data.toLowerCase(),
      detail: `role ${values.role}, from the command line`,
    },
    now,
  );
  const warning = ipOriginWarning(origin);
  return {
    lines: [
      ...(warning ? [`Warning: ${warning}`] : []),
      `Invitation for ${name} <${email.data}> as ${values.role}, valid for 24 hours and for one passkey.`,
      "Send this link to that person only:",
      invitationLink(origin, token),
    ],
  };
}
