/**
 * One submission as the operators read it: every field with its resume's metadata, its outbox
 * messages and its conversation (replies sent, answers received by e-mail) (`show`), its stored resume (`resume`), and the submissions of one address (named in
 * an erasure's audit entry before they go).
 */
import type { Kysely } from "kysely";
import { conversationsOf } from "../replies/conversation-record";
import type { Database } from "../db/schema";

export async function submissionRecord(db: Kysely<Database>, id: number) {
  const row = await db.selectFrom("submissions").selectAll().where("id", "=", id).executeTakeFirst();
  if (!row) return undefined;
  const resume = await db
    .selectFrom("resumes")
    .select(["original_name", "detected_type", "size", "sha256"])
    .where("submission_id", "=", id)
    .executeTakeFirst();
  const outbox = await db
    .selectFrom("outbox")
    .select(["id", "purpose", "recipient", "status", "attempts", "last_error"])
    .where("submission_id", "=", id)
    .execute();
  const conversation = (await conversationsOf(db, [id])).get(id) ?? [];
  return { ...row, resume: resume ?? null, outbox, conversation };
}

/** The resume of an application, by its application number. */
export function storedResume(db: Kysely<Database>, reference: string) {
  return db
    .selectFrom("submissions")
    .innerJoin("resumes", "resumes.submission_id", "submissions.id")
    .select(["submissions.id", "original_name", "content", "detected_type"])
    .where("reference", "=", reference)
    .executeTakeFirst();
}

/** The submissions held for one address, read before an erasure so its entry can name them. */
export function submissionsOf(db: Kysely<Database>, email: string) {
  const address = email.trim().toLowerCase();
  return db
    .selectFrom("submissions")
    .select(["id", "kind", "reference"])
    .where((eb) => eb(eb.fn("lower", ["email"]), "=", address))
    .orderBy("id")
    .execute();
}
