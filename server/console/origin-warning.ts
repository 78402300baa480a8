/**
 * Passkeys are bound to a domain: WebAuthn refuses a relying party whose host is an IP address
 * (Chromium: "invalid domain"), so a console at http://192.0.2.10:3000 can print invitations that
 * nobody can accept. Said once at start-up (plugin.ts) and by the `invite` command.
 */
import net from "node:net";

export function ipOriginWarning(origin: string): string | undefined {
  const host = new URL(origin).hostname.replace(/^\[(.*)\]$/, "$1");
  if (!net.isIP(host)) return undefined;
  return (
    `The staff console's origin ${origin} is an IP address: browsers refuse passkeys there ("invalid domain"), ` +
    "so nobody can accept an invitation or sign in. Set ADMIN_ORIGIN (or SITE_URL) to a domain name, " +
    "such as https://console.example.com, or http://localhost:<port> on this machine."
  );
}
