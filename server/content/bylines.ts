/**
 * An insight's byline names a person the team page shows, in the position it gives them (issue
 * 41, decision 078): the Markdown build checks the repository's articles against team.json
 * (app/content/collections.ts), and this checks a stored insight against the store's live team
 * whenever it is about to go live (publish, schedule, restore, the scheduled publish). While the
 * store holds no live team member the site's team page is team.json's, which the build already
 * holds the repository's articles to; `content-import` publishes the team with the articles.
 */
import type { Kysely } from "kysely";
import type { CollectionName } from "../../contracts/content/items";
import type { Database } from "../db/schema";
/** A field path and what is wrong with it, as the console lists issues (store.ts' Issue). */
type Issue = { path: string; message: string };

/** Live team members' names and positions, in the page's order. */
async function liveTeam(db: Kysely<Database>): Promise<{ name: string; position: string }[]> {
  const rows = await db
    .selectFrom("content_items")
    .select("published_data")
    .where("collection", "=", "team")
    .where("published_data", "is not", null)
    .orderBy("id")
    .execute();
  return rows.map((r) => JSON.parse(r.published_data!) as { name: string; position: string });
}

/** What keeps an item's byline from going live: none for a collection without one. */
export async function bylineIssues(db: Kysely<Database>, collection: CollectionName, data: unknown): Promise<Issue[]> {
  if (collection !== "insights") return [];
  const author = (data as { author?: { name?: unknown; title?: unknown } }).author;
  const team = await liveTeam(db);
  if (team.length === 0) return [];
  const member = team.find((m) => m.name === author?.name);
  if (!member)
    return [
      {
        path: "author.name",
        message: `The author must be a person on the team page: ${team.map((m) => m.name).join(", ")}.`,
      },
    ];
  if (member.position !== author?.title)
    return [
      { path: "author.title", message: `The author's title must be "${member.position}", as the team page says.` },
    ];
  return [];
}
