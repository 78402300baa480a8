/**
 * Applies every period of the retention table (retention-policy.ts): one function for the daily
 * job (server/jobs.ts) and `npm run admin -- purge`, so both delete the same things.
 * - applications whose deletion date has come (application-retention.ts: the one rule the
 *   console shows), enquiries, feedback and spam: deleted through erasure.ts, so mail files and
 *   freed database space go with the rows;
 * - IP address and user agent of every submission: cleared (used only against abuse);
 * - measurements, consent records and daily totals (the Cookie Policy's periods);
 * - the staff console's audit log, its ended sessions and spent challenges (console-purge.ts);
 *   invitations whose link no longer works (used, cancelled or expired); mail-failure alert
 *   records past their period, but the newest;
 * - records of confirmations sent: kept for the day they limit; delivered erasure events (no
 *   personal data): kept as long as network data; used proofs of work: until they expire.
 */
import { confirmationDay } from "../outbox/confirmation-limit";
import { countDailyTotalsRunOut, purgeMeasurements } from "../analytics/analytics";
import {
  purgeAudit,
  purgeInvitations,
  purgeMailAlerts,
  purgeSessions,
  purgeUnmatchedMail,
  purgeWeeklyReports,
} from "./console-purge";
import type { Kysely, Transaction } from "kysely";
import { deletionDateOf, isDue } from "./application-retention";
import type { Storage } from "../db/db";
import type { Database } from "../db/schema";
import { eraseSubmissions, referenceOf, type ErasureReport } from "./erasure";
import { hasRunOut } from "./expired-rows";
import {
  cutoff,
  describePeriod,
  periodEnd,
  periodNames,
  type PeriodName,
  type RetentionSettings,
} from "./retention-policy";
import { forUpdate } from "../db/dialect";

/** What the purge reads of a submission to decide whether its period has run out. */
interface PurgeRow {
  kind: string;
  spam: number;
  created_at: string;
  status: string;
  decided_at: string | null;
  future_roles_consent: string | null;
}

export interface PurgeResult {
  /** Each period's cutoff, ISO-8601: what started at or before it goes (and at month ends a few days after it). */
  cutoffs: Record<PeriodName, string>;
  /** The periods applied, as configured. */
  settings: RetentionSettings;
  /** Application numbers of the deleted applications. */
  applications: string[];
  /** Of those, the hired candidates' (30 days after the decision) and those kept with consent. */
  hiredApplications: number;
  futureRoles: number;
  enquiries: number;
  feedback: number;
  spam: number;
  /** Submissions whose IP address and user agent were cleared. */
  networkDataCleared: number;
  analytics: number;
  consentRecords: number;
  /** Rows of daily totals (anonymous counts) whose period ran out. */
  dailyTotals: number;
  auditEntries: number;
  sessions: number;
  idleSessions: number;
  /** Invitations whose link no longer works: used, cancelled or past their period. */
  invitations: number;
  /** Mail-failure alert records past their period (the newest stays). */
  mailAlerts: number;
  /** Records of inbound mail that matched no conversation, past their period. */
  unmatchedMail: number;
  /** Weekly reports to staff past their period, sent or given up. */
  weeklyReports: number;
  confirmationRecords: number;
  removed?: ErasureReport;
}

