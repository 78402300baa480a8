import { mailHealthAnswer } from "@contracts/console-answers";
import type { MailHealthAnswer } from "@contracts/console-answers";
import { useEffect, useState } from "react";
import { api } from "../../api";
import { Link } from "react-router";

/**
 * The administrators' banner when mail from the website fails (issue 27): read from the database
 * on every page, so it shows even when the alert e-mail itself could not go out through a dead
 * SMTP server. Counts only, and a way to the outbox.
 */
export function MailAlertBanner(props: { path: string }) {
  const [health, setHealth] = useState<MailHealthAnswer | null>(null);
  useEffect(() => {
    // A failed reading shows nothing: the page's own calls report a lost connection.
    api("mail-health", mailHealthAnswer).then(setHealth, () => setHealth(null));
  }, [props.path]);
  if (!health || (health.failed === 0 && health.stale === 0)) return null;
  const parts = [
    health.failed > 0 &&
      `${health.failed} ${health.failed === 1 ? "message has" : "messages have"} failed for good in the last day`,
    health.stale > 0 && `${health.stale} ${health.stale === 1 ? "has" : "have"} waited over an hour`,
  ].filter(Boolean);
  return (
    // A landmark, not a live region: other pages' own status lines stay the only role="status" there.
    <aside className="mail-alert" aria-label="Mail alert">
      <p>
        <strong>Mail from the website is failing:</strong> {parts.join("; ")}. <Link to="/outbox">Open the outbox</Link>
      </p>
    </aside>
  );
}
