/**
 * The weekly report's choice (docs/decisions/057-marketing-dashboard.md): each person who holds
 * `dashboard:read` reads and sets their own; nobody sets another's. The report itself is queued
 * by mail/weekly-report-queue.ts.
 */
import type { FastifyInstance } from "fastify";
import { weeklyReportChoice, type WeeklyReportChoice } from "../../contracts/dashboard";
import { needs } from "./access";
import { fail } from "./http";
import type { RouteContext } from "./route-context";

export async function weeklyReportRoutes(app: FastifyInstance, ctx: RouteContext) {
  const { db } = ctx.storage;
  const choiceOf = async (staffId: number): Promise<WeeklyReportChoice> => ({
    receive: Boolean(
      await db
        .selectFrom("weekly_report_choices")
        .select("staff_id")
        .where("staff_id", "=", staffId)
        .executeTakeFirst(),
    ),
  });

  app.get("/admin/api/dashboard/weekly-report", needs("dashboard:read"), async (req) => ({
    status: true,
    data: await choiceOf(req.staff!.id),
  }));

  app.post("/admin/api/dashboard/weekly-report", needs("dashboard:read"), async (req, reply) => {
    const body = weeklyReportChoice.safeParse(req.body);
    if (!body.success) return fail(reply, 400, "Say whether you want the weekly report.");
    const staffId = req.staff!.id;
    await ctx.storage.transaction(async (trx) => {
      if (!body.data.receive) {
        await trx.deleteFrom("weekly_report_choices").where("staff_id", "=", staffId).execute();
        return;
      }
      await trx
        .insertInto("weekly_report_choices")
        .values({ staff_id: staffId, chosen_at: ctx.now().toISOString() })
        .onConflict((oc) => oc.column("staff_id").doNothing())
        .execute();
    });
    return { status: true, data: await choiceOf(staffId) };
  });
}
