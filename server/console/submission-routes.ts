/** The inbox and a submission's page: fields, resume, status, notes, messages, erasure. */
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import {
  type ErasureAnswer,
  type ErasureItemAnswer,
  type ErasurePlanAnswer,
  type InboxAnswer,
  type NoteAnswer,
  type ScrubAnswer,
  type StatusAnswer,
  type SubmissionDetailAnswer,
} from "../../contracts/console-answers";
import { markRead, withUnread } from "../assignment/assignment";
import { decisionMailsOf, decisionNoteIds } from "../replies/decision-mails";
import { repliesOf } from "../replies/replies";
import { erasePerson, planErasure, type ErasureItem } from "../retention/erasure";
import { deletionOf, inboxQuery, subjectOf, submissionView } from "./views/submission-view";
import { namedRole } from "../submissions/submission-role";
import { scrubNowOrLater, stopScrubRetries } from "../retention/scrub-retry";
import { resumeContentTypes, resumeFileName } from "../uploads/resume-name";
import { needs, readsSubmissions } from "./access";
import { appendAudit } from "./audit";
import { erasureScopeFor } from "./erasure-scope";
import { fail, forbidden, notFound, staffOf } from "./http";
import { inboxPage, withSearchMatches } from "./inbox";
import { domainGroups } from "./domain-groups";
import type { RouteContext } from "./route-context";
import { kindsOf, maySee } from "../../contracts/staff/permissions";
import { visibleSubmission } from "./visible-submission";
import { isDecision, statusesOf } from "./statuses";

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
    const row = await db.selectFrom("submissions").selectAll().where("id", "=", found.id).executeTakeFirstOrThrow();
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
    const decisionMails = await decisionMailsOf(db, found.id);
    const decisionNotes = new Set(await decisionNoteIds(db, found.id));
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
      messages,
      role: await namedRole(db, row.role),
      notes: notes.filter((n) => !decisionNotes.has(n.id)),
      decisionMails,
      replies: await repliesOf(db, found.id),
    };
    return { status: true, data };
  });

  // Resumes belong to applications: for those who read applications.
  app.get("/admin/api/submissions/:id/resume", needs("submissions:read:application"), async (req, reply) => {
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

  app.post("/admin/api/submissions/:id/status", needs("submissions:update"), async (req, reply) => {
    const found = await allowed(req, reply);
    if (!found) return reply;
    const body = z.object({ status: z.string() }).safeParse(req.body);
    if (!body.success || !statusesOf[found.kind].includes(body.data.status)) {
      return fail(reply, 400, `Choose one of: ${statusesOf[found.kind].join(", ")}.`);
    }
    const status = body.data.status;
    const at = now().toISOString();
    // A decision records its date, kept while the same decision is saved again; a stage without a
    // decision clears it (docs/decisions/033). One statement, reading the row it changes: a
    // change committed meanwhile (PostgreSQL re-reads the locked row) or the purge (no row, 404)
    // can neither be overwritten nor brought back.
    const decision = found.kind === "application" && isDecision(status);
    const saved = await db
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
      .where("id", "=", found.id)
      .returning(["kind", "spam", "created_at", "status", "decided_at", "future_roles_consent"])
      .executeTakeFirst();
    if (!saved) return notFound(reply);
    const deletion = saved.kind === "application" && !saved.spam ? deletionOf(saved, ctx.config.retention) : null;
    await appendAudit(
      db,
      {
        staff: staffOf(req),
        action: "status",
        submissionId: found.id,
        subject: subjectOf(found),
        // The date the change leads to is part of what was done: the log shows it.
        detail: deletion ? `${status}; deletion date ${deletion.at.slice(0, 10)}` : status,
      },
      now(),
    );
    return { status: true, data: { status, deletion } satisfies StatusAnswer };
  });

  app.post("/admin/api/submissions/:id/notes", needs("submissions:update"), async (req, reply) => {
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

  /** The erasure this person may make from this submission: their role's kinds, or all for admins. */
  async function erasurePlanOf(req: import("fastify").FastifyRequest, found: { id: number }) {
    const { email } = await db
      .selectFrom("submissions")
      .select("email")
      .where("id", "=", found.id)
      .executeTakeFirstOrThrow();
    const scope = erasureScopeFor(staffOf(req));
    return { email, scope, items: await planErasure(db, email, scope) };
  }

  // What an erasure would remove, shown before anything goes; the erasure then carries its ids.
  app.get("/admin/api/submissions/:id/erase", needs("submissions:erase"), async (req, reply) => {
    const found = await allowed(req, reply);
    if (!found) return reply;
    const { scope, items } = await erasurePlanOf(req, found);
    return {
      status: true,
      data: { wholePerson: scope.wholePerson, items: items.map(itemAnswer) } satisfies ErasurePlanAnswer,
    };
  });

  app.post("/admin/api/submissions/:id/erase", needs("submissions:erase"), async (req, reply) => {
    const found = await allowed(req, reply);
    if (!found) return reply;
    const body = z
      .object({ confirm: z.literal(true), submissions: z.array(z.number().int()).max(10_000) })
      .safeParse(req.body);
    if (!body.success) return fail(reply, 400, "Confirm the erasure first.");
    const { email, scope } = await erasurePlanOf(req, found);
    const result = await erasePerson(storage, email, scope, {
      dataDir: ctx.config.dataDir,
      webhookUrl: ctx.config.webhookUrl,
      reason: "request",
      now: now(),
      expected: body.data.submissions,
    });
    if (result.changed) {
      return fail(
        reply,
        409,
        "What would be erased has changed since you looked. Check the new list and confirm again.",
      );
    }
    const report = result.report;
    app.metrics.erasures.inc(report.submissions);
    // Every removed submission named, so the log shows what went, not only what was clicked.
    await appendAudit(
      db,
      {
        staff: staffOf(req),
        action: "erasure",
        submissionId: found.id,
        subject: subjectOf(found),
        detail: `${report.submissions} submission(s), ${report.resumes} resume(s), ${report.notes} note(s), ${report.messages} message(s): ${report.references.join(", ")}`,
      },
      now(),
    );
    return { status: true, data: report satisfies ErasureAnswer };
  });

  // After an erasure whose scrub could not finish: the person asks again (the server retries too).
  app.post("/admin/api/erasure/scrub", needs("submissions:erase"), async () => {
    const { complete } = await scrubNowOrLater(storage);
    return { status: true, data: { scrubbed: complete } satisfies ScrubAnswer };
  });
  app.addHook("onClose", async () => stopScrubRetries(storage));
}

function itemAnswer(item: ErasureItem): ErasureItemAnswer {
  return {
    id: item.id,
    kind: item.kind,
    reference: item.reference,
    created_at: item.createdAt,
    quarantined: item.quarantined,
    resume: item.resume
      ? {
          fileName: resumeFileName(item.kind === "application" ? item.reference : null, item.resume.detectedType),
          original_name: item.resume.originalName,
          size: item.resume.size,
        }
      : null,
    notes: item.notes,
    messages: item.messages,
  };
}
