/**
 * A role published as HR would publish it, for the end-to-end tests: written straight to the e2e
 * server's database (the data directory playwright.config gives the server on this port), in the
 * row shape the server's own storage writes.
 */
import path from "node:path";
import { baseURL } from "../../playwright.config";
import type { FirstRole } from "../../contracts/careers/first-roles";
import { utcDay } from "../../contracts/careers/roles";
import { openStorage } from "../../server/db/db";
import { roleRow } from "../../server/postings/job-roles";

/** A role as HR writes it: publishing gives it its dates and its state. */
export type RoleDraft = Omit<FirstRole, "datePosted" | "validThrough" | "state">;

const day = 86_400_000;

/**
 * Publishes `draft`: posted yesterday and open for `openDays` more, both counted from now, so no
 * test depends on today's date. Each worker may run it (in a beforeAll): the first inserts the
 * role, the others bring the same row up to date.
 */
export async function publishRole(draft: RoleDraft, openDays: number): Promise<void> {
  const role: FirstRole = {
    ...draft,
    datePosted: utcDay(new Date(Date.now() - day)),
    validThrough: utcDay(new Date(Date.now() + openDays * day)),
    state: "published",
  };
  const port = new URL(baseURL).port;
  const storage = await openStorage({ dataDir: path.resolve(process.env.E2E_DATA_DIR ?? `./data/e2e-${port}`) });
  try {
    const row = roleRow(role, new Date().toISOString());
    const { created_at: _created, ...changes } = row;
    await storage.db
      .insertInto("job_roles")
      .values(row)
      .onConflict((oc) => oc.column("slug").doUpdateSet(changes))
      .execute();
  } finally {
    await storage.close();
  }
}
