/**
 * The hiring pipeline in the console (issue 26): the Hiring table (each role's applicants per
 * stage), a role's applicants by stage, a candidate's submissions from one address, and the
 * neighbours an application's Previous and Next open. Hiring is HR's and admins'; sales is
 * refused by the route (access.ts), and each submission named by id meets visibleSubmission.
 */
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import type { JobPosting } from "../../contracts/careers/roles";
import { emailOf } from "../../contracts/forms/address";
import { formDefinitions, nameOf } from "../../contracts/forms/index";
import {
  type CandidateAnswer,
  type NeighboursAnswer,
  type PipelineAnswer,
  type PipelineRoleAnswer,
  type RoleApplicantsAnswer,
} from "../../contracts/pipeline-answers";
import { listRoles, roleById } from "../postings/job-roles";
import { unreadAmong } from "../assignment/assignment";
import { noCounts, roleApplicants, sameAddress, stageCounts, stages } from "../postings/pipeline";
import { needs, readsSubmissions } from "./access";
import { appendAudit } from "./audit";
import { fail, forbidden, notFound, staffOf, idParams } from "./http";
import { inboxNeighbours, withSearchMatches } from "./inbox";
import type { RouteContext } from "./route-context";
import { kindsOf, maySee } from "../../contracts/staff/permissions";
import { inboxQuery, subjectOf } from "./views/submission-view";
import { visibleSubmission } from "./visible-submission";

/** How many of a stage the role's view lists; the rest are one link away, in the inbox. */
export const shownPerStage = 100;

/** The view an application was opened from: the inbox's filters, or a role's view (`hiring`, its id). */
const viewBody = inboxQuery.omit({ page: true }).extend({ hiring: z.number().int().min(1).optional() });

const roleLine = (role: JobPosting) => ({
  id: role.id,
  slug: role.slug,
  title: role.title,
  state: role.state,
  position: role.position,
  offices: role.offices,
});

export async function pipelineRoutes(app: FastifyInstance, ctx: RouteContext) {
  const { storage, now } = ctx;
  const { db } = storage;
  // The pipeline is applications seen by posting: for those who read applications.
  const hiring = needs("submissions:read:application");

  app.get("/admin/api/hiring", hiring, async () => {
    const [roles, counts] = await Promise.all([listRoles(storage), stageCounts(db)]);
    const lines: PipelineRoleAnswer[] = roles.map((role) => ({
      ...roleLine(role),
      ...(counts.byRole.get(role.slug) ?? { counts: noCounts(), total: 0 }),
    }));
    // Applications that name a slug no role has any more still count, under that slug.
    const known = new Set(roles.map((r) => r.slug));
    for (const [slug, line] of counts.byRole) {
      if (known.has(slug)) continue;
      lines.push({ id: null, slug, title: slug, state: "removed", position: "", offices: [], ...line });
    }
    const data: PipelineAnswer = {
      stages: [...stages],
      roles: lines,
      withoutRole: [...counts.byPosition]
        .map(([position, line]) => ({ position, ...line }))
        .sort((a, b) => a.position.localeCompare(b.position)),
    };
    return { status: true, data };
  });

  app.get("/admin/api/hiring/:id", hiring, async (req, reply) => {
    const params = idParams.safeParse(req.params);
    const role = params.success ? await roleById(storage, params.data.id) : undefined;
    if (!role) return notFound(reply);
    const applicants = await roleApplicants(db, role.slug);
    const shown = stages.flatMap((stage) => applicants.filter((a) => a.status === stage).slice(0, shownPerStage));
    const unread = await unreadAmong(
      db,
      staffOf(req).id,
      shown.map((a) => a.id),
    );
    const data: RoleApplicantsAnswer = {
      role: roleLine(role),
      stages: stages.map((stage) => {
        const here = applicants.filter((a) => a.status === stage);
        return {
          stage,
          total: here.length,
          applicants: here.slice(0, shownPerStage).map(({ id, name, created_at, reference }) => ({
            id,
            name,
            created_at,
            reference,
            unread: unread.has(id),
          })),
        };
      }),
    };
    return { status: true, data };
  });

  // Every submission from the address of this one: the address never travels in the URL.
  app.get("/admin/api/submissions/:id/candidate", hiring, async (req, reply) => {
    const found = await visibleSubmission(db, req, reply);
    if (!found) return reply;
    const row = await db.selectFrom("submissions").selectAll().where("id", "=", found.id).executeTakeFirstOrThrow();
    const form = formDefinitions[row.kind];
    const email = emailOf(form, row);
    const submissions = await sameAddress(db, email, kindsOf(staffOf(req)));
    const titles = new Map((await listRoles(storage)).map((r) => [r.slug, r.title]));
    await appendAudit(
      db,
      {
        staff: staffOf(req),
        action: "view",
        submissionId: found.id,
        subject: subjectOf(found),
        detail: `candidate page: ${submissions.map((s) => subjectOf(s)).join(", ")}`,
      },
      now(),
    );
    const data: CandidateAnswer = {
      name: nameOf(form, row),
      email,
      submissions: submissions.map((s) => ({
        ...s,
        role: s.role ? { slug: s.role, title: titles.get(s.role) ?? s.role } : null,
      })),
    };
    return { status: true, data };
  });

  // POST: the inbox's search words may be a name, kept out of URLs and request logs.
  app.post("/admin/api/submissions/:id/neighbours", readsSubmissions, async (req, reply) => {
    const found = await visibleSubmission(db, req, reply);
    if (!found) return reply;
    const body = viewBody.safeParse(req.body ?? {});
    if (!body.success) return fail(reply, 400, "Those filters are not valid.");
    const staff = staffOf(req);
    const view = body.data;
    if (view.hiring !== undefined) {
      if (!maySee(staff, "application")) return forbidden(reply);
      const hiringRole = await roleById(storage, view.hiring);
      if (!hiringRole) return notFound(reply);
      const list = await roleApplicants(db, hiringRole.slug);
      const at = list.findIndex((a) => a.id === found.id);
      const data: NeighboursAnswer =
        at === -1
          ? { previous: null, next: null }
          : { previous: list[at - 1]?.id ?? null, next: list[at + 1]?.id ?? null };
      return { status: true, data };
    }
    if (view.kind && !maySee(staff, view.kind)) return forbidden(reply);
    if ((view.role || view.position) && !maySee(staff, "application")) return forbidden(reply);
    const filter = await withSearchMatches(db, {
      ...view,
      kinds: view.kind ? [view.kind] : kindsOf(staff),
      viewer: staffOf(req).id,
    });
    const { created_at } = await db
      .selectFrom("submissions")
      .select("created_at")
      .where("id", "=", found.id)
      .executeTakeFirstOrThrow();
    const data: NeighboursAnswer = await inboxNeighbours(db, filter, { id: found.id, created_at });
    return { status: true, data };
  });
}
