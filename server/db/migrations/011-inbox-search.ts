/**
 * Migration 011: the inbox search's own index (docs/decisions/035-inbox-search.md), so any part
 * of a name, an address (its domain too) or a reference is found whatever its case and accents.
 *
 * SQLite: an FTS5 table, trigram tokenizer with diacritics removed, deleting with `secure-delete`
 * so an erased person leaves no trigram behind. It keeps its own copy of the text: FTS5 can take
 * a row's terms out of the index only when it can read them again (a contentless table marks them
 * deleted and leaves them in place until a merge). That copy goes with the row, and the
 * database's secure_delete zeroes its space. Triggers keep it in step with `submissions`. PostgreSQL: pg_trgm and unaccent, an IMMUTABLE
 * fold function (unaccent itself is only STABLE, so it cannot be indexed) and a GIN trigram
 * index on the folded text. Both index the rows already there.
 */
import { type Kysely, type Migration, sql } from "kysely";
import type { Dialect } from "../dialect";

/**
 * PostgreSQL: the folded text the index is built on and the search compares with: the full
 * name, the address and the reference, one per line, so a search cannot match across two of them
 * (the search takes control characters out of the words). The query must spell it exactly so.
 */
export const pgSearchedText = sql.raw(
  `inbox_fold(first_name || ' ' || last_name || chr(10) || email || chr(10) || coalesce(reference, ''))`,
);

/** SQLite: the FTS5 table's columns, each a part the search reads; a phrase matches within one. */
const ftsValues = (row: "new" | "submissions") =>
  `${row}.first_name || ' ' || ${row}.last_name, ${row}.email, coalesce(${row}.reference, '')`;

export function inboxSearchMigration(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      if (dialect === "postgres") {
        // Both are "trusted" extensions (PostgreSQL 13+): the database's owner may create them.
        await sql`create extension if not exists pg_trgm`.execute(db);
        await sql`create extension if not exists unaccent`.execute(db);
        // unaccent named with its schema, so the function reads the same whatever the caller's
        // search_path: what lets it be IMMUTABLE safely.
        const found = await sql<{
          schema: string;
        }>`select extnamespace::regnamespace::text as schema from pg_extension where extname = 'unaccent'`.execute(db);
        const schema = found.rows[0]!.schema;
        await sql
          .raw(
            `create or replace function inbox_fold(text) returns text language sql immutable strict parallel safe
             as $$ select lower(${schema}.unaccent('${schema}.unaccent'::regdictionary, $1)) $$`,
          )
          .execute(db);
        await sql`create index submissions_search on submissions using gin (${pgSearchedText} gin_trgm_ops)`.execute(
          db,
        );
        return;
      }
      await sql
        .raw(
          `create virtual table submissions_search using fts5(name, email, reference,
           tokenize = 'trigram remove_diacritics 1')`,
        )
        .execute(db);
      // A deleted row's entries are taken out of the index's pages, not merely marked deleted.
      await sql.raw(`insert into submissions_search(submissions_search, rank) values ('secure-delete', 1)`).execute(db);
      await sql
        .raw(
          `insert into submissions_search(rowid, name, email, reference) select id, ${ftsValues("submissions")} from submissions`,
        )
        .execute(db);
      await sql
        .raw(
          `create trigger submissions_search_insert after insert on submissions begin
             insert into submissions_search(rowid, name, email, reference) values (new.id, ${ftsValues("new")});
           end`,
        )
        .execute(db);
      await sql
        .raw(
          `create trigger submissions_search_update after update of first_name, last_name, email, reference on submissions begin
             delete from submissions_search where rowid = old.id;
             insert into submissions_search(rowid, name, email, reference) values (new.id, ${ftsValues("new")});
           end`,
        )
        .execute(db);
      await sql
        .raw(
          `create trigger submissions_search_delete after delete on submissions begin
             delete from submissions_search where rowid = old.id;
           end`,
        )
        .execute(db);
    },
  };
}
