/**
 * For `people:manage` (administrators): the people who may use the console, their passkeys and
 * pending invitations, and the staff roles an invitation may give. Taking access away is complete
 * and immediate: revoking a person revokes their passkeys, cancels their pending invitations and
 * ends their sessions in one transaction; revoking a passkey ends the sessions it opened. A later invitation gives the person a new passkey and
 * never brings an old one back. Nobody can revoke themselves, the last administrator, or their
 * own last passkey.
 */
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import type { InvitationLinkAnswer, PeopleAnswer, RevocationAnswer } from "../../contracts/console-answers";
import { needs } from "./access";
import { appendAudit } from "./audit";
import { fail, notFound, staffOf, idParams } from "./http";
import {
  cancelInvitation,
  cancelInvitationsFor,
  AlreadyStaffError,
  createInvitation,
  invitationLifetimeMs,
  invitationLink,
  pendingInvitations,
} from "./invitations";
import { createTransport } from "../mail/transport";
import { invitationSendLimitMs, sendInvitation } from "../mail/invitation-mail";
import type { RouteContext } from "./route-context";
import { isStaffRole, labelOf, staffRoleNames, type StaffRoleTable } from "../../contracts/staff/permissions";
import { endAllSessions, endPasskeySessions } from "./sessions";
import { forUpdate } from "../db/dialect";

const managers = needs("people:manage");
const keyParams = z.object({ id: z.string().min(1).max(512) });
const confirmed = z.object({ confirm: z.literal(true) });
const invitationBody = (table: StaffRoleTable) =>
  z.object({
    email: z.string().trim().pipe(z.email("Enter the person's work e-mail address.").max(254)),
    name: z
      .string()
      .trim()
      .min(1, "Enter the person's name.")
      .max(100, "Keep the name under 100 characters.")
      // A name is shown on every page of the console and in the audit log: one plain line.
      .regex(/^[^\p{Cc}\p{Cf}]*$/u, "Write the name on one line, without control characters."),
    role: z.string("Choose a role.").refine((role) => isStaffRole(role, table), "Choose a role."),
  });

