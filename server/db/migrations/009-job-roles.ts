/** Migration 009-job-roles, under the name Kysely has recorded in every database that ran it. */
import { type Kysely, type Migration, sql } from "kysely";
import { firstRoles, type FirstRole } from "../../../contracts/careers/first-roles";
import { columnTypes, type Dialect } from "../dialect";

export function jobRolesMigration(dialect: Dialect): Migration {
  const { id } = columnTypes(dialect);
  return {
    async up(db: Kysely<unknown>) {
      // Roles are data HR edits in the console (issue 26; contracts/careers/roles.ts).
      await db.schema
        .createTable("job_roles")
        .addColumn("id", sql.raw(id))
        .addColumn("slug", "text", (c) => c.notNull().unique())
        .addColumn("title", "text", (c) => c.notNull())
        .addColumn("position", "text", (c) => c.notNull())
        // JSON array of office cities.
        .addColumn("offices", "text", (c) => c.notNull())
        .addColumn("employment_type", "text", (c) => c.notNull())
        .addColumn("workplace", "text", (c) => c.notNull())
        .addColumn("salary_min", "integer")
        .addColumn("salary_max", "integer")
        .addColumn("salary_currency", "text")
        .addColumn("salary_period", "text")
        .addColumn("description", "text", (c) => c.notNull())
        .addColumn("date_posted", "text", (c) => c.notNull())
        .addColumn("valid_through", "text", (c) => c.notNull())
        .addColumn("state", "text", (c) => c.notNull().defaultTo("draft"))
        .addColumn("created_at", "text", (c) => c.notNull())
        .addColumn("updated_at", "text", (c) => c.notNull())
        .execute();
      await db.schema.createIndex("job_roles_state").on("job_roles").column("state").execute();
      // Today's five roles, as they were in app/content/job-openings.ts, published.
      const at = new Date().toISOString();
      for (const role of firstRoles) {
        await db
          .insertInto("job_roles" as never)
          .values(firstRoleRow(role, at) as never)
          .execute();
      }
      // The role an application was sent for (its slug); null when sent from the list.
      await db.schema.alterTable("submissions").addColumn("role", "text").execute();
      await db.schema.createIndex("submissions_role").on("submissions").column("role").execute();
    },
  };
}

/**
 * A first role as a row of job_roles as this migration made it. Its own copy, not the careers
 * room's: a migration stays as it ran, and the database room imports no domain.
 */
function firstRoleRow(role: FirstRole, at: string) {
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
