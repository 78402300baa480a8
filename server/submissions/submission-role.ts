/**
 * The role an application was sent for, named for the team's views and the candidate's
 * confirmation: its slug and its title as HR wrote it, read from `job_roles` when a message is
 * written or a record shown. Only the slug is stored with the application, so no copy of the
 * title is made (a renamed role is named as it reads now).
 */
import type { Kysely } from "kysely";
import type { NamedRole } from "../../contracts/careers/applied-role";
import type { Database } from "../db/schema";

export async function namedRole(db: Kysely<Database>, slug: string | null): Promise<NamedRole | null> {
  if (!slug) return null;
  const row = await db.selectFrom("job_roles").select(["slug", "title"]).where("slug", "=", slug).executeTakeFirst();
  return row ?? null;
}

/** The titles of several roles by slug, in one query (a page of an export). */
export async function roleTitles(
  db: Kysely<Database>,
  slugs: readonly (string | null)[],
): Promise<Map<string, string>> {
  const wanted = [...new Set(slugs.filter((s): s is string => !!s))];
  if (wanted.length === 0) return new Map();
  const rows = await db.selectFrom("job_roles").select(["slug", "title"]).where("slug", "in", wanted).execute();
  return new Map(rows.map((r) => [r.slug, r.title]));
}
