/**
 * Admin only: the people's copy (peoples-copy.ts) as a download. The address travels in the
 * JSON body of a POST, never in the URL; the console page saves the answer as a file.
 */
import type { FastifyInstance } from "fastify";
import { only } from "./access";
import { fail, staffOf } from "./http";
import { auditCopy, copyFileName, makePeoplesCopy, peoplesCopyRequest } from "./peoples-copy";
import type { RouteContext } from "./plugin";

export const peoplesCopyPath = "/admin/api/peoples-copy";

export async function peoplesCopyRoutes(app: FastifyInstance, ctx: RouteContext) {
  const { storage, now } = ctx;
  app.post(peoplesCopyPath, only("admin"), async (req, reply) => {
    const body = peoplesCopyRequest.safeParse(req.body ?? {});
    if (!body.success) return fail(reply, 400, body.error.issues[0]?.message ?? "Enter the person's e-mail address.");
    const at = now();
    const copy = await makePeoplesCopy(storage, body.data, at);
    await auditCopy(storage.db, { staff: staffOf(req) }, copy, at);
    return reply
      .header("Content-Type", "application/zip")
      .header("Content-Disposition", `attachment; filename="${copyFileName(at)}"`)
      .send(Buffer.from(copy.zip.buffer, copy.zip.byteOffset, copy.zip.byteLength));
  });
}
