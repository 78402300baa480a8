/**
 * The one check of every console route that names a submission by id: the submission exists,
 * is not quarantined, and is of a kind the person's role sees. Anything else answers as the
 * route's own refusal, so nobody can probe for ids they may not have.
 */
import type { FastifyReply, FastifyRequest } from "fastify";
import type { Kysely } from "kysely";
import type { Database, SubmissionKind } from "../db/schema";
import { forbidden, notFound, staffOf, idParams } from "./http";
import { kindsOf, maySee } from "../../contracts/staff/permissions";
import { submissionKinds } from "../../contracts/submission-kinds";

export async function visibleSubmission(
  db: Kysely<Database>,
  req: FastifyRequest,
  reply: FastifyReply,
): Promise<{ id: number; kind: SubmissionKind; reference: string | null } | undefined> {
  const params = idParams.safeParse(req.params);
  if (!params.success) return void notFound(reply);
  const row = await db
    .selectFrom("submissions")
    .select(["id", "kind", "reference", "spam"])
    .where("id", "=", params.data.id)
    .executeTakeFirst();
  const staff = staffOf(req);
  // Ids a role may not have answer as missing ones do (403 for a role that does not see every
  // kind, 404 for one that does), so nobody can probe for them: out-of-role submissions, and
  // quarantined ones, which belong to the Quarantine pages (admins) until released (027).
  const asMissing = () => void (kindsOf(staff).length === submissionKinds.length ? notFound(reply) : forbidden(reply));
  if (!row || row.spam) return asMissing();
  if (!maySee(staff, row.kind)) return void forbidden(reply);
  return { id: row.id, kind: row.kind, reference: row.reference };
}
