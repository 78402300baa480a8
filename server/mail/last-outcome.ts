import type { MailTransport } from "./transport";

/** How the mail transport's last send went: what /readyz reports (routes/health.ts). */
export interface MailOutcome {
  /** Unset until the first send of this process. */
  last?: { ok: boolean; at: Date };
}

/**
 * The transport with each send's outcome recorded in `outcome`: the outbox, the alerts and the
 * review notice all send through it, so the last result is the transport's, whoever sent.
 * `onFailure` counts failures for /metrics.
 */
export function recordingOutcome(
  transport: MailTransport,
  outcome: MailOutcome,
  onFailure: () => void = () => {},
  now: () => Date = () => new Date(),
): MailTransport {
  return {
    async send(mail) {
      try {
        await transport.send(mail);
        outcome.last = { ok: true, at: now() };
      } catch (error) {
        outcome.last = { ok: false, at: now() };
        onFailure();
        throw error;
      }
    },
    close: () => transport.close(),
  };
}
