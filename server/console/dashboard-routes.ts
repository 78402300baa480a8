/**
 * The marketing dashboard's one route (docs/decisions/057-marketing-dashboard.md): for those who
 * hold `dashboard:read` (marketing, administrators). The query is the page's address: a period,
 * a comparison and filters of the measurements' own shapes; counts only in the answer.
 */
import type { FastifyInstance } from "fastify";
import { dashboardQuery, type DashboardAnswer } from "../../contracts/dashboard";
import { dashboardFigures } from "../analytics/dashboard";
import { dashboardRange } from "../analytics/dashboard-range";
import { needs } from "./access";
import { fail } from "./http";
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
}
