/**
 * Erasure from a submission's page: what would go, shown first; the erasure, carrying the ids that
 * were shown; and a second try at scrubbing old copies. The retention room does the work
 * (server/retention/erasure.ts); these routes check, audit and answer.
 */
import type { FastifyInstance, FastifyRequest } from "fastify";
import { z } from "zod";
import type { ErasureAnswer, ErasurePlanAnswer, ScrubAnswer } from "../../contracts/console-answers";
import { erasePerson, planErasure } from "../retention/erasure";
import { scrubNowOrLater, stopScrubRetries } from "../retention/scrub-retry";
import { addressOf } from "../submissions/submission-handling";
import { needs } from "./access";
import { appendAudit } from "./audit";
import { erasureScopeFor } from "./erasure-scope";
import { fail, staffOf } from "./http";
import type { RouteContext } from "./route-context";
import { erasureItemView } from "./views/erasure-view";
import { subjectOf } from "./views/submission-view";
import { visibleSubmission } from "./visible-submission";

export async function erasureRoutes(app: FastifyInstance, ctx: RouteContext) {
  const { storage, now } = ctx;
  const { db } = storage;
  const allowed = (req: FastifyRequest, reply: import("fastify").FastifyReply) => visibleSubmission(db, req, reply);

  /** The erasure this person may make from this submission: their role's kinds, or all for admins. */
  async function erasurePlanOf(req: FastifyRequest, found: { id: number }) {
    const email = await addressOf(db, found.id);
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
      data: { wholePerson: scope.wholePerson, items: items.map(erasureItemView) } satisfies ErasurePlanAnswer,
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
