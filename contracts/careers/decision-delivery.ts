/**
 * A decision e-mail withdrawn before delivery: HR changed the decision after queueing it (the
 * outbox worker checks the application's status before sending, server/mail/outbox-worker.ts).
 * The worker records these words as the message's last error; the console recognises them, says
 * what happened and offers no retry, since sending it now would contradict the decision.
 */
const withdrawnStart = "Not sent: the application moved to ";

export const withdrawnNote = (status: string) => `${withdrawnStart}“${status}” before delivery.`;

export const isWithdrawnNote = (lastError: string | null | undefined): boolean =>
  lastError?.startsWith(withdrawnStart) ?? false;
