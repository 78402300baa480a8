/**
 * Migration 019: pages asked for and not found (docs/decisions/057-marketing-dashboard.md), counted
 * per day, path (no query string) and referrer host ("" for none), so marketing can see which
 * redirect to add. Nothing personal: a path of the site's shape and a host name, counted.
 */
import type { Kysely, Migration } from "kysely";

export function notFoundCountsMigration(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable("not_found_counts")
        .addColumn("day", "text", (c) => c.notNull())
        .addColumn("path", "text", (c) => c.notNull())
        .addColumn("referrer_host", "text", (c) => c.notNull())
        .addColumn("hits", "integer", (c) => c.notNull())
        .addPrimaryKeyConstraint("not_found_counts_key", ["day", "path", "referrer_host"] as never)
        .execute();
    },
  };
}
