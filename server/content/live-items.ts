import type { Kysely } from "kysely";
import type { CollectionName } from "../../contracts/content/items";
import type { Database } from "../db/schema";

/**
 * The live items of a collection, in the store's order: what the site renders (its list pages, sitemap
 * and feeds) and what the byline checks read (bylines.ts).
 */
export async function liveItems(
  db: Kysely<Database>,
  collection: CollectionName,
): Promise<{ slug: string; data: unknown; publishedAt: string }[]> {
  const rows = await db
    .selectFrom("content_items")
    .select(["live_slug", "published_data", "published_at"])
    .where("collection", "=", collection)
    .where("published_data", "is not", null)
    .orderBy("id")
    .execute();
  return rows.map((r) => ({
    slug: r.live_slug!,
    data: JSON.parse(r.published_data!) as unknown,
    publishedAt: r.published_at!,
  }));
}
