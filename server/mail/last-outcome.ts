import type { MailTransport } from "./transport";

/** How the mail transport's last send went: what /readyz reports (routes/health.ts). */
export interface MailOutcome {
  /** Unset until the first send of this process. */
  last?: { ok: boolean; at: Date };
}

/** A failed send: the relay could not be used (transport), or it refused this one message. */
export type MailFailure = "transport" | "message";

/**
 * Whether the relay answered and refused this message only: a recipient or sender it does not
 * take (nodemailer's EENVELOPE, e.g. 550 for a mistyped confirmation address), or a permanent
 * refusal of the content (EMESSAGE with a 5xx answer). The transport works then.
 */
export function failureOf(error: unknown): MailFailure {
  const { code, responseCode } = (error ?? {}) as { code?: string; responseCode?: number };
  if (code === "EENVELOPE") return "message";
  if (code === "EMESSAGE" && typeof responseCode === "number" && responseCode >= 500) return "message";
  return "transport";
}

/**
 * The transport with each send's outcome recorded in `outcome`: the outbox, the alerts and the
 * review notice all send through it, so the last result is the transport's, whoever sent. A
 * message the relay refused on its own counts as the transport working. `onFailure` counts
 * failures for /metrics.
 */
export function recordingOutcome(
  transport: MailTransport,
  outcome: MailOutcome,
  onFailure: (failure: MailFailure) => void = () => {},
  now: () => Date = () => new Date(),
): MailTransport {
  return {
    async send(mail) {
      try {
        await transport.send(mail);
        outcome.last = { ok: true, at: now() };
      } catch (error) {
        const failure = failureOf(error);
        outcome.last = { ok: failure === "message", at: now() };
        onFailure(failure);
        throw error;
      }
    },
    close: () => transport.close(),
  };
}
