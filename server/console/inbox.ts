/**
 * The inbox query: newest first, filtered by kind, status and date, searched by name (from the
 * start of the first or last name), e-mail address (from its start) or application number, a
 * page at a time; never a quarantined one. Indexes of migration 005 keep the first page
 * fast at 100,000 rows (scripts/bench-inbox.ts).
 */
import { sql, type ExpressionBuilder, type Kysely } from "kysely";
import type { InboxRowAnswer } from "../../contracts/console-answers";
import { emailColumn } from "../../contracts/forms/address";
import {
  formDefinitions,
  groupColumns,
  listColumns,
  nameOf,
  summaryOf,
  type FieldColumn,
  type FormDefinitions,
} from "../../contracts/forms/index";
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

/**
 * What the search reads: the name's columns (first, then last) and the address's, the same in
 * every form, so any definition names them.
 */
const searched = (() => {
  const form = formDefinitions.contact;
  const [first, last] = groupColumns(form, "Name");
  if (!first || !last) throw new Error("The inbox search needs a first and a last name column.");
  return { first, last, email: emailColumn(form) };
})();

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
      query = query.where((eb) => startsWith(eb, searched.email, q));
    } else {
      // A first or last name as typed from its start, or "first last": each a range on an index.
      const [first, ...rest] = q.split(/\s+/);
      query = query.where((eb) =>
        rest.length
          ? eb.or([
              eb.and([eb(lower(searched.first), "=", first!), startsWith(eb, searched.last, rest.join(" "))]),
              startsWith(eb, searched.last, q),
            ])
          : eb.or([startsWith(eb, searched.first, q), startsWith(eb, searched.last, q)]),
      );
    }
  }
  return query;
}

/** `lower(column)`: the expression the search's indexes are built on (migration 005). */
function lower(column: string) {
  return sql<string>`lower(${sql.ref(column)})`;
}

function startsWith(eb: ExpressionBuilder<Database, "submissions">, column: string, prefix: string) {
  const lowered = lower(column);
  return eb.and([eb(lowered, ">=", prefix), eb(lowered, "<", `${prefix}\u{10ffff}`)]);
}

function nextDay(day: string): string {
  const d = new Date(`${day}T00:00:00.000Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString();
}

/** One page of the inbox, each row as the list shows it: the name and summary from its form's definition. */
export async function inboxPage(
  db: Kysely<Database>,
  f: InboxFilter,
  page: number,
  forms: FormDefinitions = formDefinitions,
): Promise<{ rows: InboxRowAnswer[]; hasMore: boolean; page: number }> {
  const rows = await inboxWhere(db, f)
    .select(["id", "kind", "created_at", "reference", "status"])
    // The columns the list shows beside its own (the name, each form's summary field).
    .select(listColumns(forms) as FieldColumn[])
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(pageSize + 1)
    .offset((page - 1) * pageSize)
    .execute();
  return {
    rows: rows.slice(0, pageSize).map((row): InboxRowAnswer => {
      const form = forms[row.kind];
      return {
        id: row.id,
        kind: row.kind,
        created_at: row.created_at,
        name: nameOf(form, row),
        about: summaryOf(form, row),
        reference: row.reference,
        status: row.status,
      };
    }),
    hasMore: rows.length > pageSize,
    page,
  };
}
