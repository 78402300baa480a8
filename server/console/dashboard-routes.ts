/**
 * The marketing dashboard's routes (docs/decisions/057-marketing-dashboard.md): the whole of it for
 * those who hold `dashboard:read` (marketing, administrators), and its lead funnel without page
 * views for those who hold `enquiries:outcome` (sales, administrators), who read every enquiry it counts. The query is
 * the page's address: a period, a comparison and filters of the measurements' own shapes; counts
 * only in the answer.
 */
import type { FastifyInstance } from "fastify";
import { can } from "../../contracts/staff/permissions";
import { dashboardQuery, type DashboardAnswer, type OutcomesAnswer } from "../../contracts/dashboard";
import { dashboardFigures, outcomeFigures } from "../analytics/dashboard";
import { dashboardRange } from "../analytics/dashboard-range";
import { needs } from "./access";
import { fail, forbidden, staffOf } from "./http";
import type { RouteContext } from "./route-context";

export async function dashboardRoutes(app: FastifyInstance, ctx: RouteContext) {
  app.get("/admin/api/dashboard", needs("dashboard:read"), async (req, reply) => {
    const query = dashboardQuery.safeParse(req.query);
    if (!query.success) return fail(reply, 400, "Choose a period, a comparison and filters from the dashboard.");
    const span = dashboardRange(query.data, ctx.now());
    if ("error" in span) return fail(reply, 400, span.error);
    const data: DashboardAnswer = await dashboardFigures(ctx.storage.db, span.range, span.previous, query.data);
    return { status: true, data };
  });

  app.get("/admin/api/dashboard/outcomes", needs("enquiries:outcome"), async (req, reply) => {
    // The funnel counts enquiries (contact submissions): only for someone who reads them all.
    if (!can(staffOf(req), "submissions:read:contact")) return forbidden(reply);
    const query = dashboardQuery.safeParse(req.query);
    if (!query.success) return fail(reply, 400, "Choose a period, a comparison and filters from the page.");
    const span = dashboardRange(query.data, ctx.now());
    if ("error" in span) return fail(reply, 400, span.error);
    const data: OutcomesAnswer = await outcomeFigures(ctx.storage.db, span.range, span.previous, query.data);
    return { status: true, data };
  });
}
