/**
 * An enquiry's outcome (docs/decisions/057-marketing-dashboard.md): anyone who reads the enquiry
 * sees its outcome and history; those who hold `enquiries:outcome` (sales, administrators) mark
 * it qualified, won or lost, on an enquiry they may see (visible-submission.ts). Each change is
 * in the audit log with what was set; the value is a deal's, never a person's detail.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { outcomeInput, outcomeWords, type OutcomeAnswer } from "../../contracts/outcomes";
import { outcomeOf, setOutcome } from "../submissions/outcomes";
import { needs, readsSubmissions } from "./access";
import { appendAudit } from "./audit";
import { fail, notFound, staffOf } from "./http";
import type { RouteContext } from "./route-context";
import { subjectOf } from "./views/submission-view";
import { visibleSubmission } from "./visible-submission";

export async function outcomeRoutes(app: FastifyInstance, ctx: RouteContext) {
  const { storage, now } = ctx;

  /** The enquiry when this person may see it; only enquiries have an outcome. */
  async function enquiry(req: FastifyRequest, reply: FastifyReply) {
    const found = await visibleSubmission(storage.db, req, reply);
    if (!found) return undefined;
    if (found.kind !== "contact") return void fail(reply, 400, "Only enquiries have an outcome.");
    return found;
  }

  app.get("/admin/api/submissions/:id/outcome", readsSubmissions, async (req, reply) => {
    const found = await enquiry(req, reply);
    if (!found) return reply;
    return { status: true, data: (await outcomeOf(storage, found.id)) satisfies OutcomeAnswer };
  });

  app.post("/admin/api/submissions/:id/outcome", needs("enquiries:outcome"), async (req, reply) => {
    const found = await enquiry(req, reply);
    if (!found) return reply;
    const body = outcomeInput.safeParse(req.body);
    if (!body.success) {
      return fail(reply, 400, body.error.issues[0]?.message ?? "Choose qualified, won or lost.");
    }
    const staff = staffOf(req);
    if (!(await setOutcome(storage, found.id, body.data, staff, now()))) return notFound(reply);
    const words = outcomeWords({
      outcome: body.data.outcome,
      value: body.data.value ?? null,
      currency: body.data.currency ?? null,
    });
    await appendAudit(
      storage.db,
      { staff, action: "outcome", submissionId: found.id, subject: subjectOf(found), detail: words },
      now(),
    );
    return { status: true, data: (await outcomeOf(storage, found.id)) satisfies OutcomeAnswer };
  });
}
