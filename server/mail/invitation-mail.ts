/**
 * The invitation e-mail (issue 44, decision 072): the one-time link sent to the person invited,
 * at once, while the administrator who made it waits. Nothing keeps the link afterwards: the
 * database holds its hash, and the console shows it this once. A send that fails says why, so
 * the administrator passes the link on by hand instead; there is no queue to retry from, because
 * a queue would have to keep a usable link.
 */
import { newMessageId } from "../outbox/outbox-rows";
import { escapeHtml, headerSafe } from "./templates";
import type { MailTransport, OutgoingMail } from "./transport";

/** How long the console waits for the mail server before saying the e-mail did not go. */
export const invitationSendLimitMs = 15_000;

export interface InvitationMail {
  to: string;
  name: string;
  roleLabel: string;
  /** The administrator's name; null on the command line. */
  invitedBy: string | null;
  link: string;
  /** When the link stops working. */
  expiresAt: Date;
}

/** The message: who invited them, as what, the link, and that it works once and for how long. */
export function invitationMail(from: string, m: InvitationMail): OutgoingMail {
  const by = m.invitedBy ? `${m.invitedBy} invited you` : "You are invited";
  const until = m.expiresAt.toUTCString().replace("GMT", "UTC");
  const lines = [
    `Hello ${m.name},`,
    "",
    `${by} to the Altiva Cloud staff console, as ${m.roleLabel}.`,
    "",
    "Open this link to create your passkey (your fingerprint, face or security key signs you in; there is no password):",
    m.link,
    "",
    `The link works once, until ${until}. If you did not expect this e-mail, ignore it: nothing happens without the link.`,
  ];
  const [intro, , ...rest] = lines;
  return {
    from,
    to: m.to,
    subject: headerSafe("Your invitation to the Altiva Cloud staff console"),
    text: `${lines.join("\n")}\n`,
    html:
      `<p>${escapeHtml(intro!)}</p>` +
      `<p>${escapeHtml(rest[0]!)}</p>` +
      `<p>${escapeHtml(rest[2]!)}<br><a href="${escapeHtml(m.link)}">${escapeHtml(m.link)}</a></p>` +
      `<p>${escapeHtml(rest[5]!)}</p>`,
    messageId: newMessageId(),
  };
}

/** Why the mail server did not take it, in words for the administrator (never the link). */
function sendProblem(error: unknown): string {
  const e = error as { code?: string; name?: string; responseCode?: number } | null;
  if (e?.name === "TimeoutError" || e?.name === "AbortError" || e?.code === "ETIMEDOUT")
    return "the mail server did not answer in time";
  if (e?.code === "EENVELOPE") return "the mail server refused the address";
  if (e?.code === "ECONNECTION" || e?.code === "ESOCKET" || e?.code === "EDNS")
    return "the mail server could not be reached";
  if (e?.code === "EAUTH") return "the mail server refused the website's login";
  if (e?.responseCode) return `the mail server refused it (SMTP ${e.responseCode})`;
  return "the e-mail could not be sent";
}

/** Sends the invitation; undefined when the mail server took it, else why not in words. */
export async function sendInvitation(
  transport: MailTransport,
  from: string,
  m: InvitationMail,
): Promise<string | undefined> {
  try {
    await transport.send(invitationMail(from, m));
    return undefined;
  } catch (error) {
    return sendProblem(error);
  }
}
