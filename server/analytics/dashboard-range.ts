/**
 * The days a dashboard period covers, and the days it is compared with, in UTC (the days of the
 * daily totals). Calendar arithmetic is date-fns on UTCDate: a year before 29 February is
 * 28 February, and "the period before" has the same number of days.
 */
import { UTCDate } from "@date-fns/utc";
import {
  addDays,
  addMonths,
  differenceInCalendarDays,
  endOfMonth,
  format,
  parseISO,
  startOfMonth,
  subMonths,
  subYears,
} from "date-fns";
import type { DashboardQuery } from "../../contracts/dashboard";

export interface DayRange {
  from: string;
  to: string;
}

const dayOf = (d: Date) => format(d, "yyyy-MM-dd");
const utc = (d: string) => new UTCDate(parseISO(`${d}T00:00:00Z`));

/** The longest custom period: two years and a bit, what the daily totals keep. */
const maxDays = 800;

export function dashboardRange(
  query: DashboardQuery,
  now: Date,
): { range: DayRange; previous: DayRange | null } | { error: string } {
  const today = new UTCDate(now.getTime());
  let from: Date;
  let to: Date = today;
  switch (query.period) {
    case "today":
      from = today;
      break;
    case "7d":
      from = addDays(today, -6);
      break;
    case "30d":
      from = addDays(today, -29);
      break;
    case "month":
      from = startOfMonth(today);
      break;
    case "12m":
      from = addDays(subMonths(today, 12), 1);
      break;
    case "custom": {
      if (!query.from || !query.to) return { error: "Choose the first and last day of the period." };
      from = utc(query.from);
      to = utc(query.to);
      if (Number.isNaN(from.getTime()) || Number.isNaN(to.getTime())) return { error: "Choose real days." };
      if (differenceInCalendarDays(to, from) < 0) return { error: "The first day comes before the last." };
      if (differenceInCalendarDays(to, from) >= maxDays) return { error: `Choose at most ${maxDays} days.` };
      break;
    }
  }
  const range = { from: dayOf(from), to: dayOf(to) };
  if (query.compare === "none") return { range, previous: null };
  if (query.compare === "year")
    return { range, previous: { from: dayOf(subYears(from, 1)), to: dayOf(subYears(to, 1)) } };
  const days = differenceInCalendarDays(to, from) + 1;
  return { range, previous: { from: dayOf(addDays(from, -days)), to: dayOf(addDays(from, -1)) } };
}

/** Every day of a range, in order. */
export function daysOf(range: DayRange): string[] {
  const out: string[] = [];
  for (let d = utc(range.from); dayOf(d) <= range.to; d = addDays(d, 1)) out.push(dayOf(d));
  return out;
}

/** The instant after a range's last day, for comparing stored ISO times. */
export const endOf = (range: DayRange) => `${dayOf(addDays(utc(range.to), 1))}T00:00:00.000Z`;

/**
 * A range cut into the whole months it covers (YYYY-MM, first and last; null when none) and the
 * days outside them (at most two spans: the end of the month it starts in, the start of the
 * month it ends in). The monthly totals are read for the months, the daily ones for the days.
 */
export function monthsOf(range: DayRange): { months: { from: string; to: string } | null; days: DayRange[] } {
  const first = utc(range.from);
  const last = utc(range.to);
  const monthStart = first.getUTCDate() === 1 ? first : startOfMonth(addMonths(first, 1));
  const monthEnd = dayOf(endOfMonth(last)) === range.to ? last : addDays(startOfMonth(last), -1);
  if (monthStart > monthEnd) return { months: null, days: [range] };
  const days: DayRange[] = [];
  if (monthStart > first) days.push({ from: range.from, to: dayOf(addDays(monthStart, -1)) });
  if (monthEnd < last) days.push({ from: dayOf(addDays(monthEnd, 1)), to: range.to });
  return { months: { from: dayOf(monthStart).slice(0, 7), to: dayOf(monthEnd).slice(0, 7) }, days };
}
