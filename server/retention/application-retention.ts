/**
 * The one rule of how long an application is kept (docs/decisions/033-recruitment-retention.md),
 * as the Recruitment Privacy Policy states it:
 * - no decision yet: deleted 12 months after it arrived;
 * - not selected: 12 months after the decision;
 * - hired: 30 days after the decision (the new colleague's file lives in HR's own systems);
 * - with the candidate's consent to be kept for future roles: not before 24 months after it
 *   arrived, when that is later (hired excepted: they are no longer a candidate).
 * The console shows the date and its reason, the due list sorts by it, and the purge deletes by
 * it: all three call `deletionDateOf`, so they cannot disagree. The lengths are the retention
 * table's (retention-policy.ts).
 */
import { isDecision } from "../../contracts/staff-console";
import { periodEnd, retentionPolicy, type PeriodName, type RetentionSettings } from "./retention-policy";

/** What the rule reads of an application (columns of `submissions`). */
export interface ApplicationDates {
  created_at: string;
  status: string;
  decided_at: string | null;
  future_roles_consent: string | null;
}

/** Which date the deletion counts from. */
export type DeletionBasis = "arrival" | "decision" | "hired" | "consent";

export interface DeletionDate {
  /** The instant the application is due to go; the next daily purge at or after it deletes it. */
  at: Date;
  basis: DeletionBasis;
  /** The period of the retention table that applies, and the date it counts from. */
  period: PeriodName;
  from: Date;
  /** "12 months after the decision on 3 March 2026": shown beside the date. */
  reason: string;
}

const longDay = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" });

/** "3 March 2026" (UTC, as every stored date is). */
export function dayOf(at: Date): string {
  return longDay.format(at);
}

function length(period: PeriodName, settings: RetentionSettings): string {
  const n = settings[period];
  const unit = retentionPolicy[period].unit;
  return `${n} ${n === 1 ? unit.slice(0, -1) : unit}`;
}

export function deletionDateOf(app: ApplicationDates, settings: RetentionSettings): DeletionDate {
  const arrived = new Date(app.created_at);
  const decided = isDecision(app.status) && app.decided_at ? new Date(app.decided_at) : null;
  // Decided before decision dates were recorded (before issue 26): counted from arrival, the
  // earlier date, so no application is kept longer than the policy says.
  const undated = isDecision(app.status) && !decided ? ", decided before decision dates were recorded" : "";
  const period: PeriodName = app.status === "hired" ? "hiredApplications" : "applications";
  const from = decided ?? arrived;
  const base: DeletionDate = {
    at: periodEnd(period, from, settings),
    basis: decided ? (app.status === "hired" ? "hired" : "decision") : "arrival",
    period,
    from,
    reason: decided
      ? `${length(period, settings)} after the ${app.status === "hired" ? "hiring " : ""}decision on ${dayOf(decided)}`
      : `${length(period, settings)} after arrival on ${dayOf(arrived)}${undated || (isDecision(app.status) ? "" : ", no decision yet")}`,
  };
  if (app.future_roles_consent === null || app.status === "hired") return base;
  const kept = periodEnd("futureRoles", arrived, settings);
  if (kept <= base.at) return base;
  return {
    at: kept,
    basis: "consent",
    period: "futureRoles",
    from: arrived,
    reason: `${length("futureRoles", settings)} after arrival on ${dayOf(arrived)}, kept for future roles with the candidate's consent`,
  };
}

/** Whether the application's date has come: what the purge deletes at `now`. */
export function isDue(app: ApplicationDates, now: Date, settings: RetentionSettings): boolean {
  return deletionDateOf(app, settings).at.getTime() <= now.getTime();
}
