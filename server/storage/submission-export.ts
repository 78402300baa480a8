/**
 * The rows of an export (server/exports/submissions.ts writes them), read a page at a time in
 * a fixed order keyed on its columns: a plain query per page, so the notes of a page can be read
 * between pages (SQLite's one connection cannot answer a second query while a streaming one
 * holds it), and no export holds more than one page in memory.
 */
import type { Kysely, SelectQueryBuilder } from "kysely";
import type { Database, SubmissionsTable } from "./schema";

export type SubmissionColumn = keyof SubmissionsTable & string;

/** One staff note on an exported submission. */
export type ExportNote = { staff_name: string; body: string; created_at: string };

export interface ExportRead<C extends SubmissionColumn> {
  /** Which submissions: the caller's filter as a query (the CLI's list filter, the inbox's view). */
  where: (db: Kysely<Database>) => SelectQueryBuilder<Database, "submissions", object>;
  columns: readonly C[];
  /** "id": oldest first as stored (the CLI); "newest": by time, ties by id, newest first (the console). */
  order: "id" | "newest";
  /** Read each row's notes too. */
  notes: boolean;
}

/** Rows read at once. */
export const exportPageSize = 200;

export async function* exportRows<C extends SubmissionColumn>(
  db: Kysely<Database>,
  read: ExportRead<C>,
): AsyncGenerator<{ row: Record<C, unknown>; notes: ExportNote[] }> {
  const selected = [...new Set<SubmissionColumn>([...read.columns, "id", "created_at"])];
  let after: { created_at: string; id: number } | undefined;
  for (;;) {
    const last = after;
    let query = read.where(db).select(selected);
    if (read.order === "id") {
      if (last) query = query.where("id", ">", last.id);
      query = query.orderBy("id");
    } else {
      if (last) {
        query = query.where((eb) =>
          eb.or([
            eb("created_at", "<", last.created_at),
            eb.and([eb("created_at", "=", last.created_at), eb("id", "<", last.id)]),
          ]),
        );
      }
      query = query.orderBy("created_at", "desc").orderBy("id", "desc");
    }
    const rows = (await query.limit(exportPageSize).execute()) as unknown as ({
      id: number;
      created_at: string;
    } & Record<C, unknown>)[];
    if (rows.length === 0) return;
    const notesOf = new Map<number, ExportNote[]>();
    if (read.notes) {
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
    }
    for (const row of rows) yield { row, notes: notesOf.get(row.id) ?? [] };
    if (rows.length < exportPageSize) return;
    after = rows.at(-1)!;
  }
}
