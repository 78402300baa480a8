/**
 * A submission as the console's page handles it (server/console/submission-routes.ts declares the
 * routes; this is what they do): the page's reads in one place, the status change in one
 * statement, a note, the resume's bytes and the address an erasure starts from.
 */
import type { Kysely } from "kysely";
import type { Database } from "../db/schema";
import { decisionMailsOf, decisionNoteIds } from "../replies/decision-mails";
import { repliesOf } from "../replies/replies";
import { namedRole } from "./submission-role";

/** Everything the submission's page shows, read together: the row, its resume's facts, its mail, notes and replies. */
export async function submissionPageRecord(db: Kysely<Database>, id: number) {
  const row = await db.selectFrom("submissions").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
  const resume = await db
    .selectFrom("resumes")
    .select(["original_name", "detected_type", "size"])
    .where("submission_id", "=", id)
    .executeTakeFirst();
  const messages = await db
    .selectFrom("outbox")
    .select(["id", "purpose", "channel", "recipient", "status", "attempts", "last_error", "created_at", "sent_at"])
    .where("submission_id", "=", id)
    .orderBy("id")
    .execute();
  const notes = await db
    .selectFrom("submission_notes")
    .select(["id", "staff_name", "body", "created_at"])
    .where("submission_id", "=", id)
    .orderBy("id")
    .execute();
  // A decision e-mail's personal line is kept as a note; the page shows it with its mail instead.
  const decisionNotes = new Set(await decisionNoteIds(db, id));
  return {
    row,
    resume: resume ?? null,
    messages,
    notes: notes.filter((n) => !decisionNotes.has(n.id)),
    decisionMails: await decisionMailsOf(db, id),
    replies: await repliesOf(db, id),
    role: await namedRole(db, row.role),
  };
}

/** The resume's bytes and detected type, or undefined when the submission has none. */
export function resumeBytes(db: Kysely<Database>, id: number) {
  return db
    .selectFrom("resumes")
    .select(["content", "detected_type"])
    .where("submission_id", "=", id)
    .executeTakeFirst();
}

/**
 * Sets the status. A decision records its date, kept while the same decision is saved again; a
 * stage without a decision clears it (docs/decisions/033). One statement, reading the row it
 * changes: a change committed meanwhile (PostgreSQL re-reads the locked row) or the purge (no row:
 * undefined) can neither be overwritten nor brought back.
 */
export function saveStatus(db: Kysely<Database>, id: number, status: string, decision: boolean, at: string) {
  return db
    .updateTable("submissions")
    .set((eb) => ({
      status,
      decided_at: decision
        ? eb
            .case()
            .when(eb.and([eb("status", "=", status), eb("decided_at", "is not", null)]))
            .then(eb.ref("decided_at"))
            .else(at)
            .end()
        : null,
    }))
    .where("id", "=", id)
    .returning(["kind", "spam", "created_at", "status", "decided_at", "future_roles_consent"])
    .executeTakeFirst();
}

/** A note by a member of staff; its words stay with the submission (and go with its erasure). */
export function addNote(db: Kysely<Database>, id: number, by: { id: number; name: string }, body: string, at: string) {
  return db
    .insertInto("submission_notes")
    .values({ submission_id: id, staff_id: by.id, staff_name: by.name, body, created_at: at })
    .returning(["id", "staff_name", "body", "created_at"])
    .executeTakeFirstOrThrow();
}

/** The address a submission was sent from: where an erasure from its page starts. */
export async function addressOf(db: Kysely<Database>, id: number): Promise<string> {
  const { email } = await db.selectFrom("submissions").select("email").where("id", "=", id).executeTakeFirstOrThrow();
  return email;
}
