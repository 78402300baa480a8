/**
 * The retention the privacy policies state, applied by the daily job and `npm run admin -- purge`:
 * - applications not selected (nor shortlisted or hired): deleted after RETENTION_MONTHS
 *   (recruitment privacy policy);
 * - enquiries and feedback: deleted after ENQUIRY_RETENTION_MONTHS (privacy policy);
 * - spam of any kind: deleted after SPAM_RETENTION_DAYS;
 * - IP address and user agent of every submission: cleared after IP_RETENTION_DAYS (used only
 *   against abuse);
 * - records of confirmations sent: kept for the day they limit;
 * - delivered erasure events (no personal data): kept IP_RETENTION_DAYS;
 * - the staff console's audit log: kept 24 months; its ended sessions and spent challenges: a day.
 * Deletions go through erasure.ts, so mail files and freed database space go with the rows.
 */
import { keepingStatuses } from "../../contracts/staff-console";
import { purgeAudit } from "../admin/audit";
import { purgeSessions } from "../admin/sessions";
import type { Config } from "../config";
import { confirmationDay } from "../mail/confirmation-limit";
import type { Storage } from "./db";
import { eraseSubmissions, type ErasureReport } from "./erasure";

const dayMs = 24 * 60 * 60_000;

export function monthsBefore(now: Date, months: number): Date {
  const cutoff = new Date(now);
  cutoff.setUTCMonth(cutoff.getUTCMonth() - months);
  return cutoff;
}

export interface PurgeResult {
  cutoffs: { applications: string; enquiries: string; spam: string; networkData: string };
  /** Application numbers of the deleted applications. */
  applications: string[];
  enquiries: number;
  feedback: number;
  spam: number;
  /** Submissions whose IP address and user agent were cleared. */
  networkDataCleared: number;
  confirmationRecords: number;
  /** Audit log entries older than 24 months. */
  auditEntries?: number;
  removed?: ErasureReport;
}

export async function purgeExpired(
  storage: Storage,
  now: Date,
  retention: Config["retention"],
  opts: { dataDir: string; webhookUrl?: string; dryRun?: boolean },
): Promise<PurgeResult> {
  const cutoffs = {
    applications: monthsBefore(now, retention.applicationMonths).toISOString(),
    enquiries: monthsBefore(now, retention.enquiryMonths).toISOString(),
    spam: new Date(now.getTime() - retention.spamDays * dayMs).toISOString(),
    networkData: new Date(now.getTime() - retention.ipDays * dayMs).toISOString(),
  };
  const { db } = storage;
  const expired = await db
    .selectFrom("submissions")
    .select(["id", "kind", "reference", "spam"])
    .where((eb) =>
      eb.or([
        // Kept by the flag or by a keeping status: either alone protects the candidate.
        eb.and([
          eb("kind", "=", "application"),
          eb("selected", "=", 0),
          eb("status", "not in", [...keepingStatuses]),
          eb("created_at", "<", cutoffs.applications),
        ]),
        eb.and([eb("kind", "in", ["contact", "feedback"]), eb("created_at", "<", cutoffs.enquiries)]),
        eb.and([eb("spam", "=", 1), eb("selected", "=", 0), eb("created_at", "<", cutoffs.spam)]),
      ]),
    )
    .orderBy("id")
    .execute();
  const ids = new Set(expired.map((e) => e.id));
  const withNetworkData = await db
    .selectFrom("submissions")
    .select("id")
    .where("created_at", "<", cutoffs.networkData)
    .where((eb) => eb.or([eb("ip", "!=", ""), eb("user_agent", "is not", null)]))
    .execute();
  const toClear = withNetworkData.map((r) => r.id).filter((id) => !ids.has(id));
  const today = confirmationDay(now);
  const result: PurgeResult = {
    cutoffs,
    // Each deleted submission is counted once: spam as spam, whatever its kind.
    applications: expired
      .filter((e) => e.kind === "application" && e.spam === 0)
      .map((e) => e.reference ?? String(e.id)),
    enquiries: expired.filter((e) => e.kind === "contact" && e.spam === 0).length,
    feedback: expired.filter((e) => e.kind === "feedback" && e.spam === 0).length,
    spam: expired.filter((e) => e.spam === 1).length,
    networkDataCleared: toClear.length,
    confirmationRecords: 0,
  };
  if (opts.dryRun) return result;

  result.confirmationRecords = await storage.transaction(async (trx) => {
    if (toClear.length > 0) {
      await trx.updateTable("submissions").set({ ip: "", user_agent: null }).where("id", "in", toClear).execute();
    }
    const old = await trx.deleteFrom("confirmations_sent").where("day", "<", today).executeTakeFirst();
    // Delivered erasure events hold no personal data; they are kept as long as network data.
    await trx
      .deleteFrom("webhook_events")
      .where("status", "=", "sent")
      .where("created_at", "<", cutoffs.networkData)
      .execute();
    // Used proofs of work only need keeping until they would have expired anyway.
    await trx.deleteFrom("spam_proofs_used").where("expires_at", "<", now.toISOString()).execute();
    return Number(old.numDeletedRows);
  });
  result.auditEntries = await purgeAudit(storage.db, now);
  await purgeSessions(storage.db, now);
  // Also scrubs the database, so the cleared addresses leave no copy either.
  result.removed = await eraseSubmissions(storage, [...ids], {
    dataDir: opts.dataDir,
    webhookUrl: opts.webhookUrl,
    reason: "retention",
    now,
  });
  return result;
}

/** What the purge did, for the CLI and the log. */
export function describePurge(r: PurgeResult, dryRun: boolean): string {
  const verb = dryRun ? "would delete" : "deleted";
  const lines = [
    `${verb} ${r.applications.length} application(s) older than ${r.cutoffs.applications.slice(0, 10)}${r.applications.length ? `: ${r.applications.join(", ")}` : ""}`,
    `${verb} ${r.enquiries} enquiry(ies) and ${r.feedback} feedback older than ${r.cutoffs.enquiries.slice(0, 10)}`,
    `${verb} ${r.spam} spam submission(s) older than ${r.cutoffs.spam.slice(0, 10)}`,
    `${dryRun ? "would clear" : "cleared"} the IP address and user agent of ${r.networkDataCleared} submission(s) older than ${r.cutoffs.networkData.slice(0, 10)}`,
  ];
  if (r.removed) {
    lines.push(
      `removed ${r.removed.resumes} resume(s), ${r.removed.messages} message(s), ${r.removed.mailFiles} mail file(s), ${r.confirmationRecords} confirmation record(s)${r.removed.webhookEvents ? "; erasure event queued for the webhook receiver" : ""}`,
    );
  }
  if (r.auditEntries) lines.push(`deleted ${r.auditEntries} audit log entr(ies) older than 24 months`);
  return lines.join("\n");
}
