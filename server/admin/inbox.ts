/**
 * The inbox query: newest first, filtered by kind, status and date, searched by name, e-mail
 * address or application number, a page at a time. Indexes of migration 005 keep the first page
 * fast at 100,000 rows (scripts/bench-inbox.ts).
 */
import { sql, type Kysely } from "kysely";
import type { Database, SubmissionKind } from "../storage/schema";

export const pageSize = 25;

export interface InboxFilter {
  kinds: readonly SubmissionKind[];
  status?: string;
  /** YYYY-MM-DD, inclusive, UTC days. */
  from?: string;
  to?: string;
  q?: string;
}

export function inboxWhere(db: Kysely<Database>, f: InboxFilter) {
  let query = db.selectFrom("submissions").where("kind", "in", [...f.kinds]);
  if (f.status) query = query.where("status", "=", f.status);
  if (f.from) query = query.where("created_at", ">=", `${f.from}T00:00:00.000Z`);
  if (f.to) query = query.where("created_at", "<", nextDay(f.to));
  const q = f.q?.trim().toLowerCase();
  if (q) {
    if (/^app-\d{4}-\d+$/.test(q)) {
      query = query.where("reference", "=", q.toUpperCase());
    } else if (q.includes("@")) {
      // A range on lower(email) uses its index: the address or any address it begins.
      query = query.where(sql<string>`lower(email)`, ">=", q).where(sql<string>`lower(email)`, "<", `${q}\u{10ffff}`);
    } else {
      const like = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      query = query.where(sql<boolean>`lower(first_name || ' ' || last_name) like ${like} escape '\\'`);
    }
  }
  return query;
}

function nextDay(day: string): string {
  const d = new Date(`${day}T00:00:00.000Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString();
}

export async function inboxPage(db: Kysely<Database>, f: InboxFilter, page: number) {
  const rows = await inboxWhere(db, f)
    .select([
      "id",
      "kind",
      "created_at",
      "first_name",
      "last_name",
      "reference",
      "position",
      "reason",
      "feedback_type",
      "status",
      "spam",
    ])
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(pageSize + 1)
    .offset((page - 1) * pageSize)
    .execute();
  return { rows: rows.slice(0, pageSize), hasMore: rows.length > pageSize, page };
}
