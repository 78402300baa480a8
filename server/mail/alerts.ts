/**
 * Mail-failure alerts (docs/decisions/039-routing-rules-and-alerts.md): when outbox messages fail
 * for good, or a due message has waited over an hour, the admins hear of it once per UTC hour: an
 * e-mail to every active admin, a chat message to the webhooks of rules marked for system alerts,
 * and a banner in the console (GET mail-health). The alert is recorded before it is sent, keyed by
 * its hour: however many instances check at once and however many messages fail, one row wins the
 * insert and only its instance sends. The e-mail may well go through the same dead SMTP server, so
 * the banner, read from the database, is the alert that cannot fail.
 */
import type { Kysely } from "kysely";
import crypto from "node:crypto";
import { rolesWith, staffRoles } from "../../contracts/staff/permissions";
import type { Config } from "../config";
import type { Storage } from "../db/db";
import type { Database } from "../db/schema";
import { withoutAddresses } from "./outbox-worker";
import { postChat } from "./chat-post";
import { chatText, ruleWebhookUrl } from "./routed";
import type { MailTransport } from "./transport";

const hourMs = 60 * 60_000;
/** How the worker's withdrawn messages' notes begin (decision-delivery.ts, storage/assignment.ts). */
const withdrawnPrefix = "Not sent:";

export interface MailHealth {
  /** Messages that failed for good since the last alert covered them. */
  failed: number;
  /** Due messages created over an hour ago and still not sent. */
  stale: number;
  /** The newest failed outbox id. */
  lastFailedId: number;
}

/** The outbox's state as the alert judges it; `since` is the newest failed id already alerted. */
export async function mailHealth(
  db: Kysely<Database>,
  now: Date,
  since: number,
  /** Only messages that failed after this time (ISO); the banner's window (mailHealthNow). */
  failedAfter?: string,
): Promise<MailHealth> {
  let failedQuery = db
    .selectFrom("outbox")
    .select((eb) => [eb.fn.countAll<number | string>().as("n"), eb.fn.max("id").as("last")])
    .where("status", "=", "failed");
  // A message parked as failed had its next attempt set from the moment it failed (now + the
  // backoff), so a next attempt after the window's start means it failed within the window.
  if (failedAfter) failedQuery = failedQuery.where("next_attempt_at", ">", failedAfter);
  const failed = await failedQuery
    // A withdrawn message (its decision or assignment changed before delivery) was stopped on
    // purpose: parked as failed with a note starting "Not sent:", it is no sign of failing mail.
    .where((eb) => eb.or([eb("last_error", "is", null), eb("last_error", "not like", `${withdrawnPrefix}%`)]))
    .where("id", ">", since)
    .executeTakeFirstOrThrow();
  const stale = await db
    .selectFrom("outbox")
    .select((eb) => eb.fn.countAll<number | string>().as("n"))
    .where("status", "=", "pending")
    .where("next_attempt_at", "<=", now.toISOString())
    .where("created_at", "<=", new Date(now.getTime() - hourMs).toISOString())
    .executeTakeFirstOrThrow();
  return { failed: Number(failed.n), stale: Number(stale.n), lastFailedId: Number(failed.last ?? since) };
}

async function lastAlerted(db: Kysely<Database>): Promise<number> {
  const row = await db
    .selectFrom("mail_alerts")
    .select((eb) => eb.fn.max("last_failed_id").as("last"))
    .executeTakeFirst();
  return Number(row?.last ?? 0);
}

export function alertText(health: Pick<MailHealth, "failed" | "stale">, origin: string) {
  const parts = [
    health.failed > 0 && `${health.failed} ${health.failed === 1 ? "message has" : "messages have"} failed for good`,
    health.stale > 0 &&
      `${health.stale} ${health.stale === 1 ? "message has" : "messages have"} waited over an hour to be sent`,
  ].filter(Boolean);
  const link = `${origin}/admin/outbox`;
  return {
    subject: "Mail from the website is failing",
    text: `Mail from the website is failing: ${parts.join(", and ")}. See the outbox in the staff console: ${link}`,
    link,
  };
}

export type AlertOutcome = { raised: false; reason: "healthy" | "already this hour" } | { raised: true; sent: number };

