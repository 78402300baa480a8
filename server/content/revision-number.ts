import type { Kysely } from "kysely";
import type { Database } from "../db/schema";

/**
 * The number an item's next revision takes: one after its last. The store's publish, restore and
 * unpublish and a byline that follows the team (bylines.ts) number their revisions with it.
 */
export async function nextRevision(db: Kysely<Database>, itemId: number): Promise<number> {
  const last = await db
    .selectFrom("content_revisions")
    .select((eb) => eb.fn.max("number").as("n"))
    .where("item_id", "=", itemId)
    .executeTakeFirst();
  return Number(last?.n ?? 0) + 1;
}