async function countRunOut(
  storage: Storage,
  table: "analytics_events" | "consent_records",
  name: "analytics" | "consentRecords",
  now: Date,
  retention: RetentionSettings,
): Promise<number> {
  const row = await storage.db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<string | number>().as("n"))
    .where((eb) => hasRunOut(eb, "created_at", name, now, retention))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function purgeExpired(
  storage: Storage,
  now: Date,
  retention: RetentionSettings,
  opts: { dataDir: string; webhookUrl?: string; dryRun?: boolean },
): Promise<PurgeResult> {
  const cutoffs = Object.fromEntries(
    periodNames.map((name) => [name, cutoff(name, now, retention).toISOString()]),
  ) as Record<PeriodName, string>;

  const { db } = storage;
  /**
   * The one rule of what has expired: a row goes once now has reached its deletion moment
   * (`periodEnd`; for applications `deletionDateOf`, which the console shows). Used to choose,
   * and asked again as the rows are deleted.
   */
  const reached = (name: PeriodName, row: PurgeRow) =>
    periodEnd(name, new Date(row.created_at), retention).getTime() <= now.getTime();
  const hasExpired = (row: PurgeRow): boolean => {
    if (row.spam === 1) return reached("spam", row);
    if (row.kind === "contact") return reached("enquiries", row);
    if (row.kind === "feedback") return reached("feedback", row);
    return isDue(row, now, retention);
  };
  // The query asks the same of the arrival date (expired-rows.ts). An application goes no sooner
  // than the shorter of its periods from arrival (a decision comes after it): younger rows are not read.
  const candidates = (from: Kysely<Database> | Transaction<Database>) =>
    from
      .selectFrom("submissions")
      .select(["id", "kind", "reference", "spam", "created_at", "status", "decided_at", "future_roles_consent"])
      .where((eb) => {
        const runOut = (name: PeriodName) => hasRunOut(eb, "created_at", name, now, retention);
        return eb.or([
          eb.and([eb("spam", "=", 1), runOut("spam")]),
          eb.and([eb("spam", "=", 0), eb("kind", "=", "contact"), runOut("enquiries")]),
          eb.and([eb("spam", "=", 0), eb("kind", "=", "feedback"), runOut("feedback")]),
          eb.and([
            eb("spam", "=", 0),
            eb("kind", "=", "application"),
            eb.or([runOut("applications"), runOut("hiredApplications")]),
          ]),
        ]);
      });
  const expired = (await candidates(db).orderBy("id").execute()).filter(hasExpired);
  const ids = new Set(expired.map((e) => e.id));
  const withNetworkData = await db
    .selectFrom("submissions")
    .select("id")
    .where((eb) => hasRunOut(eb, "created_at", "networkData", now, retention))
    .where((eb) => eb.or([eb("ip", "!=", ""), eb("user_agent", "is not", null)]))
    .execute();
  const toClear = withNetworkData.map((r) => r.id).filter((id) => !ids.has(id));
  const today = confirmationDay(now);
  const dryRun = opts.dryRun === true;
  const sessions = await purgeSessions(db, now, retention, true);
  const result: PurgeResult = {
    cutoffs,
    settings: retention,
    // Each deleted submission is counted once: spam as spam, whatever its kind.
    applications: expired
      .filter((e) => e.kind === "application" && e.spam === 0)
      .map((e) => e.reference ?? String(e.id)),
    hiredApplications: countBasis(expired, "hired", retention),
    futureRoles: countBasis(expired, "consent", retention),
    enquiries: expired.filter((e) => e.kind === "contact" && e.spam === 0).length,
    feedback: expired.filter((e) => e.kind === "feedback" && e.spam === 0).length,
    spam: expired.filter((e) => e.spam === 1).length,
    networkDataCleared: toClear.length,
    analytics: await countRunOut(storage, "analytics_events", "analytics", now, retention),
    consentRecords: await countRunOut(storage, "consent_records", "consentRecords", now, retention),
    dailyTotals: await countDailyTotalsRunOut(db, now, retention),
    auditEntries: await purgeAudit(db, now, retention, true),
    sessions: sessions.expired,
    idleSessions: sessions.idle,
    invitations: await purgeInvitations(db, now, true),
    mailAlerts: await purgeMailAlerts(db, now, retention, true),
    unmatchedMail: await purgeUnmatchedMail(db, now, retention, true),
    weeklyReports: await purgeWeeklyReports(db, now, retention, true),
    confirmationRecords: 0,
  };
  if (dryRun) return result;

  result.confirmationRecords = await storage.transaction(async (trx) => {
    if (toClear.length > 0) {
      await trx.updateTable("submissions").set({ ip: "", user_agent: null }).where("id", "in", toClear).execute();
    }
    const old = await trx.deleteFrom("confirmations_sent").where("day", "<", today).executeTakeFirst();
    // Delivered erasure events hold no personal data; they are kept as long as network data.
    await trx
      .deleteFrom("webhook_events")
      .where("status", "=", "sent")
      .where((eb) => hasRunOut(eb, "created_at", "networkData", now, retention))
      .execute();
    // Used proofs of work only need keeping until they would have expired anyway.
    await trx.deleteFrom("spam_proofs_used").where("expires_at", "<", now.toISOString()).execute();
    return Number(old.numDeletedRows);
  });
  const measurements = await purgeMeasurements(db, now, retention);
  result.analytics = measurements.events;
  result.consentRecords = measurements.consentRecords;
  result.dailyTotals = measurements.dailyTotals;
  result.auditEntries = await purgeAudit(db, now, retention);
  const ended = await purgeSessions(db, now, retention);
  result.sessions = ended.expired;
  result.idleSessions = ended.idle;
  result.invitations = await purgeInvitations(db, now);
  result.mailAlerts = await purgeMailAlerts(db, now, retention);
  result.unmatchedMail = await purgeUnmatchedMail(db, now, retention);
  result.weeklyReports = await purgeWeeklyReports(db, now, retention);
  // Also scrubs the database, so the cleared addresses leave no copy either.
  result.removed = await eraseSubmissions(storage, [...ids], {
    dataDir: opts.dataDir,
    webhookUrl: opts.webhookUrl,
    reason: "retention",
    now,
    // Read again with the rows locked: a decision or a consent recorded meanwhile is seen.
    stillChosen: async (trx, chosen) => {
      const query = candidates(trx).where("id", "in", [...chosen]);
      const rows = await forUpdate(storage.dialect, query).execute();
      return rows.filter(hasExpired).map((r) => r.id);
    },
  });
  // What actually went: a submission kept or released meanwhile stayed, and is not reported.
  const gone = new Set(result.removed.references);
  const went = expired.filter((e) => gone.has(referenceOf(e)));
  result.applications = went.filter((e) => e.kind === "application" && e.spam === 0).map(referenceOf);
  result.hiredApplications = countBasis(went, "hired", retention);
  result.futureRoles = countBasis(went, "consent", retention);
  result.enquiries = went.filter((e) => e.kind === "contact" && e.spam === 0).length;
  result.feedback = went.filter((e) => e.kind === "feedback" && e.spam === 0).length;
  result.spam = went.filter((e) => e.spam === 1).length;
  return result;
}

