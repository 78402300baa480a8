/**
 * The inbox search's conditions on each database (migration 011, docs/decisions/035): any part of
 * the full name, the e-mail address or the reference, ignoring case and accents. SQLite reads its
 * FTS5 trigram table, PostgreSQL its GIN trigram index on the folded text.
 */
import { sql, type Expression, type Kysely, type SqlBool } from "kysely";
import { pgSearchedText } from "./migrations/011-inbox-search";
import { submissionWordsText } from "./migrations/021-word-search";
import { plainPunctuation } from "../../contracts/word-fold";
import { dialectOf } from "./dialect";
import type { Database } from "./schema";

/** Trigram indexes find words of three characters or more; shorter ones are read as a name's start. */
export const shortestSubstring = 3;

/**
 * The words as searched: control characters out (they separate the parts in PostgreSQL's folded
 * text, so none may join two parts), runs of spaces as one, trimmed.
 */
export function searchWords(q: string | undefined): string {
  return (
    // Typographic apostrophes and dashes (the default on phones and Macs) as the plain ones
    // people's names and words are stored with: "O’Brien" finds O'Brien.
    plainPunctuation(q ?? "")
      .replace(/\p{Cc}/gu, " ")
      .replace(/\s+/g, " ")
      .trim()
  );
}

/** `%`, `_` and `\` taken literally in a LIKE pattern written with `escape '\'`. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** escapeLike in SQL, for a pattern folded by the database: `\` first, then `%` and `_`. */
function escapedInSql(text: Expression<unknown>) {
  return sql`replace(replace(replace(${text}, '\\', '\\\\'), '%', '\\%'), '_', '\\_')`;
}

/** From this many matches, SQLite walks the inbox's order instead of sorting every match. */
export const wideMatches = 2000;

/**
 * What SQLite's index found for the words, looked up once per request (the page and the domain
 * groups both read it): the matching ids, or `wide` when there are `wideMatches` or more. Then
 * reading the newest rows in order and keeping those that match beats fetching and sorting every
 * match: "gmail.com" matches a tenth of the rows, its newest 25 are among the newest few hundred.
 * Undefined on PostgreSQL, whose planner weighs this itself from the indexed expression's
 * statistics, and for words too short for the index.
 */
export type IndexFound = { ids: number[] } | { wide: true };

export async function lookUpWords(db: Kysely<Database>, words: string): Promise<IndexFound | undefined> {
  if (dialectOf(db) === "postgres" || [...words].length < shortestSubstring) return undefined;
  const { rows } = await sql<{ rowid: number }>`select rowid from submissions_search
    where submissions_search match ${phrase(words)} limit ${wideMatches}`.execute(db);
  return rows.length >= wideMatches ? { wide: true } : { ids: rows.map((r) => r.rowid) };
}

/** One FTS5 phrase: the words as one substring of a single column. A `"` is doubled in a phrase. */
const phrase = (words: string) => `"${words.replace(/"/g, '""')}"`;

/**
 * Rows whose full name, address or reference holds `words` (at least `shortestSubstring`
 * characters), whatever their case and accents: "muller" finds Müller, "gmail.com" every Gmail
 * address, "000046" APP-2026-000046. `found` (lookUpWords) saves SQLite reading its index again.
 */
export function holdsText(db: Kysely<Database>, words: string, found?: IndexFound): Expression<SqlBool> {
  if (dialectOf(db) === "postgres") {
    // Folded by the same function as the index, so "Álvarez" and "alvarez" read alike; escaped
    // after folding, because unaccent folds the full-width ％ ＿ ＼ into the wildcards % _ \.
    return sql<SqlBool>`(${pgSearchedText} like ('%' || ${escapedInSql(sql`inbox_fold(${words})`)} || '%') escape '\\')`;
  }
  const id = sql.ref("submissions.id");
  // The ids found, as one JSON parameter: one statement whatever their number.
  if (found && "ids" in found)
    return sql<SqlBool>`(${id} in (select value from json_each(${JSON.stringify(found.ids)})))`;
  // `+id`: not an index lookup, so SQLite reads the rows in the inbox's order (created_at index)
  // and checks each against the matches, stopping once the page is full.
  const column = found ? sql`+${id}` : id;
  return sql<SqlBool>`(${column} in (select rowid from submissions_search where submissions_search match ${phrase(words)}))`;
}

/**
 * Rows sent from an address at `domain` ("northwindlogistics.com"): the search's index finds
 * "@domain" anywhere, the address's end confirms it (so "@northwind.com.evil.example" is not).
 */
