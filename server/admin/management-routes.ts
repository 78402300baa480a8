/** Admin only: the audit log and the outbox (people and passkeys: people-routes.ts). */
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import type { OutboxMessageAnswer } from "../../contracts/console-answers";
import { only } from "./access";
import { appendAudit, listAudit } from "./audit";
import { fail, notFound, staffOf } from "./http";
import type { RouteContext } from "./plugin";

const pageQuery = z.object({ page: z.coerce.number().int().min(1).max(100_000).default(1) });
const idParams = z.object({ id: z.coerce.number().int().min(1) });
const admins = only("admin");

export async function managementRoutes(app: FastifyInstance, ctx: RouteContext) {
  const { storage } = ctx;
  const { db } = storage;

  app.get("/admin/api/audit", admins, async (req, reply) => {
    const q = pageQuery.safeParse(req.query);
    if (!q.success) return fail(reply, 400, "Not a page number.");
    return { status: true, data: { page: q.data.page, ...(await listAudit(db, { page: q.data.page, pageSize: 50 })) } };
  });
}

export async function outboxRoutes(app: FastifyInstance, ctx: RouteContext) {
  const { storage, now } = ctx;
  const { db } = storage;
  app.get("/admin/api/outbox", admins, async () => {
    const rows = await db
      .selectFrom("outbox")
      .select(["id", "submission_id", "purpose", "recipient", "status", "attempts", "next_attempt_at", "last_error"])
      .where("status", "!=", "sent")
      .orderBy("id", "desc")
      .limit(500)
      .execute();
    return { status: true, data: rows satisfies OutboxMessageAnswer[] };
  });

  app.post("/admin/api/outbox/:id/retry", admins, async (req, reply) => {
    const params = idParams.safeParse(req.params);
    if (!params.success) return notFound(reply);
    const res = await db
      .updateTable("outbox")
      .set({ status: "pending", attempts: 0, next_attempt_at: now().toISOString(), last_error: null })
      .where("id", "=", params.data.id)
      .where("status", "=", "failed")
      .executeTakeFirst();
    if (Number(res.numUpdatedRows) === 0) return fail(reply, 404, `No failed message with id ${params.data.id}.`);
    const row = await db
      .selectFrom("outbox")
      .select("submission_id")
      .where("id", "=", params.data.id)
      .executeTakeFirst();
    await appendAudit(
      db,
      { staff: staffOf(req), action: "retry", submissionId: row?.submission_id, subject: `message ${params.data.id}` },
      now(),
    );
    ctx.onQueued?.();
    return { status: true };
  });
}