export async function peopleRoutes(app: FastifyInstance, ctx: RouteContext) {
  const { storage, now, config, staffRoles } = ctx;
  const { db } = storage;
  const invitation = invitationBody(staffRoles);
  // Its own transport with a short limit: a person waits on the send (OUTBOX_SEND_TIMEOUT_MS is for the worker).
  const transport = createTransport({
    smtpUrl: config.smtpUrl,
    dataDir: config.dataDir,
    sendTimeoutMs: Math.min(invitationSendLimitMs, config.outbox.sendTimeoutMs),
  });
  app.addHook("onClose", () => transport.close());
  const labelled = <T extends { role: string }>(row: T) => ({ ...row, roleLabel: labelOf(row.role, staffRoles) });

  app.get("/admin/api/people", managers, async () => {
    const people = await db
      .selectFrom("staff")
      .select(["id", "email", "name", "role", "created_at", "revoked_at"])
      .orderBy("name")
      .execute();
    const keys = await db
      .selectFrom("passkeys")
      .select(["id", "staff_id", "created_at", "last_used_at", "revoked_at"])
      .orderBy("created_at")
      .execute();
    const data: PeopleAnswer = {
      people: people.map((p) => ({
        ...labelled(p),
        passkeys: keys.filter((k) => k.staff_id === p.id).map(({ staff_id: _, ...k }) => k),
      })),
      invitations: (await pendingInvitations(db, now())).map(labelled),
      // The role that permits least first: the invite form offers it unless another is chosen.
      roles: staffRoleNames(staffRoles)
        .sort((a, b) => staffRoles[a]!.permissions.length - staffRoles[b]!.permissions.length)
        .map((name) => ({ name, label: labelOf(name, staffRoles) })),
    };
    return { status: true, data };
  });

  app.post("/admin/api/invitations", managers, async (req, reply) => {
    const body = invitation.safeParse(req.body);
    if (!body.success) return fail(reply, 400, body.error.issues[0]!.message);
    const email = body.data.email.toLowerCase();
    const staff = staffOf(req);
    const at = now();
    let token: string;
    try {
      token = await createInvitation(db, { ...body.data, email }, at, staff.id);
    } catch (error) {
      if (error instanceof AlreadyStaffError) return fail(reply, 409, error.message);
      throw error;
    }
    const link = invitationLink(config.admin.origin, token);
    // E-mailed now, while the administrator waits (decision 072): nothing keeps the link to retry from.
    const mailProblem = await sendInvitation(transport, config.mail.from, {
      to: email,
      name: body.data.name,
      roleLabel: labelOf(body.data.role, staffRoles),
      invitedBy: staff.name,
      link,
      expiresAt: new Date(at.getTime() + invitationLifetimeMs),
    });
    if (mailProblem) req.log.warn({ problem: mailProblem }, "invitation e-mail not sent");
    await appendAudit(
      db,
      {
        staff,
        action: "invitation",
        subject: email,
        detail: `role ${body.data.role}, from the console; ${mailProblem ? `not e-mailed: ${mailProblem}` : "e-mailed"}`,
      },
      now(),
    );
    // The link is shown once, to the administrator who made it; the database keeps its hash.
    const data: InvitationLinkAnswer = { link, mailed: !mailProblem, mailProblem: mailProblem ?? null };
    return reply.code(201).send({ status: true, data });
  });

  app.post("/admin/api/invitations/:id/cancel", managers, async (req, reply) => {
    const id = keyParams.safeParse(req.params);
    if (!id.success) return notFound(reply);
    const email = await cancelInvitation(db, id.data.id, now());
    if (!email) return fail(reply, 404, "That invitation has been used, cancelled or has expired.");
    await appendAudit(db, { staff: staffOf(req), action: "cancel invitation", subject: email }, now());
    return { status: true };
  });

  app.post("/admin/api/people/:id/revoke", managers, async (req, reply) => {
    const params = idParams.safeParse(req.params);
    if (!params.success) return notFound(reply);
    if (!confirmed.safeParse(req.body).success) return fail(reply, 400, "Confirm the revocation first.");
    const person = await db
      .selectFrom("staff")
      .select(["id", "email"])
      .where("id", "=", params.data.id)
      .executeTakeFirst();
    if (!person) return notFound(reply);
    if (person.id === staffOf(req).id)
      return fail(reply, 400, "You cannot revoke yourself; ask another administrator.");
    const at = now().toISOString();
    const caller = staffOf(req).id;
    // The caller is an administrator who cannot revoke themselves, so an administrator always
    // remains, even when two revoke each other at once: both rows are locked in id order (on
    // PostgreSQL; SQLite runs transactions one after another), and the second finds its own
    // access gone.
    const outcome = await storage.transaction(async (trx) => {
      const rows = trx
        .selectFrom("staff")
        .select(["id", "revoked_at"])
        .where("id", "in", [caller, person.id])
        .orderBy("id");
      const locked = await forUpdate(storage.dialect, rows).execute();
      if (locked.find((r) => r.id === caller)?.revoked_at !== null) return undefined;
      await trx.updateTable("staff").set({ revoked_at: at }).where("id", "=", person.id).execute();
      const keys = await trx
        .updateTable("passkeys")
        .set({ revoked_at: at })
        .where("staff_id", "=", person.id)
        .where("revoked_at", "is", null)
        .executeTakeFirst();
      const invitations = await cancelInvitationsFor(trx, person, now());
      const sessions = await endAllSessions(trx, person.id);
      return { passkeys: Number(keys.numUpdatedRows), invitations, sessions } satisfies RevocationAnswer;
    });
    if (!outcome) return fail(reply, 401, "Your access was revoked while this was being done.");
    await appendAudit(
      db,
      {
        staff: staffOf(req),
        action: "revoke person",
        subject: person.email,
        detail: `${outcome.passkeys} passkey(s), ${outcome.invitations} pending invitation(s), ${outcome.sessions} session(s)`,
      },
      now(),
    );
    return { status: true, data: outcome };
  });

  app.post("/admin/api/passkeys/:id/revoke", managers, async (req, reply) => {
    const id = keyParams.safeParse(req.params);
    if (!id.success) return notFound(reply);
    if (!confirmed.safeParse(req.body).success) return fail(reply, 400, "Confirm the revocation first.");
    const key = await db
      .selectFrom("passkeys")
      .innerJoin("staff", "staff.id", "passkeys.staff_id")
      .select(["passkeys.id", "passkeys.staff_id", "passkeys.created_at", "staff.email"])
      .where("passkeys.id", "=", id.data.id)
      .where("passkeys.revoked_at", "is", null)
      .executeTakeFirst();
    if (!key) return fail(reply, 404, "That passkey does not exist or is already revoked.");
    const self = key.staff_id === staffOf(req).id;
    const revoked = await storage.transaction(async (trx) => {
      if (self) {
        const mine = await trx
          .selectFrom("passkeys")
          .select((eb) => eb.fn.countAll<number>().as("n"))
          .where("staff_id", "=", key.staff_id)
          .where("revoked_at", "is", null)
          .executeTakeFirstOrThrow();
        if (Number(mine.n) <= 1) return false;
      }
      await trx.updateTable("passkeys").set({ revoked_at: now().toISOString() }).where("id", "=", key.id).execute();
      await endPasskeySessions(trx, key.id);
      return true;
    });
    if (!revoked) return fail(reply, 400, "This is your last passkey; create another before revoking this one.");
    await appendAudit(
      db,
      {
        staff: staffOf(req),
        action: "revoke passkey",
        subject: key.email,
        detail: `passkey created ${key.created_at.slice(0, 16).replace("T", " ")} UTC`,
      },
      now(),
    );
    return { status: true };
  });
}
