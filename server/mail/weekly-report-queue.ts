/**
 * Queues the weekly report for each person who chose it and still holds `dashboard:read`, and the
 * tick that does so every few minutes. Every instance runs the tick; the key (person, ISO week)
 * lets one insert win and the others do nothing, and the row it inserts is the message the outbox
 * worker delivers, so the key and the message are written together or not at all.
 */
import { rolesWith, type StaffRoleTable } from "../../contracts/staff/permissions";
import type { Config } from "../config";
import type { Storage } from "../db/db";
import { newMessageId } from "../outbox/outbox-rows";
import { dashboardFigures } from "../analytics/dashboard";
import { reportWeek } from "../analytics/weekly-report";
import { weeklyReportMail } from "./weekly-report-mail";

export interface WeeklyReportDeps {
  config: Pick<Config, "companyTimeZone" | "admin">;
  storage: Storage;
  staffRoles: StaffRoleTable;
}

/** Queues what is due at `now`; returns how many reports this call queued (0 when another did). */
export async function queueWeeklyReports({ config, storage, staffRoles }: WeeklyReportDeps, now: Date) {
  const week = reportWeek(now, config.companyTimeZone);
  if (!week) return 0;
  const roles = rolesWith(staffRoles, "dashboard:read");
  if (roles.length === 0) return 0;
  const people = await storage.db
    .selectFrom("weekly_report_choices")
    .innerJoin("staff", "staff.id", "weekly_report_choices.staff_id")
    .leftJoin("weekly_reports", (j) =>
      j.onRef("weekly_reports.staff_id", "=", "staff.id").on("weekly_reports.week", "=", week.week),
    )
    .select(["staff.id", "staff.email"])
    .where("staff.revoked_at", "is", null)
    .where("staff.role", "in", roles)
    .where("weekly_reports.id", "is", null)
    .execute();
  if (people.length === 0) return 0;
  // The same figures for everyone: the report has no personal part.
  const mail = weeklyReportMail(
    week,
    await dashboardFigures(storage.db, week.range, week.previous, {}),
    config.admin.origin,
  );
  const at = now.toISOString();
  let queued = 0;
  for (const person of people) {
    const res = await storage.transaction((trx) =>
      trx
        .insertInto("weekly_reports")
        .values({
          staff_id: person.id,
          week: week.week,
          recipient: person.email,
          ...mail,
          status: "pending",
          attempts: 0,
          next_attempt_at: at,
          message_id: newMessageId(),
          created_at: at,
        })
        .onConflict((oc) => oc.columns(["staff_id", "week"]).doNothing())
        .executeTakeFirst(),
    );
    queued += Number(res.numInsertedOrUpdatedRows ?? 0);
  }
  return queued;
}

/** Checks every five minutes whether a report is due; stopped with the server. */
export function startWeeklyReports(
  deps: WeeklyReportDeps & { onQueued?: () => void },
  log: { info(o: object, m: string): void; error(o: object, m: string): void },
  now: () => Date = () => new Date(),
  everyMs = 5 * 60_000,
) {
  const tick = () =>
    queueWeeklyReports(deps, now()).then(
      // A count only: who receives it is not for the log.
      (queued) => {
        if (queued === 0) return;
        log.info({ queued }, "weekly reports queued");
        deps.onQueued?.();
      },
      (error: unknown) => log.error({ err: String(error) }, "weekly report check failed"),
    );
  const timer = setInterval(tick, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
