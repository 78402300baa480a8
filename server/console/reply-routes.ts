/**
 * Replies from the console (issue 27): the reply templates (sales reads them, administrators edit
 * them) and, per enquiry or feedback, a draft from a template, a preview and Send. Send queues one
 * message through the outbox to the address the submission holds (no request names a recipient),
 * records it, sets the status "answered" and audits it, all in one transaction.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { z } from "zod";
import type {
  ReplyAnswer,
  ReplyContextAnswer,
  ReplyDraftAnswer,
  ReplyPreviewAnswer,
  ReplyTemplateAnswer,
} from "../../contracts/reply-answers";
import { replyLimits, replyProblem, replyTemplateKinds, replyTemplateProblem } from "../../contracts/replies";
import {
  composeReply,
  deleteReplyTemplate,
  draftReply,
  isReplyKind,
  listReplyTemplates,
  queueReply,
  replyContext,
  saveReplyTemplate,
} from "../replies/replies";
import { needs } from "./access";
import { appendAudit } from "./audit";
import { fail, idParams, notFound, staffOf } from "./http";
import { operatorOf } from "./views/operator";
import type { RouteContext } from "./route-context";
import { subjectOf } from "./views/submission-view";
import { visibleSubmission } from "./visible-submission";

/** Those who see enquiries and feedback (roles.ts): sales and administrators. */
const replying = needs("replies:send");

const words = { subject: z.string().max(10_000), text: z.string().max(50_000) };
const previewBody = z.object(words);
const sendBody = z.object({
  ...words,
  /** The template's name the draft came from, for the history; null when written from nothing. */
  template: z.string().max(replyLimits.name).nullable().default(null),
  /** How many replies the person saw already sent (0 on a first Send). */
  sent: z.number().int().min(0).max(1000),
});
const draftBody = z.object({ templateId: z.number().int().min(1).max(2_147_483_647) });
const templateBody = z.object({
  id: z.number().int().min(1).max(2_147_483_647).optional(),
  name: z.string().max(10_000),
  kind: z.enum(replyTemplateKinds),
  subject: z.string().max(10_000),
  body: z.string().max(50_000),
});

export async function replyRoutes(app: FastifyInstance, ctx: RouteContext) {
  const { storage, now } = ctx;
  const { db } = storage;

  // Read to reply with them, and to edit them.
  app.get("/admin/api/reply-templates", needs("replies:send", "templates:edit"), async () => {
    const data: ReplyTemplateAnswer[] = await listReplyTemplates(db);
    return { status: true, data };
  });

  app.post("/admin/api/reply-templates", needs("templates:edit"), async (req, reply) => {
    const body = templateBody.safeParse(req.body);
    if (!body.success) return fail(reply, 400, "Name the template, choose what it is for, and write it.");
    const problem = replyTemplateProblem(body.data);
    if (problem) return fail(reply, 400, problem);
    const staff = staffOf(req);
    const saved = await saveReplyTemplate(db, body.data, operatorOf(staff), now());
    if (saved === "taken") return fail(reply, 409, "Another template has this name: choose another.");
    if (!saved) return notFound(reply);
    await appendAudit(
      db,
      { staff, action: "reply template", detail: `${body.data.id ? "changed" : "added"} “${saved.name}”` },
      now(),
    );
    return reply.code(body.data.id ? 200 : 201).send({ status: true, data: saved satisfies ReplyTemplateAnswer });
  });

  app.post("/admin/api/reply-templates/:id/delete", needs("templates:edit"), async (req, reply) => {
    const params = idParams.safeParse(req.params);
    if (!params.success) return notFound(reply);
    const name = await deleteReplyTemplate(db, params.data.id);
    if (!name) return notFound(reply);
    await appendAudit(db, { staff: staffOf(req), action: "reply template", detail: `deleted “${name}”` }, now());
    return { status: true, data: { id: params.data.id } };
  });

  /** The enquiry or feedback when this person may handle it; answers itself otherwise. */
  async function repliable(req: FastifyRequest, reply: FastifyReply) {
    const row = await visibleSubmission(db, req, reply);
    if (!row) return undefined;
    if (!isReplyKind(row.kind)) return void fail(reply, 400, "Replies are for enquiries and feedback.");
    return row;
  }

  app.get("/admin/api/submissions/:id/reply", replying, async (req, reply) => {
    const found = await repliable(req, reply);
    if (!found) return reply;
    const context = await replyContext(db, found.id);
    if (!context) return notFound(reply);
    return { status: true, data: context satisfies ReplyContextAnswer };
  });

  app.post("/admin/api/submissions/:id/reply/draft", replying, async (req, reply) => {
    const found = await repliable(req, reply);
    if (!found) return reply;
    const body = draftBody.safeParse(req.body);
    if (!body.success) return fail(reply, 400, "Choose a template.");
    const draft = await draftReply(db, found.id, body.data.templateId);
    if (!draft) return fail(reply, 404, "That template is gone: choose another.");
    return { status: true, data: draft satisfies ReplyDraftAnswer };
  });

  app.post("/admin/api/submissions/:id/reply/preview", replying, async (req, reply) => {
    const found = await repliable(req, reply);
    if (!found) return reply;
    const body = previewBody.safeParse(req.body);
    if (!body.success) return fail(reply, 400, "Write a subject and a text.");
    const problem = replyProblem(body.data.subject, body.data.text);
    if (problem) return fail(reply, 400, problem);
    const composed = await composeReply(db, found.id, body.data.subject, body.data.text, staffOf(req).id);
    if (!composed) return notFound(reply);
    const data: ReplyPreviewAnswer = {
      recipient: composed.recipient,
      subject: composed.subject,
      text: composed.text,
      quote: composed.quote,
      sent: composed.sent,
    };
    return { status: true, data };
  });

  app.post("/admin/api/submissions/:id/reply", replying, async (req, reply) => {
    const found = await repliable(req, reply);
    if (!found) return reply;
    const body = sendBody.safeParse(req.body);
    if (!body.success) return fail(reply, 400, "Write a subject and a text.");
    const problem = replyProblem(body.data.subject, body.data.text);
    if (problem) return fail(reply, 400, problem);
    const staff = staffOf(req);
    const outcome = await queueReply(storage, {
      submissionId: found.id,
      subject: body.data.subject,
      text: body.data.text,
      template: body.data.template,
      seen: body.data.sent,
      staff,
      now: now(),
      // Named by the submission and the message; the words stay with the submission.
      audit: (trx, queued) =>
        appendAudit(
          trx,
          {
            staff,
            action: "reply",
            submissionId: found.id,
            subject: subjectOf(found),
            detail: `reply queued (message ${queued.messageId}); status answered`,
          },
          now(),
        ),
    });
    if ("queued" in outcome) {
      ctx.onQueued?.();
      return reply.code(201).send({ status: true, data: outcome.queued satisfies ReplyAnswer });
    }
    if (outcome.refused === "gone") return notFound(reply);
    return fail(
      reply,
      409,
      outcome.sent === 1
        ? "A reply was sent meanwhile (another tab or a colleague): nothing more was sent. Read it below; send again only if you mean to."
        : `${outcome.sent} replies were sent meanwhile: nothing more was sent. Read them below; send again only if you mean to.`,
    );
  });
}