/** One check: raises this hour's alert when mail is failing and no instance has raised it yet. */
export async function checkMailAlerts(deps: {
  config: Config;
  storage: Storage;
  transport: MailTransport;
  now: Date;
}): Promise<AlertOutcome> {
  const { config, storage, transport, now } = deps;
  const { db } = storage;
  const health = await mailHealth(db, now, await lastAlerted(db));
  if (health.failed === 0 && health.stale === 0) return { raised: false, reason: "healthy" };
  const hour = now.toISOString().slice(0, 13);
  const inserted = await storage.transaction((trx) =>
    trx
      .insertInto("mail_alerts")
      .values({
        hour,
        failed: health.failed,
        stale: health.stale,
        last_failed_id: health.lastFailedId,
        sent: 0,
        error: null,
        created_at: now.toISOString(),
      })
      .onConflict((oc) => oc.column("hour").doNothing())
      .returning("hour")
      .executeTakeFirst(),
  );
  if (!inserted) return { raised: false, reason: "already this hour" };

  const { subject, text, link } = alertText(health, config.admin.origin);
  // The people who look after the outbox (`outbox:manage`: administrators).
  const admins = await db
    .selectFrom("staff")
    .select("email")
    .where("role", "in", rolesWith(staffRoles, "outbox:manage"))
    .where("revoked_at", "is", null)
    .execute();
  const hooks = await db
    .selectFrom("routing_rules")
    .select(["id", "webhook_sealed", "webhook_format"])
    .where("system_alerts", "=", 1)
    .where("paused", "=", 0)
    .where("webhook_sealed", "is not", null)
    .execute();
  const html = `<p>${text.replace(link, `<a href="${link}">${link}</a>`)}</p>`;
  const sends = [
    ...admins.map(
      (a) => async () =>
        transport.send({
          from: config.mail.from,
          to: a.email,
          subject,
          text: `${text}\n`,
          html,
          messageId: `<alert-${hour}-${crypto.randomUUID()}@altivacloud.com>`,
        }),
    ),
    ...hooks.map(
      (rule) => async () =>
        postChat(
          ruleWebhookUrl(config, rule),
          chatText(rule.webhook_format ?? "generic", text, link, {
            kind: "mail-alert",
            failed: health.failed,
            stale: health.stale,
            link,
          }),
          { timeoutMs: config.outbox.sendTimeoutMs, allowLoopbackHttp: config.routing.allowLoopbackHttp },
        ),
    ),
  ];
  // Each on its own (async, so even a rule whose URL cannot be opened only rejects its own):
  // one dead channel must not keep the others from hearing of it.
  const results = await Promise.allSettled(sends.map((send) => send()));
  const sent = results.filter((r) => r.status === "fulfilled").length;
  const firstError = results.find((r): r is PromiseRejectedResult => r.status === "rejected");
  await storage.transaction((trx) =>
    trx
      .updateTable("mail_alerts")
      .set({
        sent,
        error: firstError ? withoutAddresses(String(firstError.reason)).slice(0, 300) : null,
      })
      .where("hour", "=", hour)
      .execute(),
  );
  return { raised: true, sent };
}

/** What the console's banner shows admins: the outbox's trouble now, and the last alert. */
/**
 * What the admins' banner shows: the messages that failed for good in the last day, and the
 * queue's overdue ones. A day, not for ever: a failed message stays in the outbox (its record of
 * delivery) until its submission goes, and a banner that never cleared would soon be ignored.
 */
export const bannerWindowMs = 24 * hourMs;

export async function mailHealthNow(db: Kysely<Database>, now: Date) {
  const health = await mailHealth(db, now, 0, new Date(now.getTime() - bannerWindowMs).toISOString());
  const last = await db
    .selectFrom("mail_alerts")
    .select("created_at")
    .orderBy("hour", "desc")
    .limit(1)
    .executeTakeFirst();
  return { failed: health.failed, stale: health.stale, lastAlertAt: last?.created_at ?? null };
}

/** Runs the check every few minutes; stopped with the server. */
export function startMailAlerts(
  deps: { config: Config; storage: Storage; transport: MailTransport },
  log: { warn(o: object, m: string): void; error(o: object, m: string): void },
  everyMs = 5 * 60_000,
) {
  const check = () =>
    checkMailAlerts({ ...deps, now: new Date() }).then(
      // Counts only: the log is a copy no erasure reaches.
      (outcome) => outcome.raised && log.warn({ sent: outcome.sent }, "mail-failure alert raised"),
      (error: unknown) => log.error({ err: withoutAddresses(String(error)) }, "mail-failure check failed"),
    );
  const timer = setInterval(check, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
