/**
 * The retention table (contracts/retention-periods.ts, docs/decisions/028) as the server counts
 * it: config.ts takes its defaults from it, the daily job and `npm run admin -- purge` apply the
 * whole table (retention.ts), the console's sessions and invitations read their lifetimes from
 * it, and `periodEnd` is the one date a row is deleted at (docs/decisions/048).
 */

import { UTCDate } from "@date-fns/utc";
import { addMonths, endOfMonth, getDaysInMonth, setDate, startOfDay, subMonths } from "date-fns";
import { periodNames, retentionPolicy, type PeriodName } from "../../contracts/retention-periods";

export {
  periodNames,
  retentionPolicy,
  type LegalPage,
  type PeriodName,
  type PeriodUnit,
  type RetentionPeriod,
} from "../../contracts/retention-periods";

/** Each period's length in its own unit, as configured (config.ts fills it from the settings). */
export type RetentionSettings = Record<PeriodName, number>;

export function defaultRetention(): RetentionSettings {
  return Object.fromEntries(periodNames.map((n) => [n, retentionPolicy[n].default])) as RetentionSettings;
}

const unitMs = { days: 24 * 60 * 60_000, hours: 60 * 60_000, minutes: 60_000 } as const;

/** A period of the fixed kind (hours, days, minutes) in milliseconds. */
export function periodMs(name: PeriodName, settings: RetentionSettings = defaultRetention()): number {
  const unit = retentionPolicy[name].unit;
  if (unit === "months") throw new Error(`${name} is counted in calendar months`);
  return settings[name] * unitMs[unit];
}

/**
 * The moment a row whose period started at `from` is deleted: the one rule the console shows, the
 * purge applies and the policy test checks. Calendar months come from date-fns, counted in UTC,
 * so a month that has no such day ends on its last day at the same time (31 January + 1 month is
 * 28 February; 29 February 2024 + 24 months is 28 February 2026, both at the time of `from`).
 */
export function periodEnd(name: PeriodName, from: Date, settings: RetentionSettings): Date {
  if (retentionPolicy[name].unit !== "months") return new Date(from.getTime() + periodMs(name, settings));
  return new Date(addMonths(new UTCDate(from), settings[name]).getTime());
}

/** A closed span of start instants, ISO-8601 like every stored date. */
export interface StartSpan {
  from: string;
  through: string;
}

/**
 * Which starts have run their period out at `now`: exactly the rows with `periodEnd(start) <= now`,
 * as spans a query can ask for (expired-rows.ts). Not one cutoff: month-end clamping maps several
 * days onto one (28 to 31 January + 1 month are all 28 February), so on the last day of a short
 * month a start on the 29th at 11:00 has run out while one on the 28th at 13:00 has not.
 * - `through`: every start at or before it has run out;
 * - `also`: on the last day of a month shorter than the month the period started in, the days
 *   past its length, each up to the time of day of `now`.
 */
export function expiredStarts(
  name: PeriodName,
  now: Date,
  settings: RetentionSettings,
): { through: string; also: StartSpan[] } {
  if (retentionPolicy[name].unit !== "months") {
    return { through: new Date(now.getTime() - periodMs(name, settings)).toISOString(), also: [] };
  }
  const at = new UTCDate(now);
  const back = subMonths(at, settings[name]); // clamped: the day is min(now's day, that month's length)
  const day = at.getDate();
  const thisMonth = getDaysInMonth(at);
  const thatMonth = getDaysInMonth(back);
  // Now's day is past the end of the starting month: every start in that month has run out.
  const through = day > thatMonth ? endOfMonth(back) : back;
  const also: StartSpan[] = [];
  // Now is the last day of its month: starts on the later days of a longer month land on it too.
  if (day === thisMonth) {
    for (let d = thisMonth + 1; d <= thatMonth; d++) {
      const until = setDate(back, d);
      also.push({ from: startOfDay(until).toISOString(), through: until.toISOString() });
    }
  }
  return { through: through.toISOString(), also };
}

/**
 * The latest start that has run its period out at `now` for certain, for reports ("older than
 * ..."): at month ends a few later starts may have run out too (`expiredStarts`).
 */
export function cutoff(name: PeriodName, now: Date, settings: RetentionSettings): Date {
  return new Date(expiredStarts(name, now, settings).through);
}

/** "12 months", "30 days", "24 hours". */
export function describePeriod(name: PeriodName, settings: RetentionSettings): string {
  const setting = retentionPolicy[name].setting;
  return `${settings[name]} ${retentionPolicy[name].unit}${setting ? `, ${setting}` : ""}`;
}
