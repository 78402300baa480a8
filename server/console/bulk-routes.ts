/**
 * A role's board acting on several candidates at once (issue 44, docs/decisions/071): move them to
 * a stage, or send each the e-mail of a decision. Each candidate is handled as its own page
 * would handle it, one after another: its own visibility check, its own status change and audit
 * entry, its own outbox row in its own transaction (server/replies/decision-mails.ts), so one
 * erased or moved candidate refuses only itself. Requests are bounded (`bulkLimit`).
 *
 * Send is idempotent the way a single Send is (decision 034): it carries, per candidate, how many
 * e-mails for the decision the preview showed; a second press finds one more and queues nothing.
 */
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { decisionStatuses } from "../../contracts/careers/decision-templates";
import { decisionLimits, oneLineText } from "../../contracts/careers/decision-text";
import { formDefinitions, nameOf } from "../../contracts/forms/index";
import {
  bulkLimit,
  type BulkMoveAnswer,
  type BulkPreviewAnswer,
  type BulkSendAnswer,
} from "../../contracts/pipeline-answers";
import { maySee } from "../../contracts/staff/permissions";
import { statusesOf } from "../../contracts/staff-console";
import { composeDecisionMail, queueDecisionMail } from "../replies/decision-mails";
import { needs } from "./access";
import { appendAudit } from "./audit";
import { fail, forbidden, staffOf } from "./http";
import type { RouteContext } from "./route-context";
import type { SignedIn } from "./sessions";
import type { Selectable } from "kysely";
import type { SubmissionsTable } from "../db/schema";
import { changeStatus } from "./stage-change";
import { subjectOf } from "./views/submission-view";

const ids = z
  .array(z.number().int().min(1).max(2_147_483_647))
  .min(1)
  .max(bulkLimit)
  .transform((list) => [...new Set(list)]);
const moveBody = z.object({ ids, status: z.string() });
const status = z.enum(decisionStatuses);
const personalLine = z.string().max(20_000).default("");
const previewBody = z.object({ ids, status, personalLine });
const sendBody = z.object({
  ids,
  status,
  personalLine,
  /** Per candidate (by id), how many e-mails for this decision the preview showed as sent. */
  sent: z.record(z.string(), z.number().int().min(0).max(1000)),
});

const tooMany = `Choose between 1 and ${bulkLimit} candidates at a time.`;

export async function bulkRoutes(app: FastifyInstance, ctx: RouteContext) {
  const { storage, now } = ctx;
  const { db } = storage;

  /** The applications among these ids that the person may handle (released, not erased), by id. */
  async function applications(staff: SignedIn, list: number[]) {
    if (!maySee(staff, "application")) return new Map<number, Selectable<SubmissionsTable>>();
    const rows = await db
      .selectFrom("submissions")
      .selectAll()
      .where("id", "in", list)
      .where("kind", "=", "application")
      .where("spam", "=", 0)
      .execute();
    return new Map(rows.map((row) => [row.id, row]));
  }

  // As the status route: for those who change statuses. Someone who reads no applications finds
  // every id unavailable, as the status route answers an id of a kind the person does not read.
  app.post("/admin/api/hiring/bulk/move", needs("submissions:update"), async (req, reply) => {
    const staff = staffOf(req);
    const body = moveBody.safeParse(req.body);
    if (!body.success) return fail(reply, 400, tooMany);
    const stages = statusesOf.application;
    if (!stages.includes(body.data.status)) return fail(reply, 400, `Choose one of: ${stages.join(", ")}.`);
    const found = await applications(staff, body.data.ids);
    const results: BulkMoveAnswer["results"] = [];
    for (const id of body.data.ids) {
      const row = found.get(id);
      const saved = row && (await changeStatus(ctx, staff, row, body.data.status));
      results.push(
        saved ? { id, outcome: "done", status: saved.status } : { id, outcome: "unavailable", status: null },
      );
    }
    return { status: true, data: { results } satisfies BulkMoveAnswer };
  });

  app.post("/admin/api/hiring/bulk/decision-mail/preview", needs("decisions:send"), async (req, reply) => {
    const staff = staffOf(req);
    if (!maySee(staff, "application")) return forbidden(reply);
    const body = previewBody.safeParse(req.body);
    if (!body.success) return fail(reply, 400, `${tooMany} Choose the decision: ${decisionStatuses.join(", ")}.`);
    const line = oneLineText(body.data.personalLine);
    if (line.length > decisionLimits.personalLine) {
      return fail(
        reply,
        400,
        `The personal line is ${line.length} characters long; keep it to ${decisionLimits.personalLine}.`,
      );
    }
    const found = await applications(staff, body.data.ids);
    const data: BulkPreviewAnswer = { previews: [], unavailable: [] };
    for (const id of body.data.ids) {
      const row = found.get(id);
      const composed = row && (await composeDecisionMail(db, id, body.data.status, line, staff.id));
      if (!row || !composed) {
        data.unavailable.push(id);
        continue;
      }
      const { status: _decision, ...words } = composed;
      data.previews.push({ id, name: nameOf(formDefinitions.application, row), stage: row.status, ...words });
    }
    return { status: true, data };
  });

  app.post("/admin/api/hiring/bulk/decision-mail", needs("decisions:send"), async (req, reply) => {
    const staff = staffOf(req);
    if (!maySee(staff, "application")) return forbidden(reply);
    const body = sendBody.safeParse(req.body);
    if (!body.success) return fail(reply, 400, `${tooMany} Choose the decision: ${decisionStatuses.join(", ")}.`);
    const line = oneLineText(body.data.personalLine);
    if (line.length > decisionLimits.personalLine) {
      return fail(
        reply,
        400,
        `The personal line is ${line.length} characters long; keep it to ${decisionLimits.personalLine}.`,
      );
    }
    const found = await applications(staff, body.data.ids);
    const results: BulkSendAnswer["results"] = [];
    let queued = 0;
    for (const id of body.data.ids) {
      const row = found.get(id);
      const seen = body.data.sent[String(id)];
      // A candidate the preview did not show has no count to carry: nothing is queued for them.
      if (!row || seen === undefined) {
        results.push({ id, outcome: "unavailable", outbox: null });
        continue;
      }
      const outcome = await queueDecisionMail(storage, {
        submissionId: id,
        status: body.data.status,
        personalLine: line,
        seen,
        staff,
        now: now(),
        // As a single Send: named by the template and the message, the words stay with the application.
        audit: (trx, mail) =>
          appendAudit(
            trx,
            {
              staff,
              action: "decision e-mail",
              submissionId: id,
              subject: subjectOf(row),
              detail: `“${mail.template}” e-mail queued (message ${mail.id}, bulk)`,
            },
            now(),
          ),
      });
      if ("queued" in outcome) {
        queued++;
        results.push({ id, outcome: "done", outbox: outcome.queued.id });
      } else {
        const refused =
          outcome.refused === "gone" ? "unavailable" : outcome.refused === "status" ? "stage" : "already sent";
        results.push({ id, outcome: refused, outbox: null });
      }
    }
    if (queued > 0) ctx.onQueued?.();
    return { status: true, data: { results } satisfies BulkSendAnswer };
  });
}
