/**
 * The inbox and a submission's page: fields, resume, status, notes, messages, erasure. The routes
 * check access and input, call the domain (server/submissions/submission-handling.ts, the
 * retention room's erasure), audit, and answer through the views (views/).
 */
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import {
  type InboxAnswer,
  type NoteAnswer,
  type StatusAnswer,
  type SubmissionDetailAnswer,
} from "../../contracts/console-answers";
import { markRead, withUnread } from "../assignment/assignment";
import { inboxQuery, subjectOf, submissionView } from "./views/submission-view";
import { addNote, resumeBytes, submissionPageRecord } from "../submissions/submission-handling";
import { resumeContentTypes, resumeFileName } from "../uploads/resume-name";
import { needs, readsSubmissions } from "./access";
import { appendAudit } from "./audit";
import { fail, forbidden, notFound, staffOf } from "./http";
import { inboxPage, withSearchMatches } from "./inbox";
import { domainGroups } from "./domain-groups";
import type { RouteContext } from "./route-context";
import { kindsOf, maySee } from "../../contracts/staff/permissions";
import { visibleSubmission } from "./visible-submission";
import { statusesOf } from "./statuses";
import { changeStatus } from "./stage-change";

export async function submissionRoutes(app: FastifyInstance, ctx: RouteContext) {
  const { storage, now } = ctx;
  const { db } = storage;

  /** The submission's kind when this person may see it; answers 403/404 itself otherwise (visible-submission.ts). */
  const allowed = (req: import("fastify").FastifyRequest, reply: import("fastify").FastifyReply) =>
    visibleSubmission(db, req, reply);

  // POST, so names and addresses searched for stay out of URLs and request logs.
  app.post("/admin/api/inbox", readsSubmissions, async (req, reply) => {
    const query = inboxQuery.safeParse(req.body ?? {});
    if (!query.success) return fail(reply, 400, "Those filters are not valid.");
    const staff = staffOf(req);
    if (query.data.kind && !maySee(staff, query.data.kind)) return forbidden(reply);
    // Roles and positions are applications': asked by a role that sees none, refused as the kind is.
    if ((query.data.role || query.data.position) && !maySee(staff, "application")) return forbidden(reply);
    const kinds = query.data.kind ? [query.data.kind] : kindsOf(staff);
    const filter = await withSearchMatches(db, { ...query.data, kinds, viewer: staffOf(req).id });
    const data: InboxAnswer = {
      ...(await withUnread(db, staffOf(req).id, await inboxPage(db, filter, query.data.page))),
      domains: await domainGroups(db, filter),
    };
    return { status: true, data };
  });

  app.get("/admin/api/submissions/:id", readsSubmissions, async (req, reply) => {
    const found = await allowed(req, reply);
    if (!found) return reply;
    const { row, resume, ...shown } = await submissionPageRecord(db, found.id);
    await markRead(db, found.id, staffOf(req).id, now());
    await appendAudit(
      db,
      { staff: staffOf(req), action: "view", submissionId: found.id, subject: subjectOf(found) },
      now(),
    );
    const data: SubmissionDetailAnswer = {
      submission: submissionView(row, ctx.config.retention),
      statuses: [...statusesOf[row.kind]],
      resume: resume ? { ...resume, fileName: resumeFileName(row.reference, resume.detected_type) } : null,
      ...shown,
    };
    return { status: true, data };
  });

  // Resumes belong to applications: for those who read applications.
  app.get("/admin/api/submissions/:id/resume", needs("submissions:read:application"), async (req, reply) => {
    const found = await allowed(req, reply);
    if (!found) return reply;
    const resume = await resumeBytes(db, found.id);
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

  app.post("/admin/api/submissions/:id/status", needs("submissions:update"), async (req, reply) => {
    const found = await allowed(req, reply);
    if (!found) return reply;
    const body = z.object({ status: z.string() }).safeParse(req.body);
    if (!body.success || !statusesOf[found.kind].includes(body.data.status)) {
      return fail(reply, 400, `Choose one of: ${statusesOf[found.kind].join(", ")}.`);
    }
    const saved = await changeStatus(ctx, staffOf(req), found, body.data.status);
    if (!saved) return notFound(reply);
    return { status: true, data: saved satisfies StatusAnswer };
  });

  app.post("/admin/api/submissions/:id/notes", needs("submissions:update"), async (req, reply) => {
    const found = await allowed(req, reply);
    if (!found) return reply;
    const body = z.object({ body: z.string().trim().min(1).max(5000) }).safeParse(req.body);
    if (!body.success) return fail(reply, 400, "Write a note of up to 5,000 characters.");
    const staff = staffOf(req);
    const note = await addNote(db, found.id, staff, body.data.body, now().toISOString());
    // The note's words stay with the submission (and go with its erasure), not in the log.
    await appendAudit(db, { staff, action: "note", submissionId: found.id, subject: subjectOf(found) }, now());
    return reply.code(201).send({ status: true, data: note satisfies NoteAnswer });
  });
}
