/**
 * Roles that HR edits (issue 26), for hr and admin: list, read, create (a draft), save, publish,
 * close and reopen. Every change is based on the version the person opened (`updatedAt`) and is
 * refused with 409 when the role changed since, so nobody overwrites a colleague's edit unseen.
 * Each change and its audit entry are written in one transaction: subject the role's title,
 * detail the fields that changed (roles hold no personal data). The description goes out as the
 * Markdown HR typed, never as HTML; the console's preview renders it as the site does.
 */
import type { FastifyInstance, FastifyReply } from "fastify";
import { z } from "zod";
import type { RoleDetailAnswer, RoleFieldErrors, RolesAnswer } from "../../contracts/console-answers";
import { isOpen, rolePath, slugFor, utcDay, type JobPosting, type RoleState } from "../../contracts/careers/roles";
import { roleInput, type RoleInput } from "../../contracts/careers/role-input";
import { renderedDescription } from "../../contracts/careers/role-markdown";
import { offeredPositions } from "../postings/positions";
import {
  createRole,
  freeSlug,
  isUniqueViolation,
  listRoles,
  moveRole,
  roleById,
  roleMoves,
  updateRole,
  type RoleMove,
  type RoleWrite,
} from "../postings/job-roles";
import type { TransactionWork } from "../db/group-commit";
import { needs } from "./access";
import { appendAudit, type AuditAction } from "./audit";
import { notFound, staffOf, idParams } from "./http";
import type { RouteContext } from "./route-context";

const hiring = needs("postings:edit");
const basedOn = z.object({ updatedAt: z.string().min(1).max(40) });

export const staleMessage = "Someone else changed this role since you opened it. Reload to see their change.";

/**
 * Plain words for the fields whose rule in roleInput has no message of its own (a missing
 * field, a value outside a list, a malformed date); roleInput's own messages come first.
 */
const fieldWords: Record<string, string> = {
  title: "Give the role a title of 3 to 120 characters.",
  slug: "Keep the address to 100 characters: lower-case letters, digits and single hyphens.",
  position: "Choose one of the form's positions.",
  offices: "Choose at least one office.",
  employmentType: "Choose the employment type.",
  workplace: "Choose where the work is done: on-site, hybrid or remote.",
  salary: "Give all four parts of the salary, or leave all four empty.",
  "salary.min": "Give the bottom of the range as a whole number above 0.",
  "salary.max": "Give the top of the range as a whole number above 0.",
  "salary.currency": "Choose the salary's currency.",
  "salary.period": "Choose what the salary is paid per: year, month, day or hour.",
  description: "Describe the role in 80 to 20,000 characters.",
  datePosted: "Give the posting date as a date.",
  validThrough: "Give the closing date as a date.",
};

/** The field an issue belongs to, as the page names its fields: `offices` for any office, `salary.min`. */
function fieldOf(path: readonly PropertyKey[]): string {
  const [first, second] = path.map(String);
  if (first === "salary" && second) return `salary.${second}`;
  return first ?? "form";
}

function parseRole(body: unknown): { ok: true; input: RoleInput } | { ok: false; errors: RoleFieldErrors } {
  const parsed = roleInput.safeParse(body, { error: (issue) => fieldWords[fieldOf(issue.path ?? [])] });
  if (parsed.success) {
    // A description the page cannot render would answer 500 there: refused here, under its field.
    const rendered = renderedDescription(parsed.data.description);
    return rendered.ok ? { ok: true, input: parsed.data } : { ok: false, errors: { description: rendered.problem } };
  }
  const errors: RoleFieldErrors = {};
  for (const issue of parsed.error.issues) errors[fieldOf(issue.path)] ??= issue.message;
  return { ok: false, errors };
}

function refuse(reply: FastifyReply, code: number, message: string, errors?: RoleFieldErrors) {
  return reply.code(code).send({ status: false, message, ...(errors ? { errors } : {}) });
}

const pastTense = { publish: "published", close: "closed", reopen: "reopened" } as const satisfies Record<
  RoleMove,
  string
>;