export function fromDomain(db: Kysely<Database>, emailColumn: string, domain: string): Expression<SqlBool> {
  const ending = `%@${escapeLike(domain.toLowerCase())}`;
  return sql<SqlBool>`(${holdsText(db, `@${domain}`)} and lower(${sql.ref(emailColumn)}) like ${ending} escape '\\')`;
}

/** Most words a word search reads: each is one more index lookup. */
const mostTerms = 8;

/**
 * The words of a word search (migration 018): runs of letters and digits, lower case, at most
 * `mostTerms`. Each database folds accents itself (unicode61's remove_diacritics, inbox_fold).
 */
export function wordTerms(words: string): string[] {
  return (words.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).slice(0, mostTerms);
}

/** FTS5's query for the terms: each a word's start, all of them. */
const ftsTerms = (terms: readonly string[]) => terms.map((t) => `"${t}"*`).join(" ");
/** PostgreSQL's query for the terms, folded as the index is. */
const tsQuery = (terms: readonly string[]) =>
  sql`to_tsquery('simple'::regconfig, inbox_fold(${terms.map((t) => `${t}:*`).join(" & ")}))`;
const pgSubmissionWords = sql.raw(`to_tsvector('simple'::regconfig, inbox_fold(${submissionWordsText}))`);
const pgAnswerWords = sql.raw(`to_tsvector('simple'::regconfig, inbox_fold(body))`);

/**
 * What the word indexes found for the terms, read once per request as lookUpWords does: the
 * submissions' ids (their own words or an answer's), or `wide` from `wideMatches` on, when
 * walking the inbox's order and checking each row beats reading every match ("migration" in a
 * third of the rows). On both databases: PostgreSQL's planner cannot estimate a text search's
 * matches well, and walked every row for a word found nowhere (3.6 s at 100,000 rows).
 */
export async function lookUpMessageWords(
  db: Kysely<Database>,
  terms: readonly string[],
): Promise<IndexFound | undefined> {
  if (terms.length === 0) return undefined;
  let rows: { id: number }[];
  if (dialectOf(db) === "postgres") {
    const query = tsQuery(terms);
    const own = await sql<{ id: number }>`select id from submissions
      where ${pgSubmissionWords} @@ ${query} limit ${wideMatches}`.execute(db);
    const answered = await sql<{ id: number }>`select submission_id as id from inbound_messages
      where ${pgAnswerWords} @@ ${query} limit ${wideMatches}`.execute(db);
    rows = [...own.rows, ...answered.rows];
  } else {
    const match = ftsTerms(terms);
    const own = await sql<{ id: number }>`select rowid as id from submission_words
      where submission_words match ${match} limit ${wideMatches}`.execute(db);
    const answered = await sql<{ id: number }>`select submission_id as id from answer_words
      where answer_words match ${match} limit ${wideMatches}`.execute(db);
    rows = [...own.rows, ...answered.rows];
  }
  const ids = new Set(rows.map((r) => r.id));
  return ids.size >= wideMatches ? { wide: true } : { ids: [...ids] };
}

/**
 * Rows whose reason or message, or one of whose answers by e-mail, holds every term as a word or
 * a word's start ("migration" finds "migrations"). Terms are letters and digits only, so they
 * cannot be FTS5 or tsquery syntax. With `found` (lookUpMessageWords) the ids found are the
 * condition; when they are too many, each row is checked as the inbox's order walks it.
 */
export function holdsWords(db: Kysely<Database>, terms: readonly string[], found?: IndexFound): Expression<SqlBool> {
  const id = sql.ref("submissions.id");
  const postgres = dialectOf(db) === "postgres";
  if (found && "ids" in found) {
    return postgres
      ? sql<SqlBool>`(${id} = any(${found.ids}::int[]))`
      : sql<SqlBool>`(${id} in (select value from json_each(${JSON.stringify(found.ids)})))`;
  }
  if (postgres) {
    const query = tsQuery(terms);
    return sql<SqlBool>`(${pgSubmissionWords} @@ ${query}
      or ${id} = any(array(select submission_id from inbound_messages where ${pgAnswerWords} @@ ${query})))`;
  }
  const match = ftsTerms(terms);
  // `+id`: SQLite walks the inbox's order and checks each row against the matches, read once
  // (asking FTS5 per row re-reads the whole match each time: seconds for a common word).
  return sql<SqlBool>`(+${id} in (select rowid from submission_words where submission_words match ${match})
    or +${id} in (select submission_id from answer_words where answer_words match ${match}))`;
}
