/**
 * Migration 021-word-search (issue 44, docs/decisions/058): the inbox finds the words of what
 * people wrote, the enquiry's reason and message (an application's cover letter and feedback
 * are in `message` too) and their answers by e-mail, whatever case and accents. Words, not
 * substrings: "migration" finds "We need a migration of 300 VMs" and "migrations", by prefix.
 *
 * SQLite: two FTS5 tables with the unicode61 tokenizer (diacritics removed), created with
 * `secure-delete` like migration 011's, so an erased person's words leave the index's pages;
 * triggers keep them in step with `submissions` and `inbound_messages` (a cascade's deletes fire
 * them too). PostgreSQL: GIN indexes on the `simple` text search vector of the folded text
 * (`inbox_fold`, migration 011).
 */
import { type Kysely, type Migration, sql } from "kysely";
import type { Dialect } from "../dialect";

/** The words of a submission the search reads, in the same spelling for the index and the query. */
export const submissionWordsText = `coalesce(reason, '') || ' ' || coalesce(message, '')`;

export function wordSearchMigration(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      if (dialect === "postgres") {
        await sql
          .raw(
            `create index submissions_words on submissions
             using gin (to_tsvector('simple'::regconfig, inbox_fold(${submissionWordsText})))`,
          )
          .execute(db);
        await sql
          .raw(
            `create index inbound_messages_words on inbound_messages
             using gin (to_tsvector('simple'::regconfig, inbox_fold(body)))`,
          )
          .execute(db);
        return;
      }
      const tokenize = `tokenize = 'unicode61 remove_diacritics 2'`;
      await sql.raw(`create virtual table submission_words using fts5(words, ${tokenize})`).execute(db);
      await sql
        .raw(`create virtual table answer_words using fts5(submission_id unindexed, words, ${tokenize})`)
        .execute(db);
      for (const table of ["submission_words", "answer_words"]) {
        await sql.raw(`insert into ${table}(${table}, rank) values ('secure-delete', 1)`).execute(db);
      }
      const of = (row: string) => submissionWordsText.replace(/reason|message/g, (c) => `${row}.${c}`);
      await sql
        .raw(`insert into submission_words(rowid, words) select id, ${of("submissions")} from submissions`)
        .execute(db);
      await sql
        .raw(
          `create trigger submission_words_insert after insert on submissions begin
             insert into submission_words(rowid, words) values (new.id, ${of("new")});
           end`,
        )
        .execute(db);
      await sql
        .raw(
          `create trigger submission_words_update after update of reason, message on submissions begin
             delete from submission_words where rowid = old.id;
             insert into submission_words(rowid, words) values (new.id, ${of("new")});
           end`,
        )
        .execute(db);
      await sql
        .raw(
          `create trigger submission_words_delete after delete on submissions begin
             delete from submission_words where rowid = old.id;
           end`,
        )
        .execute(db);
      await sql
        .raw(
          `insert into answer_words(rowid, submission_id, words) select id, submission_id, body from inbound_messages`,
        )
        .execute(db);
      await sql
        .raw(
          `create trigger answer_words_insert after insert on inbound_messages begin
             insert into answer_words(rowid, submission_id, words) values (new.id, new.submission_id, new.body);
           end`,
        )
        .execute(db);
      await sql
        .raw(
          `create trigger answer_words_delete after delete on inbound_messages begin
             delete from answer_words where rowid = old.id;
           end`,
        )
        .execute(db);
    },
  };
}