const stateWords = { draft: "a draft", published: "published", closed: "closed" } as const satisfies Record<
  RoleState,
  string
>;

export async function roleRoutes(app: FastifyInstance, ctx: RouteContext) {
  const { storage, now, config } = ctx;
  /**
   * The positions a role may take: those the form offers now (the positions table), and the
   * role's own when it has been retired since, so saving the role does not force a change.
   */
  const settings = async (role?: Pick<JobPosting, "position">) => {
    const offered = await offeredPositions(storage);
    const positions = role && !offered.includes(role.position) ? [...offered, role.position] : offered;
    return { siteUrl: config.siteUrl, positions };
  };
  /** The fields' errors with the position checked against the live list. */
  async function positionProblem(input: RoleInput, current?: JobPosting): Promise<RoleFieldErrors | undefined> {
    const { positions } = await settings(current);
    return positions.includes(input.position) ? undefined : { position: fieldWords.position! };
  }

  const standing = (role: Pick<JobPosting, "state" | "datePosted" | "validThrough">, at: Date) => ({
    open: isOpen(role, at),
    expired: role.state === "published" && role.validThrough < utcDay(at),
  });
  const detail = async (role: JobPosting, at: Date): Promise<RoleDetailAnswer> => ({
    role,
    ...(await settings(role)),
    ...standing(role, at),
  });

  /** The answer to a refused or done change. */
  async function answer(reply: FastifyReply, outcome: RoleWrite, at: Date, created = false) {
    if (outcome.ok) return reply.code(created ? 201 : 200).send({ status: true, data: await detail(outcome.role, at) });
    switch (outcome.reason) {
      case "missing":
        return notFound(reply);
      case "stale":
        return refuse(reply, 409, staleMessage);
      case "slug taken": {
        const message = `The address ${rolePath(outcome.slug)} belongs to another role. Use ${rolePath(outcome.free)}, or choose another.`;
        return reply.code(409).send({ status: false, message, errors: { slug: message }, free: outcome.free });
      }
      case "slug fixed": {
        const message = `This role has been published, so its address stays ${rolePath(outcome.role.slug)}: links to it are already out.`;
        return refuse(reply, 400, message, { slug: message });
      }
      case "state":
        return refuse(
          reply,
          409,
          `Only a ${roleMoves[outcome.move].from} role can be ${pastTense[outcome.move]}; this one is ${stateWords[outcome.role.state]}. Reload to see it as it is.`,
        );
      case "expired": {
        const message = `This role's closing date, ${outcome.role.validThrough}, has passed, so it cannot go live. Set a later closing date, save, and try again.`;
        return refuse(reply, 400, message, { validThrough: "Set a closing date that has not passed." });
      }
    }
  }

  /**
   * Runs a change and its audit entry in one transaction. `slug` is the address the change asks
   * for: when another request took it at the same moment, the database's unique index refuses
   * this one, and the answer is the same 409 as when it was taken before.
   */
  async function change(
    reply: FastifyReply,
    work: TransactionWork<RoleWrite>,
    entry: (role: JobPosting, changed: readonly string[]) => { action: AuditAction; detail: string } | undefined,
    opts: { staff: { id: number; name: string }; at: Date; slug: string; created?: boolean },
  ) {
    let outcome: RoleWrite;
    try {
      outcome = await storage.transaction(async (trx) => {
        const done = await work(trx);
        const audited = done.ok ? entry(done.role, done.changed) : undefined;
        if (done.ok && audited)
          await appendAudit(trx, { staff: opts.staff, subject: done.role.title, ...audited }, opts.at);
        return done;
      });
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      outcome = { ok: false, reason: "slug taken", slug: opts.slug, free: await freeSlug(storage.db, opts.slug) };
    }
    return answer(reply, outcome, opts.at, opts.created);
  }

  app.get("/admin/api/roles", hiring, async () => {
    const at = now();
    const roles = await listRoles(storage);
    // Drafts and published roles first (the ones HR works on), closed ones after; each group
    // newest posting first (listRoles' order, kept by the stable sort).
    const rank = (role: JobPosting) => (role.state === "closed" ? 1 : 0);
    const rows = [...roles]
      .sort((a, b) => rank(a) - rank(b))
      .map((role) => ({
        id: role.id,
        slug: role.slug,
        title: role.title,
        offices: role.offices,
        employmentType: role.employmentType,
        workplace: role.workplace,
        state: role.state,
        datePosted: role.datePosted,
        validThrough: role.validThrough,
        ...standing(role, at),
      }));
    return { status: true, data: { roles: rows, ...(await settings()) } satisfies RolesAnswer };
  });

  app.get("/admin/api/roles/:id", hiring, async (req, reply) => {
    const params = idParams.safeParse(req.params);
    if (!params.success) return notFound(reply);
    const role = await roleById(storage, params.data.id);
    if (!role) return notFound(reply);
    return { status: true, data: await detail(role, now()) };
  });

  app.post("/admin/api/roles", hiring, async (req, reply) => {
    const parsed = parseRole(req.body);
    if (!parsed.ok) return refuse(reply, 400, "Some fields need a change before the role can be saved.", parsed.errors);
    const unknown = await positionProblem(parsed.input);
    if (unknown) return refuse(reply, 400, "Some fields need a change before the role can be saved.", unknown);
    const input = { ...parsed.input, slug: parsed.input.slug ?? slugFor(parsed.input.title, parsed.input.offices) };
    const at = now();
    return change(
      reply,
      (trx) => createRole(trx, input, at),
      (role) => ({ action: "role created", detail: `draft at ${rolePath(role.slug)}` }),
      { staff: staffOf(req), at, slug: input.slug, created: true },
    );
  });

  app.post("/admin/api/roles/:id", hiring, async (req, reply) => {
    const params = idParams.safeParse(req.params);
    if (!params.success) return notFound(reply);
    const version = basedOn.safeParse(req.body);
    if (!version.success)
      return refuse(reply, 400, "Reload the role: this save does not say which version it changes.");
    const parsed = parseRole(req.body);
    if (!parsed.ok) return refuse(reply, 400, "Some fields need a change before the role can be saved.", parsed.errors);
    const unknown = await positionProblem(parsed.input, await roleById(storage, params.data.id));
    if (unknown) return refuse(reply, 400, "Some fields need a change before the role can be saved.", unknown);
    const at = now();
    return change(
      reply,
      (trx) => updateRole(trx, params.data.id, parsed.input, version.data.updatedAt, at),
      (role, changed) =>
        changed.length === 0
          ? undefined
          : {
              action: "role changed",
              detail: `changed: ${changed.join(", ")}${changed.includes("slug") ? `; now at ${rolePath(role.slug)}` : ""}`,
            },
      {
        staff: staffOf(req),
        at,
        // A draft without a typed address gets the automatic one (updateRole).
        slug: parsed.input.slug ?? slugFor(parsed.input.title, parsed.input.offices),
      },
    );
  });

  for (const move of Object.keys(roleMoves) as RoleMove[]) {
    app.post(`/admin/api/roles/:id/${move}`, hiring, async (req, reply) => {
      const params = idParams.safeParse(req.params);
      if (!params.success) return notFound(reply);
      const version = basedOn.safeParse(req.body);
      if (!version.success)
        return refuse(
          reply,
          400,
          `Reload the role: this request does not say which version is to be ${pastTense[move]}.`,
        );
      // A role goes live only with a position the form offers: its page's form starts on it.
      const role = move === "close" ? undefined : await roleById(storage, params.data.id);
      if (role && !(await offeredPositions(storage)).includes(role.position)) {
        const message = `The form no longer offers the position ${role.position}. Choose another position, save, and try again.`;
        return refuse(reply, 400, message, { position: message });
      }
      const at = now();
      return change(
        reply,
        (trx) => moveRole(trx, params.data.id, move, version.data.updatedAt, at),
        (role) => ({ action: `role ${pastTense[move]}`, detail: rolePath(role.slug) }),
        { staff: staffOf(req), at, slug: "" },
      );
    });
  }
}
