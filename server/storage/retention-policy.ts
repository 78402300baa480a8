/**
 * Every retention period in one table (docs/decisions/028-layers-and-retention-policy.md): what
 * it applies to, its default, the setting that changes it (null: fixed here) and the legal pages
 * that state it. config.ts takes its defaults from here, the daily job and `npm run admin --
 * purge` apply the whole table (retention.ts), the console's sessions and invitations read their
 * lifetimes from it, and a test holds the legal pages' words to these defaults.
 */

import { UTCDate } from "@date-fns/utc";
import { addMonths, endOfMonth, getDaysInMonth, setDate, startOfDay, subMonths } from "date-fns";

export type PeriodUnit = "months" | "days" | "hours" | "minutes";

/** The legal pages under app/content/legal/ that state periods. */
export type LegalPage = "privacy-policy" | "recruitment-privacy-policy" | "cookies";

export interface RetentionPeriod {
  /** What the period applies to, as the purge reports it. */
  what: string;
  /** The environment variable that changes it, or null when it is fixed. */
  setting: string | null;
  default: number;
  unit: PeriodUnit;
  /** What happens when it runs out. */
  end: "deleted" | "cleared";
  statedIn: readonly LegalPage[];
}

export const retentionPolicy = {
  // The three periods of an application: which one applies, and from which date, is the rule in
  // application-retention.ts (docs/decisions/033-recruitment-retention.md).
  applications: {
    what: "applications: from the decision when not selected, from arrival while undecided",
    setting: "APPLICATION_RETENTION_MONTHS",
    default: 12,
    unit: "months",
    end: "deleted",
    statedIn: ["recruitment-privacy-policy"],
  },
  hiredApplications: {
    what: "applications of hired candidates, from the decision (their file lives in HR's own systems)",
    setting: null,
    default: 30,
    unit: "days",
    end: "deleted",
    statedIn: ["recruitment-privacy-policy"],
  },
  futureRoles: {
    // Fixed: the candidate agreed to these words ("for up to 24 months"); a new length is a new
    // wording, with its own version (contracts/forms/application.ts).
    what: "applications kept for future roles with the candidate's consent, from arrival",
    setting: null,
    default: 24,
    unit: "months",
    end: "deleted",
    statedIn: ["recruitment-privacy-policy"],
  },
  enquiries: {
    what: "contact enquiries",
    setting: "ENQUIRY_RETENTION_MONTHS",
    default: 24,
    unit: "months",
    end: "deleted",
    statedIn: ["privacy-policy"],
  },
  feedback: {
    what: "feedback",
    setting: "ENQUIRY_RETENTION_MONTHS",
    default: 24,
    unit: "months",
    end: "deleted",
    statedIn: ["privacy-policy"],
  },
  spam: {
    what: "submissions caught as spam",
    setting: "SPAM_RETENTION_DAYS",
    default: 30,
    unit: "days",
    end: "deleted",
    statedIn: ["privacy-policy"],
  },
  networkData: {
    what: "IP address and user agent of a submission",
    setting: "IP_RETENTION_DAYS",
    default: 30,
    unit: "days",
    end: "cleared",
    statedIn: ["privacy-policy", "recruitment-privacy-policy"],
  },
  analytics: {
    what: "measurements (page views, form steps, Web Vitals)",
    setting: "ANALYTICS_RETENTION_MONTHS",
    default: 13,
    unit: "months",
    end: "deleted",
    statedIn: ["cookies"],
  },
  consentRecords: {
    what: "consent records",
    setting: null,
    default: 36,
    unit: "months",
    end: "deleted",
    statedIn: ["cookies"],
  },
  auditLog: {
    what: "audit log entries",
    setting: null,
    default: 24,
    unit: "months",
    end: "deleted",
    statedIn: [],
  },
  sessions: {
    what: "staff console sessions (from sign-in)",
    setting: null,
    default: 12,
    unit: "hours",
    end: "deleted",
    statedIn: [],
  },
  idleSessions: {
    what: "staff console sessions without a request",
    setting: null,
    default: 30,
    unit: "minutes",
    end: "deleted",
    statedIn: [],
  },
  invitations: {
    what: "invitations to the staff console (the link works this long; the row goes once it is used, cancelled or expired)",
    setting: null,
    default: 24,
    unit: "hours",
    end: "deleted",
    statedIn: [],
  },
} as const satisfies Record<string, RetentionPeriod>;

export type PeriodName = keyof typeof retentionPolicy;

export const periodNames = Object.keys(retentionPolicy) as PeriodName[];

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
