import crypto from "node:crypto";
import type { SubmissionKind } from "../storage/schema";

export interface OutboxSettings {
  notifyEmail: string;
  careersEmail: string;
  confirmations: boolean;
  webhookUrl?: string;
}

export interface PlannedMessage {
  channel: "email" | "webhook";
  purpose: "notify" | "confirm" | "webhook";
  recipient: string;
}

/**
 * What one accepted, non-spam submission must send: the company's notification (enquiries and
 * feedback to one inbox, applications to the careers inbox), the submitter's confirmation when
 * enabled, and the webhook when configured. Written in the submission's own transaction.
 */
export function outboxRowsFor(
  kind: SubmissionKind,
  submitterEmail: string,
  settings: OutboxSettings,
): PlannedMessage[] {
  const rows: PlannedMessage[] = [
    {
      channel: "email",
      purpose: "notify",
      recipient: kind === "application" ? settings.careersEmail : settings.notifyEmail,
    },
  ];
  if (settings.confirmations) rows.push({ channel: "email", purpose: "confirm", recipient: submitterEmail });
  if (settings.webhookUrl) rows.push({ channel: "webhook", purpose: "webhook", recipient: settings.webhookUrl });
  return rows;
}

export function newMessageId(): string {
  return `<${crypto.randomUUID()}@altivacloud.com>`;
}
