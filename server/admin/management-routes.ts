/** Admin only: the audit log, people and their passkeys, the outbox. */
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { appendAudit, listAudit } from "./audit";
import { fail, forbidden, notFound, staffOf } from "./http";
import type { RouteContext } from "./plugin";
import { isAdmin } from "./roles";
import { endAllSessions } from "./sessions";

const pageQuery = z.object({ page: z.coerce.number().int().min(1).max(100_000).default(1) });
const idParams = z.object({ id: z.coerce.number().int().min(1) });

export async function managementRoutes(app: FastifyInstance, ctx: RouteContext) {
  const { storage, now } = ctx;
  const { db } = storage;

  app.addHook("preHandler", async (req, reply) => {
    const path = req.routeOptions.url ?? "";
    if (/^\/admin\/api\/(audit|people|passkeys)/.test(path) && !(req.staff && isAdmin(req.staff.role))) {
      return forbidden(reply);
    }
  });

  app.get("/admin/api/audit", async (req, reply) => {
    const q = pageQuery.safeParse(req.query);
    if (!q.success) return fail(reply, 400, "Not a page number.");
    return { status: true, data: { page: q.data.page, ...(await listAudit(db, { page: q.data.page, pageSize: 50 })) } };
  });

  app.get("/admin/api/people", async () => {
    const people = await db.selectFrom("staff").selectAll().orderBy("name").execute();
    const keys = await db
      .selectFrom("passkeys")
      .select(["id", "staff_id", "created_at", "last_used_at", "revoked_at"])
      .orderBy("created_at")
      .execute();
    return {
      status: true,
      data: people.map((p) => ({ ...p, passkeys: keys.filter((k) => k.staff_id === p.id) })),
    };
  });

  app.post("/admin/api/people/:id/revoke", async (req, reply) => {
    const params = idParams.safeParse(req.params);
    if (!params.success) return notFound(reply);
    const person = await db
      .selectFrom("staff")
      .select(["id", "email"])
      .where("id", "=", params.data.id)
      .executeTakeFirst();
    if (!person) return notFound(reply);
    if (person.id === staffOf(req).id)
      return fail(reply, 400, "You cannot revoke yourself; ask another administrator.");
    await db.updateTable("staff").set({ revoked_at: now().toISOString() }).where("id", "=", person.id).execute();
    await endAllSessions(db, person.id);
    await appendAudit(db, { staff: staffOf(req), action: "revoke person", subject: person.email }, now());
    return { status: true };
  });

  app.post("/admin/api/passkeys/:id/revoke", async (req, reply) => {
    const id = z.object({ id: z.string().min(1).max(512) }).safeParse(req.params);
    if (!id.success) return notFound(reply);
    const key = await db
      .selectFrom("passkeys")
      .innerJoin("staff", "staff.id", "passkeys.staff_id")
      .select(["passkeys.id", "staff.email"])
      .where("passkeys.id", "=", id.data.id)
      .executeTakeFirst();
    if (!key) return notFound(reply);
    await db.updateTable("passkeys").set({ revoked_at: now().toISOString() }).where("id", "=", key.id).execute();
    await appendAudit(
      db,
      {
        staff: staffOf(req),
        action: "revoke passkey",
        subject: key.email,
        detail: `passkey created ${key.id.slice(0, 8)}…`,
      },
      now(),
    );
    return { status: true };
  });
}

export async function outboxRoutes(app: FastifyInstance, ctx: RouteContext) {
  const { storage, now } = ctx;
  const { db } = storage;
  app.get("/admin/api/outbox", async (req, reply) => {
    if (!isAdmin(staffOf(req).role)) return forbidden(reply);
    const rows = await db
      .selectFrom("outbox")
      .select(["id", "submission_id", "purpose", "recipient", "status", "attempts", "next_attempt_at", "last_error"])
      .where("status", "!=", "sent")
      .orderBy("id", "desc")
      .limit(500)
      .execute();
    return { status: true, data: rows };
  });

  app.post("/admin/api/outbox/:id/retry", async (req, reply) => {
    if (!isAdmin(staffOf(req).role)) return forbidden(reply);
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
