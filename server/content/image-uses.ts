/**
 * Which images an item uses, for the images part's reference count (server/content/image-seam.ts).
 * An item uses every image in its draft, its live version and every revision: a restore must be
 * able to bring back a revision's images (issue 41), so an image leaves only when nothing of the
 * item, past or present, names it (an upload replaced in a draft that never went live, say).
 */
import type { Kysely } from "kysely";
import type { Database } from "../db/schema";
import type { ImageUses } from "./image-seam";
import type { ItemRow } from "./store";

/** Every `imageId` in stored JSON: a hero, a share picture, an image in rich text. */
export function imageIdsIn(json: string | null, into = new Set<string>()): Set<string> {
  if (json === null) return into;
  const walk = (value: unknown) => {
    if (Array.isArray(value)) value.forEach(walk);
    else if (value && typeof value === "object") {
      for (const [key, inner] of Object.entries(value)) {
        if (key === "imageId" && typeof inner === "string") into.add(inner);
        else walk(inner);
      }
    }
  };
  walk(JSON.parse(json));
  return into;
}

/** How the images part names an item's use: "case-studies:12". */
export const itemRefOf = (item: Pick<ItemRow, "collection" | "id">) => `${item.collection}:${item.id}`;

/**
 * Records the images the item uses after a change and releases those it no longer uses. The
 * revisions are read once: they only ever grow, so an image in one is used before and after.
 */
export async function syncImageUses(
  db: Kysely<Database>,
  before: ItemRow | null,
  after: ItemRow,
  uses: ImageUses,
): Promise<{ used: string[]; released: string[]; deleted: string[] }> {
  const revisions = await db.selectFrom("content_revisions").select("data").where("item_id", "=", after.id).execute();
  const kept = new Set<string>();
  for (const r of revisions) imageIdsIn(r.data, kept);
  const now = imageIdsIn(after.published_data, imageIdsIn(after.draft_data, new Set(kept)));
  // No `before`: the item is new, so it used nothing, even if its first revision (an import that
  // publishes at once) is already written and names its images.
  const then = before
    ? imageIdsIn(before.published_data, imageIdsIn(before.draft_data, new Set(kept)))
    : new Set<string>();
  const used = [...now].filter((id) => !then.has(id)).sort();
  const released = [...then].filter((id) => !now.has(id)).sort();
  const ref = itemRefOf(after);
  for (const id of used) await uses.use(db, id, ref);
  // The images part deletes an image with its last use and says so; the caller audits it.
  const deleted: string[] = [];
  for (const id of released) {
    const outcome = (await uses.release(db, id, ref)) as { deleted?: boolean } | undefined;
    if (outcome?.deleted) deleted.push(id);
  }
  return { used, released, deleted };
}
