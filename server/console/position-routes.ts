/**
 * The application form's positions (issue 26: "admins may add positions"; decision 040). Admins
 * add a position and retire one from the public form (or offer it again); HR reads the list, as
 * the role editor's choices come from it. Each change and its audit entry are one transaction;
 * the entry's subject is the position's name (a job's name, no personal data). The careers pages
 * show a change within their 5 s stamp (positionsStamp is part of it).
 */
import type { FastifyInstance, FastifyReply } from "fastify";
import { z } from "zod";
import type { PositionAnswer, PositionsAnswer } from "../../contracts/console-answers";
import { positionMessages, positionName } from "../../contracts/careers/positions";
import { addPosition, allPositions, positionUse, setRetired, type PositionWrite } from "../postings/positions";
import { needs } from "./access";
import { appendAudit } from "./audit";
import { fail, idParams, notFound, staffOf } from "./http";
import type { RouteContext } from "./route-context";

const newPosition = z.object({ name: positionName });

export async function positionRoutes(app: FastifyInstance, ctx: RouteContext) {
  const { storage, now } = ctx;

  async function list(): Promise<PositionsAnswer> {
    const [rows, use] = await Promise.all([allPositions(storage.db), positionUse(storage.db)]);
    const positions = rows.map((row): PositionAnswer => ({
      id: row.id,
      name: row.name,
      retiredAt: row.retired_at,
      applications: use.get(row.name)?.applications ?? 0,
      roles: use.get(row.name)?.roles ?? 0,
    }));
    return { positions };
  }

  function answer(reply: FastifyReply, outcome: PositionWrite, created = false) {
    if (outcome.ok) return list().then((data) => reply.code(created ? 201 : 200).send({ status: true, data }));
    switch (outcome.reason) {
      case "missing":
        return notFound(reply);
      case "taken":
        return fail(reply, 409, positionMessages.taken(outcome.name));
      case "in use":
        return fail(
          reply,
          409,
          `The published role${outcome.roles.length === 1 ? "" : "s"} ${outcome.roles.join(", ")} ` +
            `still ${outcome.roles.length === 1 ? "names" : "name"} this position: close ${outcome.roles.length === 1 ? "it" : "them"} or change ${outcome.roles.length === 1 ? "its" : "their"} position first.`,
        );
    }
  }

  app.get("/admin/api/positions", needs("positions:read"), async () => ({ status: true, data: await list() }));

  app.post("/admin/api/positions", needs("positions:edit"), async (req, reply) => {
    const body = newPosition.safeParse(req.body);
    if (!body.success) return fail(reply, 400, body.error.issues[0]?.message ?? positionMessages.length);
    const staff = staffOf(req);
    const at = now();
    const outcome = await storage.transaction(async (trx) => {
      const done = await addPosition(trx, body.data.name, at);
      if (done.ok)
        await appendAudit(
          trx,
          { staff, action: "position added", subject: done.position.name, detail: "offered on the application form" },
          at,
        );
      return done;
    });
    return answer(reply, outcome, true);
  });

  for (const [move, retired] of [
    ["retire", true],
    ["offer", false],
  ] as const) {
    app.post(`/admin/api/positions/:id/${move}`, needs("positions:edit"), async (req, reply) => {
      const params = idParams.safeParse(req.params);
      if (!params.success) return notFound(reply);
      const staff = staffOf(req);
      const at = now();
      const outcome = await storage.transaction(async (trx) => {
        const before = await trx
          .selectFrom("positions")
          .select("retired_at")
          .where("id", "=", params.data.id)
          .executeTakeFirst();
        const done = await setRetired(trx, params.data.id, retired, at);
        // Only a real change is audited: retiring a retired position again changes nothing.
        if (done.ok && before && (before.retired_at !== null) !== retired) {
          await appendAudit(
            trx,
            {
              staff,
              action: retired ? "position retired" : "position offered again",
              subject: done.position.name,
              detail: retired
                ? "taken off the application form; kept for earlier applications"
                : "offered on the application form",
            },
            at,
          );
        }
        return done;
      });
      return answer(reply, outcome);
    });
  }
}
