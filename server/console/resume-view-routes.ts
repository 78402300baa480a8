/**
 * The resume viewer's address (issue 44, docs/decisions/071): the resume of an application, to be
 * shown in the console's sandboxed frame. A PDF is sent as it was uploaded, inline; a DOCX as the
 * sanitised HTML of server/uploads/resume-viewer.ts; a DOC (which no maintained converter reads
 * safely) as a page saying to download it. Who may download a resume may view it, no one else:
 * the same permission and the same per-row check as the download, and an audit entry.
 */
import type { FastifyInstance, FastifyReply } from "fastify";
import { docxAsPage, viewerHeaders } from "../uploads/resume-viewer";
import { resumeContentTypes, resumeFileName } from "../uploads/resume-name";
import { resumeBytes } from "../submissions/submission-handling";
import { needs } from "./access";
import { appendAudit } from "./audit";
import { notFound, staffOf } from "./http";
import type { RouteContext } from "./route-context";
import { subjectOf } from "./views/submission-view";
import { visibleSubmission } from "./visible-submission";

const docPage =
  '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Resume</title></head><body><p>This resume is a Word 97–2003 document (.doc), which the console does not display. Download it to open it with a word processor.</p></body></html>';

/**
 * Set last, after the server's and the console's own headers (a route's onSend runs after theirs):
 * the viewer's CSP and framing rule replace the console's, which forbid any frame.
 */
async function asViewer(_req: unknown, reply: FastifyReply, payload: unknown) {
  for (const [name, value] of Object.entries(viewerHeaders)) reply.header(name, value);
  return payload;
}

export async function resumeViewRoutes(app: FastifyInstance, ctx: RouteContext) {
  const { storage, now } = ctx;
  const { db } = storage;

  app.get(
    "/admin/api/submissions/:id/resume/view",
    { ...needs("submissions:read:application"), onSend: asViewer },
    async (req, reply) => {
      const found = await visibleSubmission(db, req, reply);
      if (!found) return reply;
      const resume = await resumeBytes(db, found.id);
      if (!resume) return notFound(reply);
      const name = resumeFileName(found.reference, resume.detected_type);
      await appendAudit(
        db,
        { staff: staffOf(req), action: "resume view", submissionId: found.id, subject: subjectOf(found), detail: name },
        now(),
      );
      const bytes = Buffer.from(resume.content);
      if (resume.detected_type === "pdf") {
        return reply
          .header("Content-Type", resumeContentTypes.pdf)
          .header("Content-Disposition", `inline; filename="${name}"`)
          .send(bytes);
      }
      const page = resume.detected_type === "docx" ? await docxAsPage(bytes, name) : docPage;
      return reply
        .header("Content-Type", "text/html; charset=utf-8")
        .header("Content-Disposition", `inline; filename="${name.replace(/\.docx?$/, ".html")}"`)
        .send(page);
    },
  );
}