/** How many of the deleted applications went by this basis of the rule. */
function countBasis(rows: readonly PurgeRow[], basis: "hired" | "consent", settings: RetentionSettings): number {
  return rows.filter((r) => r.kind === "application" && r.spam === 0 && deletionDateOf(r, settings).basis === basis)
    .length;
}

/** "(analytics: 13 months, ANALYTICS_RETENTION_MONTHS)": the periods a line applies. */
function periodsOf(r: PurgeResult, ...names: PeriodName[]): string {
  return `(${names.join(", ")}: ${describePeriod(names[0]!, r.settings)})`;
}

/**
 * What the purge did, or would do, for the CLI and the log: one line per period of the table
 * each naming its period.
 */
export function describePurge(r: PurgeResult, dryRun: boolean): string {
  const verb = dryRun ? "would delete" : "deleted";
  const day = (name: PeriodName) => r.cutoffs[name].slice(0, 10);
  const lines = [
    `${verb} ${r.applications.length} application(s) whose deletion date had come${r.applications.length ? `: ${r.applications.join(", ")}` : ""} ${periodsOf(r, "applications")}`,
    `  of them hired, ${r.settings.hiredApplications} days after the decision: ${r.hiredApplications} ${periodsOf(r, "hiredApplications")}`,
    `  of them kept for future roles with consent, until ${r.settings.futureRoles} months after arrival: ${r.futureRoles} ${periodsOf(r, "futureRoles")}`,
    `${verb} ${r.enquiries} enquiry(ies) older than ${day("enquiries")} ${periodsOf(r, "enquiries")}`,
    `${verb} ${r.feedback} feedback older than ${day("feedback")} ${periodsOf(r, "feedback")}`,
    `${verb} ${r.spam} spam submission(s) older than ${day("spam")} ${periodsOf(r, "spam")}`,
    `${dryRun ? "would clear" : "cleared"} the IP address and user agent of ${r.networkDataCleared} submission(s) older than ${day("networkData")} ${periodsOf(r, "networkData")}`,
    `${verb} ${r.analytics} measurement(s) older than ${day("analytics")} ${periodsOf(r, "analytics")}`,
    `${verb} ${r.consentRecords} consent record(s) older than ${day("consentRecords")} ${periodsOf(r, "consentRecords")}`,
    `${verb} ${r.dailyTotals} row(s) of daily totals older than ${day("dailyTotals")} ${periodsOf(r, "dailyTotals")}`,
    `${verb} ${r.auditEntries} audit log entr(ies) older than ${day("auditLog")} ${periodsOf(r, "auditLog")}`,
    `${verb} ${r.sessions} console session(s) past their lifetime ${periodsOf(r, "sessions")}`,
    `${verb} ${r.idleSessions} idle console session(s) ${periodsOf(r, "idleSessions")}`,
    `${verb} ${r.invitations} invitation(s) whose link was used, cancelled or ran out ${periodsOf(r, "invitations")}`,
    `${verb} ${r.mailAlerts} mail-failure alert record(s) older than ${day("mailAlerts")}, keeping the newest ${periodsOf(r, "mailAlerts")}`,
    `${verb} ${r.unmatchedMail} record(s) of inbound mail that matched no conversation, older than ${day("unmatchedMail")} ${periodsOf(r, "unmatchedMail")}`,
    `${verb} ${r.weeklyReports} weekly report(s) to staff, sent or given up, older than ${day("weeklyReports")} ${periodsOf(r, "weeklyReports")}`,
  ];
  if (r.removed) {
    lines.push(
      `removed ${r.removed.resumes} resume(s), ${r.removed.messages} message(s), ${r.removed.mailFiles} mail file(s), ${r.confirmationRecords} confirmation record(s)${r.removed.webhookEvents ? "; erasure event queued for the webhook receiver" : ""}`,
    );
  }
  return lines.join("\n");
}
