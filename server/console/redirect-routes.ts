/**
 * Redirects in the console (decision 062): administrators list, add and remove them. Each change
 * and its audit entry are one transaction; the entry's subject is the two addresses (site paths,
 * no personal data). A refusal (a loop, a page the site serves, a malformed path) answers 409 or
 * 400 with its reason and the sentence the console shows. Every instance answers a change within
 * its 5 s stamp (server/redirects/site-redirects.ts).
 */
import type { FastifyInstance, FastifyReply } from "fastify";
import { newRedirect, redirectMessages, type RedirectsAnswer } from "../../contracts/redirects";
import { addRedirect, listRedirects, RedirectRefused, removeRedirect } from "../redirects/redirects";
import { sitePagesOf } from "../redirects/served-paths";
import { needs } from "./access";
import { appendAudit } from "./audit";
import { fail, idParams, notFound, staffOf } from "./http";
import type { RouteContext } from "./route-context";

const manage = needs("redirects:manage");

export async function redirectRoutes(app: FastifyInstance, ctx: RouteContext) {
  const { storage, now } = ctx;
  const isSitePage = sitePagesOf(ctx.config.buildDir);

  async function list(): Promise<RedirectsAnswer> {
    const rows = await listRedirects(storage.db);
    return {
      redirects: rows.map(({ createdByName, createdBy: _, ...row }) => ({ ...row, createdBy: createdByName })),
    };
  }

  function refused(reply: FastifyReply, error: RedirectRefused) {
    const code = error.reason === "shape" || error.reason === "query" ? 400 : 409;
    return reply.code(code).send({ status: false, message: error.message, reason: error.reason });
  }

  app.get("/admin/api/redirects", manage, async () => ({ status: true, data: await list() }));

  app.post("/admin/api/redirects", manage, async (req, reply) => {
    const body = newRedirect.safeParse(req.body);
    if (!body.success) return fail(reply, 400, redirectMessages.shape("from"));
    const staff = staffOf(req);
    const at = now();
    try {
      await storage.transaction(async (trx) => {
        const added = await addRedirect(trx, body.data, { reason: "added", staffId: staff.id }, at, { isSitePage });
        await appendAudit(
          trx,
          {
            staff,
            action: "redirect added",
            subject: `${added.from} → ${added.to}`,
            detail: "answered with a 301 on every instance within seconds",
          },
          at,
        );
      });
    } catch (error) {
      if (error instanceof RedirectRefused) return refused(reply, error);
      throw error;
    }
    return reply.code(201).send({ status: true, data: await list() });
  });

  app.post("/admin/api/redirects/:id/delete", manage, async (req, reply) => {
    const params = idParams.safeParse(req.params);
    if (!params.success) return notFound(reply);
    const staff = staffOf(req);
    const at = now();
    const removed = await storage.transaction(async (trx) => {
      const row = await removeRedirect(trx, params.data.id);
      if (row)
        await appendAudit(
          trx,
          {
            staff,
            action: "redirect removed",
            subject: `${row.from} → ${row.to}`,
            detail: "the old address answers 404 again",
          },
          at,
        );
      return row;
    });
    if (!removed) return notFound(reply);
    return { status: true, data: await list() };
  });
}
