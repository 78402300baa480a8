/**
 * Retention shown and acted on (issue 26, docs/decisions/033): the applications due for deletion
 * soon, and the candidate's consent to be kept for future roles as the team records it when the
 * candidate answers the e-mail the due list prepares.
 */
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import type { DueAnswer, StatusAnswer } from "../../contracts/console-answers";
import { futureRolesConsent } from "../../contracts/forms/application";
import { emailOf } from "../../contracts/forms/address";
import { formDefinitions, nameOf, summaryOf } from "../../contracts/forms/index";
import { dueWithinDays } from "../../contracts/staff-console";
import { isDue } from "../retention/application-retention";
import { hasRunOut } from "../retention/expired-rows";
import { periodEnd } from "../retention/retention-policy";
import { needs } from "./access";
import { appendAudit } from "./audit";
import { fail, notFound, staffOf } from "./http";
import type { RouteContext } from "./route-context";
import { deletionOf, subjectOf } from "./views/submission-view";
import { visibleSubmission } from "./visible-submission";

const day = 86_400_000;
const form = formDefinitions.application;

/**
 * A consent the candidate gave by replying to the team's e-mail rather than by ticking the box:
 * stored with its own prefix, so the console and an export tell the two apart.
 */
export const consentByEmail = `e-mail:${futureRolesConsent.version}`;

export async function dueRoutes(app: FastifyInstance, ctx: RouteContext) {
  const { storage, now, config } = ctx;
  const { db } = storage;

  app.get("/admin/api/due", needs("applications:retention"), async (req) => {
    const at = now();
    const until = new Date(at.getTime() + dueWithinDays * day);
    // Only a hired candidate's application can go sooner than its period after arrival: others
    // younger than that are not read. The rule itself decides (application-retention.ts).
    const rows = await db
      .selectFrom("submissions")
      .selectAll()
      .where("kind", "=", "application")
      .where("spam", "=", 0)
      .where((eb) =>
        eb.or([eb("status", "=", "hired"), hasRunOut(eb, "created_at", "applications", until, config.retention)]),
      )
      .execute();
    const due = rows
      .filter((r) => isDue(r, until, config.retention))
      .map((r) => ({
        id: r.id,
        reference: r.reference,
        name: nameOf(form, r),
        email: emailOf(form, r),
        about: summaryOf(form, r),
        status: r.status,
        created_at: r.created_at,
        consented: r.future_roles_consent !== null,
        deletion: deletionOf(r, config.retention),
        kept_until: periodEnd("futureRoles", new Date(r.created_at), config.retention).toISOString(),
      }))
      .sort((a, b) => a.deletion.at.localeCompare(b.deletion.at) || a.id - b.id);
    // Names and addresses listed: recorded as the CLI's lists are, by count, without them.
    await appendAudit(
      db,
      { staff: staffOf(req), action: "list", detail: `due for deletion: ${due.length} application(s)` },
      at,
    );
    return { status: true, data: { days: dueWithinDays, rows: due } satisfies DueAnswer };
  });

  // The candidate answered yes (or withdrew): recorded by the team, audited, the date moved.
  app.post("/admin/api/submissions/:id/future-roles", needs("applications:retention"), async (req, reply) => {
    // An id the person may not have (quarantined, another kind) answers as missing before the
    // body is read, so a bad body reveals nothing either (quarantine-visibility.test.ts).
    const visible = await visibleSubmission(db, req, reply);
    if (!visible) return;
    if (visible.kind !== "application") return notFound(reply);
    const body = z.object({ consent: z.boolean() }).safeParse(req.body);
    if (!body.success) return fail(reply, 400, "Say whether the candidate consents.");
    const saved = await db
      .updateTable("submissions")
      .set({ future_roles_consent: body.data.consent ? consentByEmail : null })
      .where("id", "=", visible.id)
      .where("kind", "=", "application")
      .where("spam", "=", 0)
      .returning(["id", "reference", "kind", "status", "created_at", "decided_at", "future_roles_consent"])
      .executeTakeFirst();
    if (!saved) return notFound(reply);
    const deletion = deletionOf(saved, config.retention);
    await appendAudit(
      db,
      {
        staff: staffOf(req),
        action: "future roles",
        submissionId: saved.id,
        subject: subjectOf(saved),
        detail: `${body.data.consent ? "consent recorded" : "consent withdrawn"}; deletion date ${deletion.at.slice(0, 10)}`,
      },
      now(),
    );
    return { status: true, data: { status: saved.status, deletion } satisfies StatusAnswer };
  });
}
