/**
 * Admin only: the people's copy (peoples-copy.ts) as a download. The address travels in the
 * JSON body of a POST, never in the URL; the console page saves the answer as a file.
 */
import type { FastifyInstance } from "fastify";
import { PassThrough } from "node:stream";
import { needs } from "./access";
import { fail, staffOf } from "./http";
import { auditCopy, copyCounts, copyFileName, makePeoplesCopy, peoplesCopyRequest } from "./peoples-copy";
import type { RouteContext } from "./route-context";

export const peoplesCopyPath = "/admin/api/peoples-copy";
/** Counts only, for the page to say what was saved (the browser cannot look inside the zip). */
export const copyCountsHeader = "X-Copy-Contents";

export async function peoplesCopyRoutes(app: FastifyInstance, ctx: RouteContext) {
  const { storage, now } = ctx;
  app.post(peoplesCopyPath, needs("submissions:copy"), async (req, reply) => {
    const body = peoplesCopyRequest.safeParse(req.body ?? {});
    if (!body.success) return fail(reply, 400, body.error.issues[0]?.message ?? "Enter the person's e-mail address.");
    const at = now();
    const copy = await makePeoplesCopy(storage, body.data, at);
    await auditCopy(storage.db, staffOf(req), copy, at);
    const zip = new PassThrough();
    // A failure half-way ends the download broken (the browser reports it), never as a valid zip.
    copy.write(zip).catch((error: unknown) => req.log.error({ err: error }, "people's copy failed while being sent"));
    return reply
      .header("Content-Type", "application/zip")
      .header("Content-Disposition", `attachment; filename="${copyFileName(at)}"`)
      .header(copyCountsHeader, copyCounts(copy))
      .send(zip);
  });
}
