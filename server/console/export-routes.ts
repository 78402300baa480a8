/**
 * Export of the inbox's filtered view through the one export (server/exports/submissions.ts):
 * the CLI's columns and CSV cells, never the network data, with each row's status and notes.
 * Each person exports only the kinds their role sees, never a quarantined submission (the inbox
 * query leaves them out); every export is in the audit log.
 */
import type { FastifyInstance } from "fastify";
import { Readable } from "node:stream";
import { z } from "zod";
import { consoleColumns, exportSubmissions } from "../exports/submissions";
import { needs } from "./access";
import { appendAudit } from "./audit";
import { fail, forbidden, staffOf } from "./http";
import { inboxWhere, withSearchMatches } from "./inbox";
import type { RouteContext } from "./route-context";
import { kindsOf, maySee } from "../../contracts/staff/permissions";
import { inboxQuery } from "./views/submission-view";

export { consoleExportColumns } from "../exports/submissions";

const exportBody = inboxQuery.omit({ page: true }).extend({ format: z.enum(["csv", "json"]) });

export async function exportRoutes(app: FastifyInstance, ctx: RouteContext) {
  const { storage, now } = ctx;
  // The console's export buttons are a plain form post (the browser saves the answer as a file).
  app.addContentTypeParser("application/x-www-form-urlencoded", { parseAs: "string" }, (_req, body, done) =>
    done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );

  app.post("/admin/api/export", needs("submissions:export"), async (req, reply) => {
    const body = exportBody.safeParse(req.body ?? {});
    if (!body.success) return fail(reply, 400, "Choose CSV or JSON, with valid filters.");
    const staff = staffOf(req);
    if (body.data.kind && !maySee(staff, body.data.kind)) return forbidden(reply);
    if ((body.data.role || body.data.position) && !maySee(staff, "application")) return forbidden(reply);
    // Exporting is given with reading: a role that reads no kind has nothing to export.
    if (kindsOf(staff).length === 0) return forbidden(reply);
    const filter = await withSearchMatches(storage.db, {
      ...body.data,
      kinds: body.data.kind ? [body.data.kind] : kindsOf(staff),
      viewer: staffOf(req).id,
    });
    const { format } = body.data;
    const at = now();
    await appendAudit(
      storage.db,
      {
        staff: staffOf(req),
        action: "export",
        detail: `${format.toUpperCase()}; ${describeFilter(filter)}`,
      },
      at,
    );
    // Newest first, as the inbox shows it, each row with its notes and its conversation.
    const { lines } = exportSubmissions(storage.db, {
      format,
      columns: consoleColumns,
      where: (db) => inboxWhere(db, filter),
      order: "newest",
      notes: true,
      conversation: true,
    });
    const day = at.toISOString().slice(0, 10);
    return reply
      .header("Content-Type", format === "csv" ? "text/csv; charset=utf-8" : "application/json; charset=utf-8")
      .header("Content-Disposition", `attachment; filename="submissions-${day}.${format}"`)
      .send(Readable.from(lines));
  });
}

/** The filter in words for the audit log; a search term is not repeated (it may be a name). */
function describeFilter(f: {
  kinds: readonly string[];
  status?: string;
  from?: string;
  to?: string;
  q?: string;
  role?: string;
  position?: string;
}) {
  const parts = [`kinds ${f.kinds.join(", ")}`];
  if (f.status) parts.push(`status ${f.status}`);
  if (f.role) parts.push(`role ${f.role}`);
  if (f.position) parts.push(`position ${f.position}`);
  if (f.from) parts.push(`from ${f.from}`);
  if (f.to) parts.push(`until ${f.to}`);
  if (f.q) parts.push("with a search");
  return parts.join(", ");
}
