/**
 * The retention of the staff console's own tables, for the purge (retention.ts): the audit log,
 * ended sessions with their spent challenges, invitations whose link no longer works, old
 * mail-failure alert records and weekly reports sent long ago. Here in storage, so the purge needs no console
 * code; the console's routes read and write these tables through server/console/.
 */
import type { ExpressionBuilder, Kysely } from "kysely";
import { hasRunOut } from "./expired-rows";
import { cutoff, defaultRetention, type RetentionSettings } from "./retention-policy";
import type { Database } from "../db/schema";

/**
 * Entries older than the audit log's period (24 months), for the retention purge. Only from the start of the chain:
 * an old entry after a newer one (a clock set back) waits until the newer one goes too, so what
 * survives is always an unbroken chain whose first entry is the anchor.
 */
export async function purgeAudit(
  db: Kysely<Database>,
  now: Date,
  settings: RetentionSettings = defaultRetention(),
  dryRun = false,
): Promise<number> {
  const runOut = (eb: ExpressionBuilder<Database, "audit_log">) => hasRunOut(eb, "at", "auditLog", now, settings);
  const firstKept = await db
    .selectFrom("audit_log")
    .select("id")
    .where((eb) => eb.not(runOut(eb)))
    .orderBy("id")
    .limit(1)
    .executeTakeFirst();
  if (dryRun) {
    let count = db
      .selectFrom("audit_log")
      .select((eb) => eb.fn.countAll<string | number>().as("n"))
      .where(runOut);
    if (firstKept) count = count.where("id", "<", firstKept.id);
    return Number((await count.executeTakeFirstOrThrow()).n);
  }
  let query = db.deleteFrom("audit_log").where(runOut);
  if (firstKept) query = query.where("id", "<", firstKept.id);
  const res = await query.executeTakeFirst();
  return Number(res.numDeletedRows);
}

/**
 * Sessions past either clock (expired: past their lifetime; idle: no request for the idle
 * period) and spent sign-in challenges.
 */
export async function purgeSessions(
  db: Kysely<Database>,
  now: Date,
  settings: RetentionSettings = defaultRetention(),
  dryRun = false,
): Promise<{ expired: number; idle: number }> {
  const at = now.toISOString();
  const idleSince = cutoff("idleSessions", now, settings).toISOString();
  const expired = (eb: ExpressionBuilder<Database, "staff_sessions">) => eb("expires_at", "<=", at);
  const idle = (eb: ExpressionBuilder<Database, "staff_sessions">) =>
    eb.and([eb("expires_at", ">", at), eb("last_seen_at", "<", idleSince)]);
  if (dryRun) {
    const count = async (which: typeof expired) =>
      Number(
        (
          await db
            .selectFrom("staff_sessions")
            .select((eb) => eb.fn.countAll<string | number>().as("n"))
            .where(which)
            .executeTakeFirstOrThrow()
        ).n,
      );
    return { expired: await count(expired), idle: await count(idle) };
  }
  const gone = await db.deleteFrom("staff_sessions").where(expired).executeTakeFirst();
  const left = await db.deleteFrom("staff_sessions").where(idle).executeTakeFirst();
  await db.deleteFrom("webauthn_challenges").where("expires_at", "<=", at).execute();
  return { expired: Number(gone.numDeletedRows), idle: Number(left.numDeletedRows) };
}

/**
 * Invitations whose link no longer works (used, cancelled or past its period): deleted, as they
 * hold the name and address of someone who may never have joined. The audit log keeps the events
 * and the staff table the people who did. With `dryRun`, counted only.
 */
export async function purgeInvitations(db: Kysely<Database>, now: Date, dryRun = false): Promise<number> {
  const ended = (eb: ExpressionBuilder<Database, "invitations">) =>
    eb.or([
      eb("expires_at", "<=", now.toISOString()),
      eb("used_at", "is not", null),
      eb("cancelled_at", "is not", null),
    ]);
  if (dryRun) {
    const row = await db
      .selectFrom("invitations")
      .select((eb) => eb.fn.countAll<string | number>().as("n"))
      .where(ended)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }
  const gone = await db.deleteFrom("invitations").where(ended).executeTakeFirst();
  return Number(gone.numDeletedRows);
}

/**
 * Mail-failure alert records older than their period (90 days), except the newest: it holds the
 * last failed outbox id an alert covered (the ids only grow, so the newest has the highest), and
 * without it the next check would alert again about failures already told. With `dryRun`, counted
 * only.
 */
export async function purgeMailAlerts(
  db: Kysely<Database>,
  now: Date,
  settings: RetentionSettings = defaultRetention(),
  dryRun = false,
): Promise<number> {
  const newest = await db.selectFrom("mail_alerts").select("hour").orderBy("hour", "desc").limit(1).executeTakeFirst();
  if (!newest) return 0;
  const old = (eb: ExpressionBuilder<Database, "mail_alerts">) =>
    eb.and([hasRunOut(eb, "created_at", "mailAlerts", now, settings), eb("hour", "<", newest.hour)]);
  if (dryRun) {
    const row = await db
      .selectFrom("mail_alerts")
      .select((eb) => eb.fn.countAll<string | number>().as("n"))
      .where(old)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }
  const gone = await db.deleteFrom("mail_alerts").where(old).executeTakeFirst();
  return Number(gone.numDeletedRows);
}

/**
 * Weekly reports past their period (90 days) that were sent or given up: each holds the address it
 * went to. A report still waiting to be delivered stays, whatever its age. With `dryRun`, counted only.
 */
export async function purgeWeeklyReports(
  db: Kysely<Database>,
  now: Date,
  settings: RetentionSettings = defaultRetention(),
  dryRun = false,
): Promise<number> {
  const old = (eb: ExpressionBuilder<Database, "weekly_reports">) =>
    eb.and([eb("status", "in", ["sent", "failed"]), hasRunOut(eb, "created_at", "weeklyReports", now, settings)]);
  if (dryRun) {
    const row = await db
      .selectFrom("weekly_reports")
      .select((eb) => eb.fn.countAll<string | number>().as("n"))
      .where(old)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }
  const gone = await db.deleteFrom("weekly_reports").where(old).executeTakeFirst();
  return Number(gone.numDeletedRows);
}

/** Records of inbound mail that matched no conversation (server/replies/unmatched-mail.ts) past their period. */
export async function purgeUnmatchedMail(
  db: Kysely<Database>,
  now: Date,
  settings: RetentionSettings = defaultRetention(),
  dryRun = false,
): Promise<number> {
  const old = (eb: ExpressionBuilder<Database, "unmatched_mail">) =>
    hasRunOut(eb, "received_at", "unmatchedMail", now, settings);
  if (dryRun) {
    const row = await db
      .selectFrom("unmatched_mail")
      .select((eb) => eb.fn.countAll<string | number>().as("n"))
      .where(old)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }
  const gone = await db.deleteFrom("unmatched_mail").where(old).executeTakeFirst();
  return Number(gone.numDeletedRows);
}
