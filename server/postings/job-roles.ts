/**
 * Open roles in `job_roles` (migration 009): read by the careers pages on every request, changed
 * by HR in the console (server/console/role-routes.ts audits each change). Rows become the
 * contract's JobPosting here and nowhere else.
 */
import crypto from "node:crypto";
import type { Kysely, Selectable } from "kysely";
import type { FirstRole } from "../../contracts/careers/first-roles";
import { slugFor, utcDay, type JobPosting, type RoleState } from "../../contracts/careers/roles";
import type { RoleInput } from "../../contracts/careers/role-input";
import type { Storage } from "../db/db";
import type { Database, JobPostingsTable } from "../db/schema";

type Row = Selectable<JobPostingsTable>;

/** A role's columns (without id and created_at), from the contract's shape. */
export function roleRow(role: FirstRole | (RoleInput & { slug: string; state: RoleState }), at: string) {
  return {
    slug: role.slug,
    title: role.title,
    position: role.position,
    offices: JSON.stringify(role.offices),
    employment_type: role.employmentType,
    workplace: role.workplace,
    salary_min: role.salary?.min ?? null,
    salary_max: role.salary?.max ?? null,
    salary_currency: role.salary?.currency ?? null,
    salary_period: role.salary?.period ?? null,
    description: role.description,
    date_posted: role.datePosted,
    valid_through: role.validThrough,
    state: role.state,
    created_at: at,
    updated_at: at,
  };
}

export function roleOf(row: Row): JobPosting {
  const salary =
    row.salary_min !== null && row.salary_max !== null && row.salary_currency && row.salary_period
      ? {
          min: row.salary_min,
          max: row.salary_max,
          currency: row.salary_currency as NonNullable<JobPosting["salary"]>["currency"],
          period: row.salary_period as NonNullable<JobPosting["salary"]>["period"],
        }
      : null;
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    position: row.position,
    offices: JSON.parse(row.offices) as JobPosting["offices"],
    employmentType: row.employment_type as JobPosting["employmentType"],
    workplace: row.workplace as JobPosting["workplace"],
    salary,
    description: row.description,
    datePosted: row.date_posted,
    validThrough: row.valid_through,
    state: row.state as RoleState,
    updatedAt: row.updated_at,
  };
}

/** Every role, newest posting first (the console's list). */
export async function listRoles(storage: Storage): Promise<JobPosting[]> {
  const rows = await storage.db
    .selectFrom("job_roles")
    .selectAll()
    .orderBy("date_posted", "desc")
    .orderBy("id")
    .execute();
  return rows.map(roleOf);
}

/**
 * The published roles, newest posting first. Whether each is open today (posted, not expired)
 * is the caller's question (contracts/careers/roles.ts `isOpen`), asked at request time.
 */
export async function publishedRoles(storage: Storage): Promise<JobPosting[]> {
  const rows = await storage.db
    .selectFrom("job_roles")
    .selectAll()
    .where("state", "=", "published")
    .orderBy("date_posted", "desc")
    .orderBy("id")
    .execute();
  return rows.map(roleOf);
}

export async function roleBySlug(storage: Storage, slug: string): Promise<JobPosting | undefined> {
  const row = await storage.db.selectFrom("job_roles").selectAll().where("slug", "=", slug).executeTakeFirst();
  return row ? roleOf(row) : undefined;
}

export async function roleById(storage: Storage, id: number): Promise<JobPosting | undefined> {
  return byId(storage.db, id);
}

/** By id on any handle: the storage's, or a transaction's (the writes below). */
async function byId(db: Kysely<Database>, id: number): Promise<JobPosting | undefined> {
  const row = await db.selectFrom("job_roles").selectAll().where("id", "=", id).executeTakeFirst();
  return row ? roleOf(row) : undefined;
}

/**
 * A stamp that changes whenever any role changes: the careers pages' cache compares it instead of
 * re-reading every role. It is made from every role's own version stamp, which moves on with each
 * change (nextStamp). The latest stamp alone would miss a change stamped earlier than another
 * role's last one: a server whose clock is a second behind another's, or a clock set back.
 */
export async function rolesStamp(storage: Storage): Promise<string> {
  const rows = await storage.db.selectFrom("job_roles").select(["id", "updated_at"]).orderBy("id").execute();
  const hash = crypto.createHash("sha256");
  let latest = "";
  for (const row of rows) {
    hash.update(`${row.id}@${row.updated_at}\n`);
    if (row.updated_at > latest) latest = row.updated_at;
  }
  return `${rows.length}:${latest}:${hash.digest("base64url").slice(0, 22)}`;
}

// ---------------------------------------------------------------------------------------------
// Changes made by HR in the console (server/console/role-routes.ts). Each takes the `updatedAt`
// the change was based on and writes only if the row still has it (compare-and-set in one
// UPDATE), so of two people editing one role the second is told instead of overwriting the first.
//
// A role's life: created as a draft; published; closed; reopened (published again). Nothing goes
// back to draft, so "has been published" is exactly "is not a draft", and the slug is fixed from
// the first publication on without a column of its own.
// ---------------------------------------------------------------------------------------------

/** The fields HR edits, named as the contract names them (the audit entry lists the changed ones). */
const editedFields = [
  "title",
  "slug",
  "position",
  "offices",
  "employmentType",
  "workplace",
  "salary",
  "description",
  "datePosted",
  "validThrough",
] as const satisfies readonly (keyof JobPosting)[];
export type EditedField = (typeof editedFields)[number];

/** A new role as HR sends it, once the server has settled its slug. */
export type NewRole = RoleInput & { slug: string };

