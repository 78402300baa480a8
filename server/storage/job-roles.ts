/**
 * Open roles in `job_roles` (migration 009): read by the careers pages on every request, changed
 * by HR in the console (server/console/role-routes.ts audits each change). Rows become the
 * contract's JobRole here and nowhere else.
 */
import type { Selectable } from "kysely";
import type { FirstRole } from "../../contracts/careers/first-roles";
import type { JobRole, RoleState } from "../../contracts/careers/roles";
import type { RoleInput } from "../../contracts/careers/role-input";
import type { Storage } from "./db";
import type { JobRolesTable } from "./schema";

type Row = Selectable<JobRolesTable>;

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

export function roleOf(row: Row): JobRole {
  const salary =
    row.salary_min !== null && row.salary_max !== null && row.salary_currency && row.salary_period
      ? {
          min: row.salary_min,
          max: row.salary_max,
          currency: row.salary_currency as NonNullable<JobRole["salary"]>["currency"],
          period: row.salary_period as NonNullable<JobRole["salary"]>["period"],
        }
      : null;
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    position: row.position,
    offices: JSON.parse(row.offices) as JobRole["offices"],
    employmentType: row.employment_type as JobRole["employmentType"],
    workplace: row.workplace as JobRole["workplace"],
    salary,
    description: row.description,
    datePosted: row.date_posted,
    validThrough: row.valid_through,
    state: row.state as RoleState,
    updatedAt: row.updated_at,
  };
}

/** Every role, newest posting first (the console's list). */
export async function listRoles(storage: Storage): Promise<JobRole[]> {
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
export async function publishedRoles(storage: Storage): Promise<JobRole[]> {
  const rows = await storage.db
    .selectFrom("job_roles")
    .selectAll()
    .where("state", "=", "published")
    .orderBy("date_posted", "desc")
    .orderBy("id")
    .execute();
  return rows.map(roleOf);
}

export async function roleBySlug(storage: Storage, slug: string): Promise<JobRole | undefined> {
  const row = await storage.db.selectFrom("job_roles").selectAll().where("slug", "=", slug).executeTakeFirst();
  return row ? roleOf(row) : undefined;
}

export async function roleById(storage: Storage, id: number): Promise<JobRole | undefined> {
  const row = await storage.db.selectFrom("job_roles").selectAll().where("id", "=", id).executeTakeFirst();
  return row ? roleOf(row) : undefined;
}

/**
 * A stamp that changes whenever any role changes (count and latest change): the careers pages'
 * cache compares it instead of re-reading every role.
 */
export async function rolesStamp(storage: Storage): Promise<string> {
  const row = await storage.db
    .selectFrom("job_roles")
    .select((eb) => [eb.fn.countAll<number>().as("n"), eb.fn.max("updated_at").as("latest")])
    .executeTakeFirstOrThrow();
  return `${Number(row.n)}:${row.latest ?? ""}`;
}
