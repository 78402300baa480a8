/**
 * Export of the inbox's filtered view, as the CLI's `export` writes it (its columns, same CSV
 * cells with formulas neutralised; never the network data), with each row's status and notes.
 * Each person exports only the kinds their role sees, never a quarantined submission (the inbox
 * query leaves them out); every export is in the audit log.
 */
import type { FastifyInstance } from "fastify";
import type { Kysely } from "kysely";
import { Readable } from "node:stream";
import { z } from "zod";
import { csvRow, exportColumns } from "../cli/csv";
import type { Database } from "../storage/schema";
import { signedIn } from "./access";
import { appendAudit } from "./audit";
import { fail, forbidden, staffOf } from "./http";
import { inboxWhere, type InboxFilter } from "./inbox";
import type { RouteContext } from "./route-context";
import { kindsFor, maySee } from "./roles";
import { inboxQuery } from "./submission-routes";

const exportBody = inboxQuery.omit({ page: true }).extend({ format: z.enum(["csv", "json"]) });

/**
 * The CLI's columns and the handling of each row: its status and its notes (CSV: one cell, a
 * line per note; JSON: a list). `spam` is left out: the export never holds a quarantined row.
 */
const exportedColumns = [...exportColumns.filter((c) => c !== "spam"), "status"] as const;
export const consoleExportColumns = [...exportedColumns, "notes"] as const;
/** Rows are read a page at a time, each page with its notes in one more query. */
const batchSize = 200;

type ExportNote = { staff_name: string; body: string; created_at: string };

function noteLine(n: ExportNote): string {
  return `${n.created_at} ${n.staff_name}: ${n.body}`;
}

/**
 * The filtered view, newest first, in pages keyed on (created_at, id): a plain query per page,
 * so the notes of a page can be read between pages (SQLite's one connection cannot answer a
 * second query while a streaming one holds it).
 */
async function* exportBatches(db: Kysely<Database>, filter: InboxFilter) {
  let after: { created_at: string; id: number } | undefined;
  for (;;) {
    const last = after;
    let query = inboxWhere(db, filter).select(exportedColumns);
    if (last) {
      query = query.where((eb) =>
        eb.or([
          eb("created_at", "<", last.created_at),
          eb.and([eb("created_at", "=", last.created_at), eb("id", "<", last.id)]),
        ]),
      );
    }
    const rows = await query.orderBy("created_at", "desc").orderBy("id", "desc").limit(batchSize).execute();
    if (rows.length === 0) return;
    const notesOf = new Map<number, ExportNote[]>();
    const notes = await db
      .selectFrom("submission_notes")
      .select(["submission_id", "staff_name", "body", "created_at"])
      .where(
        "submission_id",
        "in",
        rows.map((r) => r.id),
      )
      .orderBy("id")
      .execute();
    for (const { submission_id, ...note } of notes)
      notesOf.set(submission_id, [...(notesOf.get(submission_id) ?? []), note]);
    yield rows.map((row) => ({
      row: row as Record<(typeof exportedColumns)[number], unknown>,
      notes: notesOf.get(row.id) ?? [],
    }));
    if (rows.length < batchSize) return;
    after = rows.at(-1)!;
  }
}

export async function exportRoutes(app: FastifyInstance, ctx: RouteContext) {
  const { storage, now } = ctx;
  // The console's export buttons are a plain form post (the browser saves the answer as a file).
  app.addContentTypeParser("application/x-www-form-urlencoded", { parseAs: "string" }, (_req, body, done) =>
    done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );

  app.post("/admin/api/export", signedIn, async (req, reply) => {
    const body = exportBody.safeParse(req.body ?? {});
    if (!body.success) return fail(reply, 400, "Choose CSV or JSON, with valid filters.");
    const { role } = staffOf(req);
    if (body.data.kind && !maySee(role, body.data.kind)) return forbidden(reply);
    const filter = { ...body.data, kinds: body.data.kind ? [body.data.kind] : kindsFor(role) };
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
    const batches = exportBatches(storage.db, filter);
    async function* lines() {
      let count = 0;
      if (format === "csv") yield csvRow(consoleExportColumns);
      else yield "[\n";
      for await (const batch of batches) {
        for (const { row, notes } of batch) {
          if (format === "csv") {
            yield csvRow([...exportedColumns.map((c) => row[c]), notes.map(noteLine).join("\n")]);
          } else {
            const record = Object.fromEntries(exportedColumns.map((c) => [c, row[c]]));
            yield `${count ? ",\n" : ""}${JSON.stringify({ ...record, notes })}`;
          }
          count++;
        }
      }
      if (format === "json") yield "\n]\n";
    }
    const day = at.toISOString().slice(0, 10);
    return reply
      .header("Content-Type", format === "csv" ? "text/csv; charset=utf-8" : "application/json; charset=utf-8")
      .header("Content-Disposition", `attachment; filename="submissions-${day}.${format}"`)
      .send(Readable.from(lines()));
  });
}

/** The filter in words for the audit log; a search term is not repeated (it may be a name). */
function describeFilter(f: { kinds: readonly string[]; status?: string; from?: string; to?: string; q?: string }) {
  const parts = [`kinds ${f.kinds.join(", ")}`];
  if (f.status) parts.push(`status ${f.status}`);
  if (f.from) parts.push(`from ${f.from}`);
  if (f.to) parts.push(`until ${f.to}`);
  if (f.q) parts.push("with a search");
  return parts.join(", ");
}
