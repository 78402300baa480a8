/**
 * A person's own account (issue 44, decision 073): who they are and their signature, which they
 * alone edit. Every route acts on the person signed in; none takes a staff id, so nobody can read
 * or change another person's signature through it. A change is audited without its words.
 */
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import type { AccountAnswer } from "../../contracts/console-answers";
import { signatureProblem } from "../../contracts/signature";
import { saveSignature, signatureOf } from "../replies/signature";
import { signedIn } from "./access";
import { appendAudit } from "./audit";
import { fail, staffOf } from "./http";
import type { RouteContext } from "./route-context";

const signatureBody = z.object({ signature: z.string().max(10_000) });
const noticeBody = z.object({ receive: z.boolean() });

async function answerNoticeOf(db: RouteContext["storage"]["db"], staffId: number): Promise<boolean> {
  const row = await db.selectFrom("staff").select("answer_notice").where("id", "=", staffId).executeTakeFirst();
  return row?.answer_notice === 1;
}

export async function accountRoutes(app: FastifyInstance, ctx: RouteContext) {
  const { storage, now } = ctx;
  const { db } = storage;

  app.get("/admin/api/account", signedIn, async (req) => {
    const staff = staffOf(req);
    const data: AccountAnswer = {
      name: staff.name,
      email: staff.email,
      roleLabel: staff.roleLabel,
      signature: await signatureOf(db, staff.id),
      answerNotice: await answerNoticeOf(db, staff.id),
    };
    return { status: true, data };
  });

  app.post("/admin/api/account/signature", signedIn, async (req, reply) => {
    const body = signatureBody.safeParse(req.body);
    if (!body.success) return fail(reply, 400, "Write your signature as text.");
    const problem = signatureProblem(body.data.signature);
    if (problem) return fail(reply, 400, problem);
    const staff = staffOf(req);
    const signature = await storage.transaction(async (trx) => {
      const saved = await saveSignature(trx, staff.id, body.data.signature);
      await appendAudit(
        trx,
        {
          staff,
          action: "signature changed",
          subject: staff.name,
          detail: saved ? `${[...saved].length} characters` : "removed",
        },
        now(),
      );
      return saved;
    });
    return { status: true, data: { signature } };
  });

  // The e-mail notice of a customer's answer to an item the person owns (a link only, decision 073).
  app.post("/admin/api/account/answer-notice", signedIn, async (req, reply) => {
    const body = noticeBody.safeParse(req.body);
    if (!body.success) return fail(reply, 400, "Say whether you want the notice.");
    const staff = staffOf(req);
    await db
      .updateTable("staff")
      .set({ answer_notice: body.data.receive ? 1 : 0 })
      .where("id", "=", staff.id)
      .execute();
    return { status: true, data: { receive: body.data.receive } };
  });
}
