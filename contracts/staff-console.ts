/** Shared by the staff console's bundle and its server routes: handling statuses per kind. */
import type { SubmissionKind } from "./submission-kinds";

export type ConsoleKind = SubmissionKind;

export const statusesOf: Record<ConsoleKind, readonly string[]> = {
  contact: ["new", "in progress", "answered", "closed"],
  feedback: ["new", "in progress", "answered", "closed"],
  // The hiring pipeline's stages, in order. "not selected" and "hired" are decisions (their date
  // starts the retention period, migration 010); "not selected" was "rejected" before issue 26.
  // "offer" (issue 44) is a stage, not a decision: an offer may be declined and the candidate moved on.
  application: ["new", "reviewing", "interview", "shortlisted", "offer", "not selected", "hired"],
};

export const allStatuses = [...new Set(Object.values(statusesOf).flat())];

/** The statuses of these kinds, each once, in the order the kinds give them: what a filter offers. */
export function statusesFor(kinds: readonly ConsoleKind[]): string[] {
  return [...new Set(kinds.flatMap((k) => statusesOf[k]))];
}

/**
 * The stages that decide an application: moving to one records the decision's date, from which
 * its deletion date counts (server/retention/application-retention.ts); moving back to a stage
 * without a decision clears it. No stage keeps anyone beyond that date: only the candidate's own
 * consent to be kept for future roles does (docs/decisions/033).
 */
export const decidingStatuses = ["not selected", "hired"] as const;

export function isDecision(status: string): boolean {
  return (decidingStatuses as readonly string[]).includes(status);
}

/** The console's "Due for deletion" list: applications whose deletion date is this close. */
export const dueWithinDays = 30;
