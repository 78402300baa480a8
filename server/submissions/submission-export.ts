/**
 * The rows of an export (server/exports/submissions.ts writes them), read a page at a time in
 * a fixed order keyed on its columns: a plain query per page, so the notes of a page can be read
 * between pages (SQLite's one connection cannot answer a second query while a streaming one
 * holds it), and no export holds more than one page in memory.
 */
import type { Kysely, SelectQueryBuilder } from "kysely";
import type { Database, SubmissionsTable } from "../db/schema";
import { conversationsOf, type ConversationMessage } from "../replies/conversation-record";
import { roleTitles } from "./submission-role";

/**
 * Columns read from `job_roles` beside a submission's own: the title of the role an application
 * was sent for (`role` holds its slug), as it reads at the time of the export.
 */
const joinedColumns = ["role_title"] as const;
type JoinedColumn = (typeof joinedColumns)[number];

type OwnColumn = keyof SubmissionsTable & string;

/** An export's column: one of `submissions`, or one read beside it (the role's title). */
export type SubmissionColumn = OwnColumn | JoinedColumn;

const isJoined = (c: SubmissionColumn): c is JoinedColumn => (joinedColumns as readonly string[]).includes(c);

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
  /** Read each row's conversation too: the replies sent and the answers received by e-mail. */
  conversation?: boolean;
}

/** Rows read at once. */
export const exportPageSize = 200;

export async function* exportRows<C extends SubmissionColumn>(
  db: Kysely<Database>,
  read: ExportRead<C>,
): AsyncGenerator<{ row: Record<C, unknown>; notes: ExportNote[]; conversation: ConversationMessage[] }> {
  const columns: readonly SubmissionColumn[] = read.columns;
  const withTitle = columns.some(isJoined);
  const own = columns.filter((c): c is OwnColumn => !isJoined(c));
  const selected = [...new Set<OwnColumn>([...own, "id", "created_at", ...(withTitle ? (["role"] as const) : [])])];
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
      role?: string | null;
    } & Record<C, unknown>)[];
    if (rows.length === 0) return;
    if (withTitle) {
      const titles = await roleTitles(
        db,
        rows.map((r) => r.role ?? null),
      );
      for (const row of rows) (row as Record<string, unknown>).role_title = (row.role && titles.get(row.role)) ?? null;
    }
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
    const conversations = read.conversation
      ? await conversationsOf(
          db,
          rows.map((r) => r.id),
        )
      : new Map<number, ConversationMessage[]>();
    for (const row of rows)
      yield { row, notes: notesOf.get(row.id) ?? [], conversation: conversations.get(row.id) ?? [] };
    if (rows.length < exportPageSize) return;
    after = rows.at(-1)!;
  }
}
