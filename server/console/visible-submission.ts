/**
 * The one check of every console route that names a submission by id: the submission exists,
 * is not quarantined, and is of a kind the person's role sees. Anything else answers as the
 * route's own refusal, so nobody can probe for ids they may not have.
 */
import type { FastifyReply, FastifyRequest } from "fastify";
import type { Kysely } from "kysely";
import type { Database, SubmissionKind } from "../db/schema";
import { staffOf, idParams } from "./http";
import { kindsOf, maySee } from "../../contracts/staff/permissions";
import { submissionKinds } from "../../contracts/submission-kinds";

/** What a submission's address answers when it names none the person may open, whatever the reason. */
export const submissionUnavailable =
  "This submission cannot be shown: it may have been erased, or it is not in your inbox.";

export async function visibleSubmission(
  db: Kysely<Database>,
  req: FastifyRequest,
  reply: FastifyReply,
): Promise<{ id: number; kind: SubmissionKind; reference: string | null } | undefined> {
  const staff = staffOf(req);
  // Ids a role may not have answer as missing ones do (403 for a role that does not see every
  // kind, 404 for one that does), in the same words, so nobody can probe for them: out-of-role
  // submissions, erased ones, and quarantined ones, which belong to the Quarantine pages (admins)
  // until released (027). The words neither name a role nor blame access: the same answer has to
  // fit an erased enquiry's old link.
  const unavailable = (code = kindsOf(staff).length === submissionKinds.length ? 404 : 403) =>
    void reply.code(code).send({
      status: false,
      message: submissionUnavailable,
      unavailable: true,
    });
  const params = idParams.safeParse(req.params);
  // An address that is no id at all names nothing, for every role.
  if (!params.success) return unavailable(404);
  const row = await db
    .selectFrom("submissions")
    .select(["id", "kind", "reference", "spam"])
    .where("id", "=", params.data.id)
    .executeTakeFirst();
  if (!row || row.spam || !maySee(staff, row.kind)) return unavailable();
  return { id: row.id, kind: row.kind, reference: row.reference };
}
