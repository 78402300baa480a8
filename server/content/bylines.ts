/**
 * An insight's byline names a person the team page shows, in the position it gives them (issue
 * 41, decision 078): the Markdown build checks the repository's articles against team.json
 * (app/content/collections.ts), and this checks a stored insight against the store's live team
 * whenever it is about to go live (publish, schedule, restore, the scheduled publish). While the
 * store holds no live team member the site's team page is team.json's, which the build already
 * holds the repository's articles to; `content-import` publishes the team with the articles.
 *
 * The team changing afterwards keeps the bylines true (decision 081): a member whose name or
 * position changes carries their insights' bylines with them when the change goes live, and a
 * member who is the byline of a live insight cannot be taken off the team page.
 */
import type { Kysely } from "kysely";
import type { CollectionName } from "../../contracts/content/items";
import type { Database } from "../db/schema";
import { liveItems } from "./live-items";
import { nextRevision } from "./revision-number";
/** A field path and what is wrong with it, as the console lists issues (store.ts' Issue). */
type Issue = { path: string; message: string };
type Byline = { name: string; title: string };
type Db = Kysely<Database>;

/** Live team members' names and positions, in the page's order. */
async function liveTeam(db: Db): Promise<{ name: string; position: string }[]> {
  return (await liveItems(db, "team")).map((i) => i.data as { name: string; position: string });
}

/** What keeps an item's byline from going live: none for a collection without one. */
export async function bylineIssues(db: Db, collection: CollectionName, data: unknown): Promise<Issue[]> {
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

const authorOf = (json: string | null): Byline | undefined =>
  json === null ? undefined : (JSON.parse(json) as { author?: Byline }).author;

/** The titles of the live insights whose byline names this person, in the store's order. */
export async function liveInsightsBy(db: Db, name: string): Promise<string[]> {
  return (await liveItems(db, "insights"))
    .map((i) => i.data as { title: string; author?: Byline })
    .filter((i) => i.author?.name === name)
    .map((i) => i.title);
}

/**
 * A team member's new version went live over `before` (its last live data): when their name or
 * position changed, every insight bylined with the old name takes the new byline, in its live
 * version and in its draft (so its next publish passes the check above). The insight's version
 * moves on, so an editor open on the old draft is told it changed. A live insight whose byline
 * followed gets a revision of its own ("byline", by the person who published the team change), so
 * its history shows what is live and when it changed; earlier revisions keep the byline they went
 * live with. Returns how many insights followed.
 */
export async function followTeamChange(
  db: Db,
  before: { name: string; position: string },
  after: { name: string; position: string },
  actor: { id: number } | null,
  at: string,
): Promise<number> {
  if (before.name === after.name && before.position === after.position) return 0;
  const byline: Byline = { name: after.name, title: after.position };
  const rows = await db
    .selectFrom("content_items")
    .select(["id", "version", "draft_data", "published_data", "live_slug"])
    .where("collection", "=", "insights")
    .orderBy("id")
    .execute();
  const moved = (json: string) => JSON.stringify({ ...(JSON.parse(json) as object), author: byline });
  let followed = 0;
  for (const first of rows) {
    let row = first;
    // Written only over the version read: an editor's save in between (PostgreSQL lets one
    // commit while this runs) is read again and carried along, never overwritten with the old draft.
    for (let attempt = 1; ; attempt++) {
      const live = authorOf(row.published_data)?.name === before.name;
      const draft = authorOf(row.draft_data)?.name === before.name;
      if (!live && !draft) break;
      const published = live ? moved(row.published_data!) : null;
      // Numbered before the write, as a publish numbers its revision: the version check decides
      // which of two writers keeps the number.
      const number = live ? await nextRevision(db, row.id) : null;
      const written = await db
        .updateTable("content_items")
        .set({
          ...(published ? { published_data: published, live_revision: number } : {}),
          ...(draft ? { draft_data: moved(row.draft_data) } : {}),
          version: row.version + 1,
        })
        .where("id", "=", row.id)
        .where("version", "=", row.version)
        .executeTakeFirst();
      if (Number(written.numUpdatedRows) === 1) {
        if (published && number !== null)
          await db
            .insertInto("content_revisions")
            .values({
              item_id: row.id,
              number,
              data: published,
              slug: row.live_slug!,
              action: "byline",
              restored_from: null,
              staff_id: actor?.id ?? null,
              at,
            })
            .execute();
        followed++;
        break;
      }
      if (attempt === 5) throw new Error(`insight ${row.id} kept changing while its byline followed the team`);
      row = await db
        .selectFrom("content_items")
        .select(["id", "version", "draft_data", "published_data", "live_slug"])
        .where("id", "=", row.id)
        .executeTakeFirstOrThrow();
    }
  }
  return followed;
}

/** Why a team member stays on the team page, in the words the console shows (decision 081). */
export function bylineInUse(name: string, insights: readonly string[]): string {
  const titles = insights.map((t) => `"${t}"`).join(", ");
  const count = insights.length === 1 ? "a live insight" : `${insights.length} live insights`;
  return `${name} is the author of ${count}: ${titles}. Give ${insights.length === 1 ? "it" : "each"} another author or unpublish ${insights.length === 1 ? "it" : "them"} first; the team page keeps ${name} until then.`;
}
