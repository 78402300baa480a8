/**
 * The application form's positions (migration 016-positions; docs/decisions/040). Read by the
 * careers pages and the application endpoint on every request (a few short rows), by the role
 * editor and the inbox; changed by admins in the console (server/console/position-routes.ts,
 * which audits each change in the same transaction).
 */
import crypto from "node:crypto";
import type { Kysely, Selectable } from "kysely";
import { applicationFormWith, positionKey } from "../../contracts/careers/positions";
import type { FormDefinition } from "../../contracts/forms/index";
import type { Storage } from "../db/db";
import { isUniqueViolation, nextStamp } from "./job-roles";
import type { Database, PositionsTable } from "../db/schema";

export type PositionRow = Selectable<PositionsTable>;

/** Every position in the form's order, retired ones included (the console, filters, search). */
export async function allPositions(db: Kysely<Database>): Promise<PositionRow[]> {
  return db.selectFrom("positions").selectAll().orderBy("sort_order").orderBy("id").execute();
}

/** The names the public form offers now, in its order: what its validator accepts. */
export async function offeredPositions(storage: Storage): Promise<string[]> {
  const rows = await storage.db
    .selectFrom("positions")
    .select("name")
    .where("retired_at", "is", null)
    .orderBy("sort_order")
    .orderBy("id")
    .execute();
  return rows.map((r) => r.name);
}

/**
 * A stamp that moves with any change of the positions, for the careers pages' cache (their form
 * offers the positions): count, latest change and a hash of every row's version, as rolesStamp.
 */
export async function positionsStamp(storage: Storage): Promise<string> {
  const rows = await storage.db.selectFrom("positions").select(["id", "updated_at"]).orderBy("id").execute();
  const hash = crypto.createHash("sha256");
  let latest = "";
  for (const row of rows) {
    hash.update(`${row.id}@${row.updated_at}\n`);
    if (row.updated_at > latest) latest = row.updated_at;
  }
  return `${rows.length}:${latest}:${hash.digest("base64url").slice(0, 22)}`;
}

export type PositionWrite =
  | { ok: true; position: PositionRow }
  | { ok: false; reason: "taken"; name: string }
  | { ok: false; reason: "missing" }
  | { ok: false; reason: "in use"; roles: string[] };

/** A new position, offered at the end of the form's list. Unique ignoring case and accents. */
export async function addPosition(db: Kysely<Database>, name: string, now: Date): Promise<PositionWrite> {
  const key = positionKey(name);
  const same = await db.selectFrom("positions").select("name").where("name_key", "=", key).executeTakeFirst();
  if (same) return { ok: false, reason: "taken", name: same.name };
  const last = await db
    .selectFrom("positions")
    .select((eb) => eb.fn.max("sort_order").as("last"))
    .executeTakeFirst();
  const at = nextStamp(undefined, now);
  try {
    const position = await db
      .insertInto("positions")
      .values({
        name,
        name_key: key,
        sort_order: Number(last?.last ?? 0) + 1,
        retired_at: null,
        created_at: at,
        updated_at: at,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    return { ok: true, position };
  } catch (error) {
    // Two admins adding one name at once: the unique index settles it.
    if (isUniqueViolation(error)) return { ok: false, reason: "taken", name };
    throw error;
  }
}

/**
 * Takes a position off the public form, or offers it again. Applications and roles keep naming
 * it, and the inbox still filters by it. A position that a published role names is not retired:
 * the role's page would offer a form whose chosen position the server refuses.
 */
export async function setRetired(
  db: Kysely<Database>,
  id: number,
  retired: boolean,
  now: Date,
): Promise<PositionWrite> {
  const row = await db.selectFrom("positions").selectAll().where("id", "=", id).executeTakeFirst();
  if (!row) return { ok: false, reason: "missing" };
  if (retired === (row.retired_at !== null)) return { ok: true, position: row };
  if (retired) {
    const roles = await db
      .selectFrom("job_roles")
      .select("title")
      .where("position", "=", row.name)
      .where("state", "=", "published")
      .orderBy("id")
      .execute();
    if (roles.length > 0) return { ok: false, reason: "in use", roles: roles.map((r) => r.title) };
  }
  const at = nextStamp(row.updated_at, now);
  const position = await db
    .updateTable("positions")
    .set({ retired_at: retired ? at : null, updated_at: at })
    .where("id", "=", id)
    .returningAll()
    .executeTakeFirstOrThrow();
  return { ok: true, position };
}

/** How many applications and roles name each position (the console's list). */
export async function positionUse(db: Kysely<Database>): Promise<Map<string, { applications: number; roles: number }>> {
  const use = new Map<string, { applications: number; roles: number }>();
  const entry = (name: string) => use.get(name) ?? use.set(name, { applications: 0, roles: 0 }).get(name)!;
  const applications = await db
    .selectFrom("submissions")
    .select(["position", (eb) => eb.fn.countAll<number>().as("n")])
    .where("kind", "=", "application")
    .where("spam", "=", 0)
    .where("position", "is not", null)
    .groupBy("position")
    .execute();
  for (const row of applications) entry(row.position!).applications = Number(row.n);
  const roles = await db
    .selectFrom("job_roles")
    .select(["position", (eb) => eb.fn.countAll<number>().as("n")])
    .groupBy("position")
    .execute();
  for (const row of roles) entry(row.position).roles = Number(row.n);
  return use;
}

/**
 * A form with every position as the application's choices, retired ones included, for what names a
 * stored application's position (the confirmation e-mail): it was on the form when it was sent.
 * Other forms come back as they are.
 */
export async function formWithAllPositions(db: Kysely<Database>, form: FormDefinition): Promise<FormDefinition> {
  if (form.kind !== "application") return form;
  return applicationFormWith(
    (await allPositions(db)).map((p) => p.name),
    form,
  );
}
