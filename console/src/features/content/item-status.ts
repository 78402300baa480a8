/** An item's standing in the company's words, for the list and the editor. */
import type { ItemStatus } from "@contracts/content/items";
import { zoneTime } from "./content-time";

export const statusNames: Record<ItemStatus, string> = {
  draft: "Draft",
  scheduled: "Scheduled",
  published: "Published",
  unpublished: "Unpublished",
};

/** "Scheduled for 1 Dec 2026, 09:30 GMT"; "Published, with changes not yet live". */
export function statusText(
  item: { status: ItemStatus; publishAt: string | null; changed: boolean },
  timeZone: string,
): string {
  if (item.status === "scheduled" && item.publishAt) return `Scheduled for ${zoneTime(item.publishAt, timeZone)}`;
  if (item.status === "published" && item.changed) return "Published, with changes not yet live";
  return statusNames[item.status];
}

/** "Mia M., 28 Nov 2026, 14:02 GMT". */
export function byWhomWhen(by: { name: string | null } | null, at: string, timeZone: string): string {
  const who = by ? (by.name ?? "a removed colleague") : "the scheduler";
  return `${who}, ${zoneTime(at, timeZone)}`;
}
