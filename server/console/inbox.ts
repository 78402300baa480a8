/**
 * The inbox query: newest first, filtered by kind, status, date, role, position and sender's
 * domain, searched by any part of the name, e-mail address or application number, ignoring case
 * and accents (inbox-search.ts, migration 011), or by position or role title, a page at a time;
 * never a quarantined one. Indexes of migrations 005 and 011 keep it fast at 100,000 rows
 * (scripts/bench-inbox.ts).
 */
import { sql, type Kysely } from "kysely";
import type { InboxRowAnswer } from "../../contracts/console-answers";
import { withoutRole } from "../../contracts/pipeline-answers";
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
import type { Database, SubmissionKind } from "../db/schema";
import {
  fromDomain,
  holdsText,
  holdsWords,
  lookUpMessageWords,
  wordTerms,
  lookUpWords,
  searchWords,
  shortestSubstring,
  type IndexFound,
} from "../db/inbox-search";
import { inView, type ViewFilter } from "./inbox-views";

export const pageSize = 25;

export interface InboxFilter extends ViewFilter {
  kinds: readonly SubmissionKind[];
  status?: string;
  /** YYYY-MM-DD, inclusive, UTC days. */
  from?: string;
  to?: string;
  q?: string;
  /** A role's slug, or `withoutRole` for applications sent without one. */
  role?: string;
  /** The application form's Position. */
  position?: string;
  /** What the search words name besides people (searchMatches): positions and roles' slugs. */
  matches?: SearchMatches;
  /** The senders' address domain ("northwindlogistics.com"): a domain group chosen. */
  domain?: string;
  /** What SQLite's search index found for the words (lookUpWords), read once per request. */
  found?: IndexFound;
  /** What SQLite's word indexes found (lookUpMessageWords), read once per request. */
  wordsFound?: IndexFound;
}

export interface SearchMatches {
  positions: string[];
  roles: string[];
}

/** Lower case without accents, so "DévOps" and "devops" read alike in the names of positions and roles. */
const folded = (text: string) => text.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase();

/**
 * The positions and roles whose names hold the search words ("DevOps" finds the DevOps Engineer
 * position and the "DevOps Engineer (Kubernetes)" role). Looked up here, in the few names there
 * are, so the query only gains `position in (…)`/`role in (…)` when the words name one: a search
 * for a person's name keeps its indexed ranges alone.
 */
export async function searchMatches(db: Kysely<Database>, q: string | undefined): Promise<SearchMatches> {
  const words = folded(searchWords(q));
  if (!words || words.includes("@") || /^app-\d{4}-\d+$/.test(words)) return { positions: [], roles: [] };
  const roles = await db.selectFrom("job_roles").select(["slug", "title", "position"]).execute();
  // Every position, retired ones too: old applications still name them (decision 040).
  const positions = await db.selectFrom("positions").select("name").execute();
  const names = new Set<string>([...positions.map((p) => p.name), ...roles.map((r) => r.position)]);
  return {
    positions: [...names].filter((p) => folded(p).includes(words)),
    roles: roles.filter((r) => folded(r.title).includes(words)).map((r) => r.slug),
  };
}

/** The filter with its search's matches looked up: what inboxWhere is given. */
export async function withSearchMatches<F extends InboxFilter>(db: Kysely<Database>, f: F): Promise<F> {
  const words = searchWords(f.q);
  return {
    ...f,
    matches: await searchMatches(db, f.q),
    found: await lookUpWords(db, words),
    wordsFound: [...words].length >= shortestSubstring ? await lookUpMessageWords(db, wordTerms(words)) : undefined,
  };
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
  const q = searchWords(f.q).toLowerCase();
  // Quarantined submissions (spam or held for review) belong to the Quarantine pages until
  // released (decision 027): no inbox, export or count of any role includes them.
  let query = db.selectFrom("submissions").where("spam", "=", 0);
  if (f.kinds.length < 3) {
    // While searching, the kind is checked on the rows found, not used to find them: the
    // search's own index is far narrower (`kind || ''` keeps both databases off the kind index).
    // So too with a role: its index (migration 009) finds the role's few rows.
    const byRow = q || f.domain || (f.role && f.role !== withoutRole);
    query = byRow ? query.where(sql<string>`kind || ''`, "in", [...f.kinds]) : query.where("kind", "in", [...f.kinds]);
  }
  if (f.status) query = query.where("status", "=", f.status);
  if (f.from) query = query.where("created_at", ">=", `${f.from}T00:00:00.000Z`);
  if (f.to) query = query.where("created_at", "<", nextDay(f.to));
  if (f.role === withoutRole) {
    query = query.where("role", "is", null).where("kind", "=", "application");
  } else if (f.role) {
    query = query.where("role", "=", f.role);
  }
  if (f.position) query = query.where("position", "=", f.position);
  if (f.domain) query = query.where(fromDomain(db, searched.email, f.domain));
  query = inView(query, f);
  if (q) {
    // Any part of the name, address or reference (inbox-search.ts); one or two characters, which
    // a trigram index cannot look up, find a first or last name of just those letters ("Li", "Ng"):
    // a lookup on the names' lower() indexes, where "any name beginning so" would read thousands.
    // Or the position or role the words name (searchMatches), when they name one.
    const { positions: named = [], roles = [] } = f.matches ?? {};
    query = query.where((eb) =>
      eb.or([
        ...([...q].length >= shortestSubstring
          ? [holdsText(db, q, f.found)]
          : [eb(lower(searched.first), "=", q), eb(lower(searched.last), "=", q)]),
        // The words of what they wrote and answered (migration 018), from three characters.
        ...([...q].length >= shortestSubstring && wordTerms(q).length > 0
          ? [holdsWords(db, wordTerms(q), f.wordsFound)]
          : []),
        ...(named.length ? [eb("position", "in", named)] : []),
        ...(roles.length ? [eb("role", "in", roles)] : []),
      ]),
    );
  }
  return query;
}

/** `lower(column)`: the expression the search's indexes are built on (migration 005). */
function lower(column: string) {
  return sql<string>`lower(${sql.ref(column)})`;
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

/**
 * The submissions just before and after one in the inbox's order (newest first, then by id) under
 * these filters: what Previous and Next open. Found by the row's place in that order, so a row that
 * no longer matches (its status just changed) still has the neighbours it had.
 */
export async function inboxNeighbours(
  db: Kysely<Database>,
  f: InboxFilter,
  at: { id: number; created_at: string },
): Promise<{ previous: number | null; next: number | null }> {
  const newer = await inboxWhere(db, f)
    .select("id")
    .where((eb) =>
      eb.or([
        eb("created_at", ">", at.created_at),
        eb.and([eb("created_at", "=", at.created_at), eb("id", ">", at.id)]),
      ]),
    )
    .orderBy("created_at", "asc")
    .orderBy("id", "asc")
    .limit(1)
    .executeTakeFirst();
  const older = await inboxWhere(db, f)
    .select("id")
    .where((eb) =>
      eb.or([
        eb("created_at", "<", at.created_at),
        eb.and([eb("created_at", "=", at.created_at), eb("id", "<", at.id)]),
      ]),
    )
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(1)
    .executeTakeFirst();
  return { previous: newer?.id ?? null, next: older?.id ?? null };
}
