/**
 * Admin only: the spam quarantine (server/submissions/quarantine.ts) with its reasons, one held
 * submission's fields, release (it sends then what it would have sent on arrival) and delete
 * (every copy, as erasure does). The signed-in person is the operator in `spam_reviews`, and each
 * view, release and delete is in the audit log.
 */
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import type { QuarantineAnswer, QuarantinedDetailAnswer, ReleaseAnswer } from "../../contracts/console-answers";
import { outboxRowsFor } from "../outbox/outbox-rows";
import { describeErasure } from "../retention/erasure";
import { deleteQuarantined, getQuarantined, listQuarantined, releaseSubmission } from "../submissions/quarantine";
import { needs } from "./access";
import { appendAudit } from "./audit";
import { fail, notFound, staffOf, idParams } from "./http";
import type { RouteContext } from "./route-context";
import { operatorOf } from "./views/operator";
import { subjectOf } from "./views/submission-view";

const listQuery = z.object({ verdict: z.enum(["spam", "review"]).optional() });
const confirmed = z.object({ confirm: z.literal(true) });
/** The quarantine is emptied after SPAM_RETENTION_DAYS; this only bounds one answer. */
const listLimit = 500;
const quarantine = needs("quarantine:manage");

export async function quarantineRoutes(app: FastifyInstance, ctx: RouteContext) {
  const { storage, now, config } = ctx;
  const { db } = storage;

  app.get("/admin/api/quarantine", quarantine, async (req, reply) => {
    const q = listQuery.safeParse(req.query);
    if (!q.success) return fail(reply, 400, "Choose spam or review.");
    const data: QuarantineAnswer = await listQuarantined(storage, { verdict: q.data.verdict, limit: listLimit });
    return { status: true, data };
  });

  app.get("/admin/api/quarantine/:id", quarantine, async (req, reply) => {
    const params = idParams.safeParse(req.params);
    if (!params.success) return notFound(reply);
    const held = await getQuarantined(storage, params.data.id);
    if (!held) return fail(reply, 404, `No quarantined submission with id ${params.data.id}.`);
    await appendAudit(
      db,
      { staff: staffOf(req), action: "view", submissionId: held.id, subject: subjectOf(held), detail: "quarantine" },
      now(),
    );
    return { status: true, data: held satisfies QuarantinedDetailAnswer };
  });

  app.post("/admin/api/quarantine/:id/release", quarantine, async (req, reply) => {
    const params = idParams.safeParse(req.params);
    if (!params.success) return notFound(reply);
    if (!confirmed.safeParse(req.body).success) return fail(reply, 400, "Confirm the release first.");
    const staff = staffOf(req);
    const held = await getQuarantined(storage, params.data.id);
    const settings = { ...config.mail, webhookUrl: config.webhookUrl };
    const released = held
      ? await releaseSubmission(storage, held.id, operatorOf(staff), {
          now: now(),
          messagesFor: (kind, email) => outboxRowsFor(kind, email, settings),
        })
      : undefined;
    // Released by someone else meanwhile, or never quarantined: nothing was sent twice.
    if (!held || !released) return fail(reply, 404, `No quarantined submission with id ${params.data.id}.`);
    await appendAudit(
      db,
      {
        staff,
        action: "release",
        submissionId: held.id,
        subject: subjectOf(held),
        detail: `${released.queued} message(s) queued`,
      },
      now(),
    );
    ctx.onQueued?.();
    return { status: true, data: released satisfies ReleaseAnswer };
  });

  app.post("/admin/api/quarantine/:id/delete", quarantine, async (req, reply) => {
    const params = idParams.safeParse(req.params);
    if (!params.success) return notFound(reply);
    if (!confirmed.safeParse(req.body).success) return fail(reply, 400, "Confirm the deletion first.");
    const staff = staffOf(req);
    const held = await getQuarantined(storage, params.data.id);
    if (!held) return fail(reply, 404, `No quarantined submission with id ${params.data.id}.`);
    const report = await deleteQuarantined(storage, held.id, operatorOf(staff), {
      now: now(),
      dataDir: config.dataDir,
    });
    if (!report) return fail(reply, 404, `No quarantined submission with id ${params.data.id}.`);
    await appendAudit(
      db,
      {
        staff,
        action: "delete",
        submissionId: held.id,
        subject: subjectOf(held),
        detail: describeErasure(report),
      },
      now(),
    );
    return { status: true, data: report };
  });
}