export type RoleWrite =
  | { ok: true; role: JobPosting; changed: EditedField[] }
  | { ok: false; reason: "missing" }
  | { ok: false; reason: "stale"; role: JobPosting }
  | { ok: false; reason: "slug taken"; slug: string; free: string }
  | { ok: false; reason: "slug fixed"; role: JobPosting }
  | { ok: false; reason: "state"; role: JobPosting; move: RoleMove }
  | { ok: false; reason: "expired"; role: JobPosting };

/**
 * The next version stamp of a row: now, or a millisecond after the stamp it replaces when the
 * clock has not moved past it (two saves in one millisecond, or a clock set back), so that a
 * stale `updatedAt` never matches a newer row.
 */
export function nextStamp(previous: string | undefined, now: Date): string {
  const at = now.toISOString();
  if (!previous || at > previous) return at;
  return new Date(Date.parse(previous) + 1).toISOString();
}

/** True when the database refused a row for a unique column (two creates of one slug at once). */
export function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === "23505" || code === "SQLITE_CONSTRAINT_UNIQUE";
}

/** The slug itself when no other role has it, else the first of `<slug>-2`, `<slug>-3`… that is free. */
export async function freeSlug(db: Kysely<Database>, slug: string): Promise<string> {
  const rows = await db.selectFrom("job_roles").select("slug").where("slug", "like", `${slug}%`).execute();
  const taken = new Set(rows.map((r) => r.slug));
  if (!taken.has(slug)) return slug;
  for (let n = 2; ; n++) {
    const suffix = `-${n}`;
    // A slug holds at most 100 characters (roleInput): the suffix takes the end of a long one.
    const candidate = `${slug.slice(0, 100 - suffix.length).replace(/-+$/, "")}${suffix}`;
    if (!taken.has(candidate)) return candidate;
  }
}

/** A new role, always a draft: HR publishes it with publishRole once it reads well. */
export async function createRole(db: Kysely<Database>, input: NewRole, now: Date): Promise<RoleWrite> {
  const free = await freeSlug(db, input.slug);
  if (free !== input.slug) return { ok: false, reason: "slug taken", slug: input.slug, free };
  const row = await db
    .insertInto("job_roles")
    .values(roleRow({ ...input, state: "draft" }, nextStamp(undefined, now)))
    .returningAll()
    .executeTakeFirstOrThrow();
  return { ok: true, role: roleOf(row), changed: [...editedFields] };
}

function changedFields(before: JobPosting, after: NewRole): EditedField[] {
  return editedFields.filter((field) => JSON.stringify(before[field]) !== JSON.stringify(after[field]));
}

/**
 * Saves HR's edit of a role, keeping its state. The slug may change only while the role is a
 * draft: once published, links to /career/<slug> are out in the world (search engines, e-mails).
 * A draft sent without a slug gets one from its title and first office, as a new role does; a
 * published role sent without one keeps its own.
 */
export async function updateRole(
  db: Kysely<Database>,
  id: number,
  edit: RoleInput,
  basedOn: string,
  now: Date,
): Promise<RoleWrite> {
  const current = await byId(db, id);
  if (!current) return { ok: false, reason: "missing" };
  if (current.updatedAt !== basedOn) return { ok: false, reason: "stale", role: current };
  const automatic = current.state === "draft" ? slugFor(edit.title, edit.offices) : current.slug;
  const input = { ...edit, slug: edit.slug ?? automatic };
  if (input.slug !== current.slug) {
    if (current.state !== "draft") return { ok: false, reason: "slug fixed", role: current };
    const free = await freeSlug(db, input.slug);
    if (free !== input.slug) return { ok: false, reason: "slug taken", slug: input.slug, free };
  }
  const changed = changedFields(current, input);
  if (changed.length === 0) return { ok: true, role: current, changed };
  const { created_at: _, ...columns } = roleRow({ ...input, state: current.state }, nextStamp(current.updatedAt, now));
  return written(db, id, basedOn, columns, changed);
}

/** The one UPDATE that writes only over the version the change was based on. */
async function written(
  db: Kysely<Database>,
  id: number,
  basedOn: string,
  columns: Partial<Omit<Row, "id" | "created_at">>,
  changed: EditedField[],
): Promise<RoleWrite> {
  const row = await db
    .updateTable("job_roles")
    .set(columns)
    .where("id", "=", id)
    .where("updated_at", "=", basedOn)
    .returningAll()
    .executeTakeFirst();
  if (row) return { ok: true, role: roleOf(row), changed };
  // Another writer got there between the read and the write (PostgreSQL re-checks the WHERE
  // after waiting for that writer's lock).
  const now = await byId(db, id);
  return now ? { ok: false, reason: "stale", role: now } : { ok: false, reason: "missing" };
}

/** The three moves between states, and the state each starts from. */
export const roleMoves = {
  publish: { from: "draft", to: "published" },
  close: { from: "published", to: "closed" },
  reopen: { from: "closed", to: "published" },
} as const satisfies Record<string, { from: RoleState; to: RoleState }>;
export type RoleMove = keyof typeof roleMoves;

/**
 * Publishes, closes or reopens a role, at once. A role whose last day has passed is not
 * published (or reopened): it would go live already expired; HR sets a later date first.
 */
export async function moveRole(
  db: Kysely<Database>,
  id: number,
  move: RoleMove,
  basedOn: string,
  now: Date,
): Promise<RoleWrite> {
  const current = await byId(db, id);
  if (!current) return { ok: false, reason: "missing" };
  if (current.updatedAt !== basedOn) return { ok: false, reason: "stale", role: current };
  const { from, to } = roleMoves[move];
  if (current.state !== from) return { ok: false, reason: "state", role: current, move };
  if (to === "published" && current.validThrough < utcDay(now)) return { ok: false, reason: "expired", role: current };
  return written(db, id, basedOn, { state: to, updated_at: nextStamp(current.updatedAt, now) }, []);
}
