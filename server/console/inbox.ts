/**
 * The inbox query: newest first, filtered by kind, status and date, searched by name (from the
 * start of the first or last name), e-mail address (from its start) or application number, a
 * page at a time; never a quarantined one. Indexes of migration 005 keep the first page
 * fast at 100,000 rows (scripts/bench-inbox.ts).
 */
import { sql, type ExpressionBuilder, type Kysely } from "kysely";
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
  const q = f.q?.trim().toLowerCase();
  // Quarantined submissions (spam or held for review) belong to the Quarantine pages until
  // released (decision 027): no inbox, export or count of any role includes them.
  let query = db.selectFrom("submissions").where("spam", "=", 0);
  if (f.kinds.length < 3) {
    // While searching, the kind is checked on the rows found, not used to find them: the
    // search's own index is far narrower (`kind || ''` keeps both databases off the kind index).
    query = q ? query.where(sql<string>`kind || ''`, "in", [...f.kinds]) : query.where("kind", "in", [...f.kinds]);
  }
  if (f.status) query = query.where("status", "=", f.status);
  if (f.from) query = query.where("created_at", ">=", `${f.from}T00:00:00.000Z`);
  if (f.to) query = query.where("created_at", "<", nextDay(f.to));
  if (q) {
    if (/^app-\d{4}-\d+$/.test(q)) {
      query = query.where("reference", "=", q.toUpperCase());
    } else if (q.includes("@")) {
      // The address or any address it begins: a range on the lower(email) index.
      query = query.where((eb) => startsWith(eb, "email", q));
    } else {
      // A first or last name as typed from its start, or "first last": each a range on an index.
      const [first, ...rest] = q.split(/\s+/);
      query = query.where((eb) =>
        rest.length
          ? eb.or([
              eb.and([eb(sql<string>`lower(first_name)`, "=", first!), startsWith(eb, "last_name", rest.join(" "))]),
              startsWith(eb, "last_name", q),
            ])
          : eb.or([startsWith(eb, "first_name", q), startsWith(eb, "last_name", q)]),
      );
    }
  }
  return query;
}

function startsWith(
  eb: ExpressionBuilder<Database, "submissions">,
  column: "email" | "first_name" | "last_name",
  prefix: string,
) {
  const lowered = sql<string>`lower(${sql.ref(column)})`;
  return eb.and([eb(lowered, ">=", prefix), eb(lowered, "<", `${prefix}\u{10ffff}`)]);
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
    ])
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(pageSize + 1)
    .offset((page - 1) * pageSize)
    .execute();
  return { rows: rows.slice(0, pageSize), hasMore: rows.length > pageSize, page };
}
