/**
 * Migration 024-redirects (issue 41, docs/decisions/062-redirects.md): old addresses of the site
 * answered with a 301 to a page of the same site. A `from_path` is unique; `to_path` is never
 * another row's `from_path` (chains are flattened when written, server/redirects/redirects.ts).
 * Site configuration, not personal data: no retention period. `created_by` is a staff id without
 * a foreign key, so removing a staff row leaves the redirects it made standing ("a former member").
 */
import { type Kysely, type Migration, sql } from "kysely";
import { columnTypes, type Dialect } from "../dialect";

export function redirectsMigration(dialect: Dialect): Migration {
  const { id } = columnTypes(dialect);
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable("redirects")
        .addColumn("id", sql.raw(id))
        .addColumn("from_path", "text", (c) => c.notNull().unique())
        .addColumn("to_path", "text", (c) => c.notNull())
        // "added" (by a person in the console) or "slug change" (a published item's new address).
        .addColumn("reason", "text", (c) => c.notNull())
        .addColumn("created_by", "integer")
        .addColumn("created_at", "text", (c) => c.notNull())
        .addColumn("updated_at", "text", (c) => c.notNull())
        .execute();
      // Flattening finds the rows that point at an address.
      await db.schema.createIndex("redirects_to").on("redirects").column("to_path").execute();
    },
  };
}
