/** Shared by the staff console's bundle and its server routes: handling statuses per kind. */
import type { SubmissionKind } from "./submission-kinds";

export type ConsoleKind = SubmissionKind;

export const statusesOf: Record<ConsoleKind, readonly string[]> = {
  contact: ["new", "in progress", "answered", "closed"],
  feedback: ["new", "in progress", "answered", "closed"],
  // The hiring pipeline's stages, in order. "not selected" and "hired" are decisions (their date
  // starts the retention period, migration 010); "not selected" was "rejected" before issue 26.
  application: ["new", "reviewing", "interview", "shortlisted", "not selected", "hired"],
};

export const allStatuses = [...new Set(Object.values(statusesOf).flat())];

/**
 * The statuses that keep a candidate beyond the retention period (the `selected` flag). The
 * CLI's `select` sets the first one when the candidate has neither, so the console shows it, and
 * leaving them needs an explicit "stop keeping" (docs/decisions/025).
 */
export const keepingStatuses = ["shortlisted", "hired"] as const;

export function keepsBeyondRetention(kind: ConsoleKind, status: string): boolean {
  return kind === "application" && (keepingStatuses as readonly string[]).includes(status);
}
