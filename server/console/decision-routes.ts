/**
 * Decisions that reach the candidate (issue 26): the templates (HR and administrators edit them,
 * decision 071) and, per application, the e-mail its decision offers: a preview, and Send. Nothing
 * is sent by a status change; only Send queues a message, to the application's own address,
 * through the outbox, audited.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { z } from "zod";
import {
  type DecisionMailAnswer,
  type DecisionPreviewAnswer,
  type DecisionTemplateAnswer,
} from "../../contracts/console-answers";
import { decisionStatuses } from "../../contracts/careers/decision-templates";
import { decisionLimits, oneLineText, templateProblem } from "../../contracts/careers/decision-text";
import { composeDecisionMail, queueDecisionMail } from "../replies/decision-mails";
import { listDecisionTemplates, saveDecisionTemplate } from "../replies/decision-templates";
import { needs } from "./access";
import { appendAudit } from "./audit";
import { fail, notFound, staffOf } from "./http";
import { operatorOf } from "./views/operator";
import type { RouteContext } from "./route-context";
import { subjectOf } from "./views/submission-view";
import { visibleSubmission } from "./visible-submission";

const status = z.enum(decisionStatuses);
/** Line breaks are allowed in the box and become spaces: the line is one paragraph of text. */
const personalLine = z.string().max(20_000).default("");
const previewBody = z.object({ status, personalLine });
const sendBody = z.object({
  status,
  personalLine,
  /** How many e-mails for this decision the person saw already sent (0 on a first Send). */
  sent: z.number().int().min(0).max(1000),
});
const templateBody = z.object({ status, subject: z.string().max(10_000), body: z.string().max(50_000) });

const hiring = needs("decisions:send");

export async function decisionRoutes(app: FastifyInstance, ctx: RouteContext) {
  const { storage, now } = ctx;
  const { db } = storage;

  // Read to send a decision, and to edit the templates.
  app.get("/admin/api/decision-templates", needs("decisions:send", "decision-templates:edit"), async () => {
    const data: DecisionTemplateAnswer[] = await listDecisionTemplates(db);
    return { status: true, data };
  });

  app.post("/admin/api/decision-templates", needs("decision-templates:edit"), async (req, reply) => {
    const body = templateBody.safeParse(req.body);
    if (!body.success) return fail(reply, 400, `Choose a template (${decisionStatuses.join(" or ")}) and write it.`);
    const problem = templateProblem(body.data.subject, body.data.body);
    if (problem) return fail(reply, 400, problem);
    const staff = staffOf(req);
    const saved = await saveDecisionTemplate(db, body.data, operatorOf(staff), now());
    await appendAudit(db, { staff, action: "decision template", detail: body.data.status }, now());
    return { status: true, data: saved satisfies DecisionTemplateAnswer };
  });

  /**
   * The application when this person may handle it; answers itself otherwise: an id the person may
   * not have as a missing one (visible-submission.ts), anything but an application 400.
   */
  async function application(req: FastifyRequest, reply: FastifyReply) {
    const row = await visibleSubmission(db, req, reply);
    if (!row) return undefined;
    if (row.kind !== "application") return void fail(reply, 400, "Decision e-mails are for job applications.");
    return row;
  }

  const lineOf = (typed: string) => oneLineText(typed);
  const tooLong = (reply: FastifyReply, line: string) =>
    fail(reply, 400, `The personal line is ${line.length} characters long; keep it to ${decisionLimits.personalLine}.`);

  app.post("/admin/api/submissions/:id/decision-mail/preview", hiring, async (req, reply) => {
    const found = await application(req, reply);
    if (!found) return reply;
    const body = previewBody.safeParse(req.body);
    if (!body.success) return fail(reply, 400, `Choose the decision: ${decisionStatuses.join(" or ")}.`);
    const line = lineOf(body.data.personalLine);
    if (line.length > decisionLimits.personalLine) return tooLong(reply, line);
    const composed = await composeDecisionMail(db, found.id, body.data.status, line, staffOf(req).id);
    if (!composed) return notFound(reply);
    return { status: true, data: composed satisfies DecisionPreviewAnswer };
  });

  app.post("/admin/api/submissions/:id/decision-mail", hiring, async (req, reply) => {
    const found = await application(req, reply);
    if (!found) return reply;
    const body = sendBody.safeParse(req.body);
    if (!body.success) return fail(reply, 400, `Choose the decision: ${decisionStatuses.join(" or ")}.`);
    const line = lineOf(body.data.personalLine);
    if (line.length > decisionLimits.personalLine) return tooLong(reply, line);
    const staff = staffOf(req);
    const outcome = await queueDecisionMail(storage, {
      submissionId: found.id,
      status: body.data.status,
      personalLine: line,
      seen: body.data.sent,
      staff,
      now: now(),
      // Named by the template and the message; the words stay with the application.
      audit: (trx, mail) =>
        appendAudit(
          trx,
          {
            staff,
            action: "decision e-mail",
            submissionId: found.id,
            subject: subjectOf(found),
            detail: `“${mail.template}” e-mail queued (message ${mail.id})`,
          },
          now(),
        ),
    });
    if ("queued" in outcome) {
      ctx.onQueued?.();
      return reply.code(201).send({ status: true, data: outcome.queued satisfies DecisionMailAnswer });
    }
    if (outcome.refused === "gone") return notFound(reply);
    if (outcome.refused === "status") {
      return fail(
        reply,
        409,
        `The application's status is now “${outcome.current}”, not “${body.data.status}”: nothing was sent.`,
      );
    }
    return fail(
      reply,
      409,
      outcome.sent === 1
        ? `An e-mail for “${body.data.status}” was already sent to this candidate: nothing more was sent. Look at it below; send again only if you mean to.`
        : `${outcome.sent} e-mails for “${body.data.status}” were already sent to this candidate: nothing more was sent. Look at them below; send again only if you mean to.`,
    );
  });
}
