/** The audit log (`audit:read`: filtered, paged, exported as CSV) and the outbox (`outbox:manage`); people and passkeys: people-routes.ts. */
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { Readable } from "node:stream";
import {
  type AuditPageAnswer,
  auditActions,
  type OutboxMessageAnswer,
  type UnmatchedMailAnswer,
} from "../../contracts/console-answers";
import { dismissUnmatched, listUnmatched } from "../replies/unmatched-mail";
import { csvRow } from "../exports/csv";
import { needs } from "./access";
import { appendAudit, auditCsvColumns, auditPeople, listAudit, streamAudit } from "./audit";
import { fail, notFound, staffOf, idParams } from "./http";
import type { RouteContext } from "./route-context";
import { isWithdrawnNote } from "../../contracts/careers/decision-delivery";

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
/** An empty form field means "any". */
const optional = <T extends z.ZodType>(schema: T) => z.preprocess((v) => (v === "" ? undefined : v), schema.optional());
const auditFilter = z.object({
  person: optional(z.string().max(200)),
  action: optional(z.enum(auditActions)),
  from: optional(day),
  to: optional(day),
  reference: optional(z.string().trim().max(100)),
});
const auditQuery = auditFilter.extend({ page: z.coerce.number().int().min(1).max(100_000).default(1) });
const auditors = needs("audit:read");
const outbox = needs("outbox:manage");

export async function managementRoutes(app: FastifyInstance, ctx: RouteContext) {
  const { storage, now } = ctx;
  const { db } = storage;

  // POST, as the inbox: the filters (a person's name, a typed reference) travel in the body,
  // never in an address that request logs keep.
  app.post("/admin/api/audit", auditors, async (req, reply) => {
    const q = auditQuery.safeParse(req.body ?? {});
    if (!q.success) return fail(reply, 400, "Check the filters: dates as YYYY-MM-DD, an action from the list.");
    const { entries, hasMore } = await listAudit(db, { ...q.data, pageSize: 50 });
    const data = { page: q.data.page, entries, hasMore, people: await auditPeople(db) };
    return { status: true, data: data satisfies AuditPageAnswer };
  });

  // Fetched by the page (same-origin fetch sends the console's Origin, unlike a form post from a
  // no-referrer page) and saved from a blob; the filters stay out of the address.
  app.post("/admin/api/audit/export", auditors, async (req, reply) => {
    const q = auditFilter.safeParse(req.body ?? {});
    if (!q.success) return fail(reply, 400, "Check the filters: dates as YYYY-MM-DD, an action from the list.");
    const at = now();
    await appendAudit(
      db,
      { staff: staffOf(req), action: "export", subject: "audit log", detail: describeAuditFilter(q.data) },
      at,
    );
    async function* lines() {
      yield csvRow(auditCsvColumns);
      for await (const row of streamAudit(db, q.data!)) yield csvRow(auditCsvColumns.map((c) => row[c]));
    }
    return reply
      .header("Content-Type", "text/csv; charset=utf-8")
      .header("Content-Disposition", `attachment; filename="audit-log-${at.toISOString().slice(0, 10)}.csv"`)
      .send(Readable.from(lines()));
  });
}

/** The audit export's filter in words, for its own entry. */
function describeAuditFilter(f: z.infer<typeof auditFilter>): string {
  const parts = ["CSV"];
  if (f.person) parts.push(`person ${f.person}`);
  if (f.action) parts.push(`action ${f.action}`);
  if (f.from) parts.push(`from ${f.from}`);
  if (f.to) parts.push(`until ${f.to}`);
  // An application number or id is repeated; other text might be a name, so it is not.
  if (f.reference)
    parts.push(/^([a-z]+-\d{4}-\d+|\d+)$/i.test(f.reference) ? `reference ${f.reference}` : "a reference search");
  return parts.join(", ");
}

export async function outboxRoutes(app: FastifyInstance, ctx: RouteContext) {
  const { storage, now } = ctx;
  const { db } = storage;
  app.get("/admin/api/outbox", outbox, async () => {
    const rows = await db
      .selectFrom("outbox")
      .select(["id", "submission_id", "purpose", "recipient", "status", "attempts", "next_attempt_at", "last_error"])
      .where("status", "!=", "sent")
      .orderBy("id", "desc")
      .limit(500)
      .execute();
    return { status: true, data: rows satisfies OutboxMessageAnswer[] };
  });

  // Inbound mail that matched no conversation (decision 073): listed, and dismissed one by one.
  app.get("/admin/api/unmatched-mail", outbox, async () => ({
    status: true,
    data: (await listUnmatched(db)) satisfies UnmatchedMailAnswer,
  }));

  app.post("/admin/api/unmatched-mail/:id/dismiss", outbox, async (req, reply) => {
    const params = idParams.safeParse(req.params);
    if (!params.success) return notFound(reply);
    if (!(await dismissUnmatched(db, params.data.id))) return notFound(reply);
    await appendAudit(
      db,
      { staff: staffOf(req), action: "unmatched mail dismissed", subject: `unmatched mail ${params.data.id}` },
      now(),
    );
    return { status: true };
  });

  app.post("/admin/api/outbox/:id/retry", outbox, async (req, reply) => {
    const params = idParams.safeParse(req.params);
    if (!params.success) return notFound(reply);
    const found = await db
      .selectFrom("outbox")
      .select("last_error")
      .where("id", "=", params.data.id)
      .executeTakeFirst();
    if (isWithdrawnNote(found?.last_error))
      return fail(
        reply,
        409,
        "This decision e-mail was withdrawn: the decision changed before delivery. Send a new one from the application if it fits.",
      );
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
