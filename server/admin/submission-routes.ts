/** The inbox and a submission's page: fields, resume, status, notes, messages, erasure. */
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import {
  submissionAnswer,
  type InboxAnswer,
  type NoteAnswer,
  type StatusAnswer,
  type SubmissionDetailAnswer,
} from "../../contracts/console-answers";
import { eraseByEmail } from "../storage/erasure";
import type { SubmissionKind } from "../storage/schema";
import { resumeContentTypes, resumeFileName } from "../uploads/resume-name";
import { only, signedIn } from "./access";
import { appendAudit } from "./audit";
import { fail, forbidden, notFound, staffOf } from "./http";
import { inboxPage } from "./inbox";
import type { RouteContext } from "./plugin";
import { kindsFor, maySee } from "./roles";
import { keepsBeyondRetention, statusesOf } from "./statuses";

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
export const inboxQuery = z.object({
  kind: z.enum(["contact", "application", "feedback"]).optional(),
  status: z.string().max(40).optional(),
  from: day.optional(),
  to: day.optional(),
  q: z.string().max(200).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
});
const idParams = z.object({ id: z.coerce.number().int().min(1) });
/** The detail view's columns are the contract's: a column added to the table is not sent unasked. */
const detailColumns = submissionAnswer.keyof().options;

export async function submissionRoutes(app: FastifyInstance, ctx: RouteContext) {
  const { storage, now } = ctx;
  const { db } = storage;

  /** The submission's kind when this person may see it; answers 403/404 itself otherwise. */
  async function allowed(
    req: import("fastify").FastifyRequest,
    reply: import("fastify").FastifyReply,
  ): Promise<{ id: number; kind: SubmissionKind; reference: string | null } | undefined> {
    const params = idParams.safeParse(req.params);
    if (!params.success) return void notFound(reply);
    const row = await db
      .selectFrom("submissions")
      .select(["id", "kind", "reference", "spam"])
      .where("id", "=", params.data.id)
      .executeTakeFirst();
    // Out-of-role ids answer 403 whether or not they exist, so a role cannot probe for them.
    if (!row) return void (maySeeAny(staffOf(req).role) ? notFound(reply) : forbidden(reply));
    if (!maySee(staffOf(req).role, row.kind)) return void forbidden(reply);
    // A quarantined submission answers as one that does not exist, for every role: it belongs
    // to the Quarantine pages (admins) until released (decision 027).
    if (row.spam) return void notFound(reply);
    return { id: row.id, kind: row.kind, reference: row.reference };
  }
  const maySeeAny = (role: Parameters<typeof kindsFor>[0]) => kindsFor(role).length === 3;

  // POST, so names and addresses searched for stay out of URLs and request logs.
  app.post("/admin/api/inbox", signedIn, async (req, reply) => {
    const query = inboxQuery.safeParse(req.body ?? {});
    if (!query.success) return fail(reply, 400, "Those filters are not valid.");
    const { role } = staffOf(req);
    if (query.data.kind && !maySee(role, query.data.kind)) return forbidden(reply);
    const kinds = query.data.kind ? [query.data.kind] : kindsFor(role);
    const data: InboxAnswer = await inboxPage(db, { ...query.data, kinds }, query.data.page);
    return { status: true, data };
  });

  app.get("/admin/api/submissions/:id", signedIn, async (req, reply) => {
    const found = await allowed(req, reply);
    if (!found) return reply;
    const row = await db
      .selectFrom("submissions")
      .select(detailColumns)
      .where("id", "=", found.id)
      .executeTakeFirstOrThrow();
    const resume = await db
      .selectFrom("resumes")
      .select(["original_name", "detected_type", "size"])
      .where("submission_id", "=", found.id)
      .executeTakeFirst();
    const messages = await db
      .selectFrom("outbox")
      .select(["id", "purpose", "channel", "recipient", "status", "attempts", "last_error", "created_at", "sent_at"])
      .where("submission_id", "=", found.id)
      .orderBy("id")
      .execute();
    const notes = await db
      .selectFrom("submission_notes")
      .select(["id", "staff_name", "body", "created_at"])
      .where("submission_id", "=", found.id)
      .orderBy("id")
      .execute();
    await appendAudit(
      db,
      { staff: staffOf(req), action: "view", submissionId: found.id, subject: subjectOf(found) },
      now(),
    );
    const data: SubmissionDetailAnswer = {
      submission: row,
      statuses: [...statusesOf[row.kind]],
      resume: resume ? { ...resume, fileName: resumeFileName(row.reference, resume.detected_type) } : null,
      messages,
      notes,
    };
    return { status: true, data };
  });

  // Resumes belong to applications: only the roles that see applications.
  app.get("/admin/api/submissions/:id/resume", only("admin", "hr"), async (req, reply) => {
    const found = await allowed(req, reply);
    if (!found) return reply;
    const resume = await db
      .selectFrom("resumes")
      .select(["content", "detected_type"])
      .where("submission_id", "=", found.id)
      .executeTakeFirst();
    if (!resume) return notFound(reply);
    const name = resumeFileName(found.reference, resume.detected_type);
    await appendAudit(
      db,
      {
        staff: staffOf(req),
        action: "resume download",
        submissionId: found.id,
        subject: subjectOf(found),
        detail: name,
      },
      now(),
    );
    return reply
      .header("Content-Type", resumeContentTypes[resume.detected_type])
      .header("Content-Disposition", `attachment; filename="${name}"`)
      .header("X-Content-Type-Options", "nosniff")
      .send(Buffer.from(resume.content));
  });

  app.post("/admin/api/submissions/:id/status", signedIn, async (req, reply) => {
    const found = await allowed(req, reply);
    if (!found) return reply;
    const body = z.object({ status: z.string() }).safeParse(req.body);
    if (!body.success || !statusesOf[found.kind].includes(body.data.status)) {
      return fail(reply, 400, `Choose one of: ${statusesOf[found.kind].join(", ")}.`);
    }
    const status = body.data.status;
    await db
      .updateTable("submissions")
      .set(
        found.kind === "application"
          ? { status, selected: keepsBeyondRetention(found.kind, status) ? 1 : 0 }
          : { status },
      )
      .where("id", "=", found.id)
      .execute();
    await appendAudit(
      db,
      { staff: staffOf(req), action: "status", submissionId: found.id, subject: subjectOf(found), detail: status },
      now(),
    );
    return { status: true, data: { status } satisfies StatusAnswer };
  });

  app.post("/admin/api/submissions/:id/notes", signedIn, async (req, reply) => {
    const found = await allowed(req, reply);
    if (!found) return reply;
    const body = z.object({ body: z.string().trim().min(1).max(5000) }).safeParse(req.body);
    if (!body.success) return fail(reply, 400, "Write a note of up to 5,000 characters.");
    const staff = staffOf(req);
    const at = now().toISOString();
    const note = await db
      .insertInto("submission_notes")
      .values({
        submission_id: found.id,
        staff_id: staff.id,
        staff_name: staff.name,
        body: body.data.body,
        created_at: at,
      })
      .returning(["id", "staff_name", "body", "created_at"])
      .executeTakeFirstOrThrow();
    // The note's words stay with the submission (and go with its erasure), not in the log.
    await appendAudit(db, { staff, action: "note", submissionId: found.id, subject: subjectOf(found) }, now());
    return reply.code(201).send({ status: true, data: note satisfies NoteAnswer });
  });

  app.post("/admin/api/submissions/:id/erase", signedIn, async (req, reply) => {
    const found = await allowed(req, reply);
    if (!found) return reply;
    const body = z.object({ confirm: z.literal(true) }).safeParse(req.body);
    if (!body.success) return fail(reply, 400, "Confirm the erasure first.");
    const { email } = await db
      .selectFrom("submissions")
      .select("email")
      .where("id", "=", found.id)
      .executeTakeFirstOrThrow();
    // The personal-data issue's complete erasure: every submission of this address, its files
    // and the freed database space.
    const report = await eraseByEmail(storage, email, {
      dataDir: ctx.config.dataDir,
      webhookUrl: ctx.config.webhookUrl,
      reason: "request",
      now: now(),
    });
    await appendAudit(
      db,
      {
        staff: staffOf(req),
        action: "erasure",
        submissionId: found.id,
        subject: subjectOf(found),
        detail: `${report.submissions} submission(s), ${report.resumes} resume(s), ${report.messages} message(s)`,
      },
      now(),
    );
    return { status: true, data: report };
  });
}

/** How the audit log names a submission: its application number, else its id. */
export function subjectOf(s: { id: number; kind: string; reference: string | null }): string {
  return s.reference ?? `${s.kind} #${s.id}`;
}
