/** Shared by the staff console's bundle and its server routes: handling statuses per kind. */
export type ConsoleKind = "contact" | "application" | "feedback";

export const statusesOf: Record<ConsoleKind, readonly string[]> = {
  contact: ["new", "in progress", "answered", "closed"],
  feedback: ["new", "in progress", "answered", "closed"],
  application: ["new", "reviewing", "shortlisted", "rejected", "hired"],
};

export const allStatuses = [...new Set(Object.values(statusesOf).flat())];

/** Shortlisted or hired keeps a candidate beyond the retention period (the `selected` flag). */
export function keepsBeyondRetention(kind: ConsoleKind, status: string): boolean {
  return kind === "application" && (status === "shortlisted" || status === "hired");
}
