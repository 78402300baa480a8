/**
 * Migration 016-positions: the application form's positions become a table, seeded with the
 * list the form had (contracts/forms/application.ts `positions`) in its order, so the form,
 * the filters and the roles read the same names as before on the day it runs. Positions already
 * named by applications or roles but not in the list (none, unless someone edited rows by hand)
 * are added retired: still valid for old rows and filters, not offered to candidates.
 */
import { type Kysely, type Migration, sql } from "kysely";
import { positionKey, seedPositions } from "../../../contracts/careers/positions";
import { columnTypes, type Dialect } from "../dialect";

export function positionsMigration(dialect: Dialect): Migration {
  const { id } = columnTypes(dialect);
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable("positions")
        .addColumn("id", sql.raw(id))
        .addColumn("name", "text", (c) => c.notNull())
        .addColumn("name_key", "text", (c) => c.notNull().unique())
        .addColumn("sort_order", "integer", (c) => c.notNull())
        .addColumn("retired_at", "text")
        .addColumn("created_at", "text", (c) => c.notNull())
        .addColumn("updated_at", "text", (c) => c.notNull())
        .execute();
      const at = new Date().toISOString();
      const seen = new Set<string>();
      const rows: { name: string; name_key: string; sort_order: number; retired_at: string | null }[] = [];
      for (const name of seedPositions) {
        seen.add(positionKey(name));
        rows.push({ name, name_key: positionKey(name), sort_order: rows.length + 1, retired_at: null });
      }
      const used = await sql<{ position: string }>`
        select distinct position from submissions where position is not null and position <> ''
        union select distinct position from job_roles`.execute(db);
      for (const { position } of used.rows) {
        const key = positionKey(position);
        if (seen.has(key)) continue;
        seen.add(key);
        rows.push({ name: position, name_key: key, sort_order: rows.length + 1, retired_at: at });
      }
      for (const row of rows) {
        await db
          .insertInto("positions" as never)
          .values({ ...row, created_at: at, updated_at: at } as never)
          .execute();
      }
    },
  };
}
