/**
 * When the weekly report is due (docs/decisions/057-marketing-dashboard.md, "Weekly report"): from
 * Monday 08:00 in the company's time zone until that Monday ends. It covers the seven days before
 * (Monday to Sunday, local dates) against the seven before those.
 */
import { TZDate } from "@date-fns/tz";
import { addDays, format } from "date-fns";
import type { DayRange } from "./dashboard-range";

/** The local hour of Monday from which the report is due. */
export const reportHour = 8;

export interface ReportWeek {
  /** The ISO week reported, e.g. "2027-W12": with the person, the report's once-only key. */
  week: string;
  range: DayRange;
  previous: DayRange;
}

const dayOf = (d: Date) => format(d, "yyyy-MM-dd");

/** The week to report at `now`, or null when no report is due (not Monday from 08:00, local time). */
export function reportWeek(now: Date, timeZone: string): ReportWeek | null {
  // Read in the company's zone: on the Monday after the clocks change, 08:00 is still 08:00 there.
  const local = new TZDate(now.getTime(), timeZone);
  if (local.getDay() !== 1 || local.getHours() < reportHour) return null;
  const from = addDays(local, -7);
  return {
    week: format(from, "RRRR-'W'II"),
    range: { from: dayOf(from), to: dayOf(addDays(local, -1)) },
    previous: { from: dayOf(addDays(local, -14)), to: dayOf(addDays(local, -8)) },
  };
}
