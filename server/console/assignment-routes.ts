/**
 * Owners of enquiries and feedback (issue 27): who owns an item and whom it may go to, giving it
 * (or taking it back), and how many items the person's views hold. For those who hold
 * `submissions:assign`; an item of a kind they do not read answers as visible-submission.ts does.
 */
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import {
  inboxViewsAnswer,
  type AssignmentAnswer,
  type InboxViewsAnswer,
  assignableKinds,
} from "../../contracts/console-answers";
import { assign, assignmentOf, isAssignable } from "../assignment/assignment";
import { needs } from "./access";
import { appendAudit } from "./audit";
import { fail, notFound, staffOf } from "./http";
import { inboxWhere } from "./inbox";
import type { RouteContext } from "./route-context";
import { kindsOf } from "../../contracts/staff/permissions";
import { referenceOf as subjectOf } from "../retention/erasure";
import { visibleSubmission } from "./visible-submission";

const staffId = z.number().int().min(1).max(2_147_483_647);
const assignBody = z.object({
  /** The person to give it to; null takes it back. */
  to: staffId.nullable(),
  /** The owner the person saw (null: nobody); the console always sends it. */
  expected: staffId.nullable().optional(),
});

export async function assignmentRoutes(app: FastifyInstance, ctx: RouteContext) {
  const { storage, now } = ctx;
  const { db } = storage;
  const owners = needs("submissions:assign");

  /** The item when this person may see it and it can have an owner; answers the refusal otherwise. */
  async function assignable(req: import("fastify").FastifyRequest, reply: import("fastify").FastifyReply) {
    const found = await visibleSubmission(db, req, reply);
    if (!found) return undefined;
    if (!isAssignable(found.kind)) {
      return void fail(reply, 400, "Only enquiries and feedback have an owner; applications follow their role.");
    }
    return found;
  }

  app.get("/admin/api/submissions/:id/assignment", owners, async (req, reply) => {
    const found = await assignable(req, reply);
    if (!found) return reply;
    const data: AssignmentAnswer = await assignmentOf(db, found.id, found.kind, ctx.staffRoles);
    return { status: true, data };
  });

  app.post("/admin/api/submissions/:id/assignment", owners, async (req, reply) => {
    const found = await assignable(req, reply);
    if (!found) return reply;
    const body = assignBody.safeParse(req.body);
    if (!body.success) return fail(reply, 400, "Choose a person from the list, or nobody.");
    const staff = staffOf(req);
    const outcome = await assign(storage, {
      submissionId: found.id,
      to: body.data.to,
      expected: body.data.expected,
      staff,
      now: now(),
      staffRoles: ctx.staffRoles,
      // Staff names only: the item is named by its kind and id, never by its sender.
      audit: (trx, change) =>
        appendAudit(
          trx,
          {
            staff,
            action: "assignment",
            submissionId: found.id,
            subject: subjectOf(found),
            detail: change.to
              ? change.from?.id === change.to.id
                ? `to ${change.to.name} (already theirs)`
                : `to ${change.to.name}${change.from ? ` (was ${change.from.name})` : ""}`
              : `to nobody${change.from ? ` (was ${change.from.name})` : ""}`,
          },
          now(),
        ),
    });
    if ("refused" in outcome) {
      if (outcome.refused === "gone") return notFound(reply);
      if (outcome.refused === "stale") {
        return fail(
          reply,
          409,
          `Someone else assigned it meanwhile: it is now ${outcome.current ? `with ${outcome.current}` : "unassigned"}. Look again and choose.`,
        );
      }
      return fail(reply, 400, "That person cannot take this item: choose someone from the list.");
    }
    ctx.onQueued?.();
    const data: AssignmentAnswer = await assignmentOf(db, found.id, found.kind, ctx.staffRoles);
    return { status: true, data };
  });

  app.get("/admin/api/inbox/views", owners, async (req) => {
    const staff = staffOf(req);
    const { id } = staff;
    const kinds = kindsOf(staff).filter((k) => (assignableKinds as readonly string[]).includes(k));
    if (kinds.length === 0)
      return { status: true, data: { mine: 0, unread: 0, unassigned: 0 } satisfies InboxViewsAnswer };
    const count = async (q: ReturnType<typeof inboxWhere>) =>
      Number((await q.select((eb) => eb.fn.countAll<string | number>().as("n")).executeTakeFirstOrThrow()).n);
    const mine = inboxWhere(db, { kinds, view: "mine", viewer: id });
    const data: InboxViewsAnswer = inboxViewsAnswer.parse({
      mine: await count(mine),
      unread: await count(
        mine.where((eb) =>
          eb.not(
            eb.exists(
              eb
                .selectFrom("submission_reads")
                .select("submission_reads.staff_id")
                .whereRef("submission_reads.submission_id", "=", "submissions.id")
                .where("submission_reads.staff_id", "=", id),
            ),
          ),
        ),
      ),
      unassigned: await count(inboxWhere(db, { kinds, view: "unassigned", viewer: id })),
    });
    return { status: true, data };
  });
}
