/** Handling statuses per kind; shortlisted or hired keeps a candidate beyond the retention period. */
import type { SubmissionKind } from "../storage/schema";

export const statusesOf: Record<SubmissionKind, readonly string[]> = {
  contact: ["new", "in progress", "answered", "closed"],
  feedback: ["new", "in progress", "answered", "closed"],
  application: ["new", "reviewing", "shortlisted", "rejected", "hired"],
};

export const allStatuses = [...new Set(Object.values(statusesOf).flat())];

/** The `selected` flag retention reads (the CLI's `select` sets it too). */
export function keepsBeyondRetention(kind: SubmissionKind, status: string): boolean {
  return kind === "application" && (status === "shortlisted" || status === "hired");
}
