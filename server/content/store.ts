/**
 * Marketing's content (migration 026, docs/decisions/065): items of every collection, their
 * drafts, their live versions and their history. The console's routes
 * (server/console/content-routes.ts) and the scheduler (server/console/content-schedule.ts) call
 * these in a transaction with their audit entry.
 *
 * Every change names the version it was based on and writes only if the row still has it (one
 * UPDATE … WHERE version = ?), so of two people editing one item the second is told who changed
 * it and when instead of overwriting them. Publishing, restoring and a scheduled publish all go
 * through `goLive`, which writes the live version and its revision; when the live address
 * changes, the old one is handed to the redirects part in the same transaction.
 */
import crypto from "node:crypto";
import type { Kysely, Selectable } from "kysely";
import {
  contentCollections,
  type CollectionName,
  type DraftData,
  type ItemAnswer,
  type ItemStatus,
  type RevisionAction,
  type RevisionsAnswer,
  type TeamMemberItem,
} from "../../contracts/content/items";
import type { ContentItemsTable, Database } from "../db/schema";
import type { AddRedirect } from "./redirect-seam";
import { bylineIssues, followTeamChange, liveInsightsBy } from "./bylines";
import { nextRevision } from "./revision-number";

type Db = Kysely<Database>;
export type ItemRow = Selectable<ContentItemsTable>;
export interface Actor {
  id: number;
  name: string;
}
export interface Issue {
  path: string;
  message: string;
}

export type ContentWrite =
  | {
      ok: true;
      item: ItemRow;
      /** The row the change replaced; null for a new item (the images it held: image-uses.ts). */
      before: ItemRow | null;
      revision?: number;
      redirected?: { from: string; to: string };
    }
  | { ok: false; reason: "missing" }
  | { ok: false; reason: "stale"; current: ItemRow }
  | { ok: false; reason: "slug taken"; slug: string }
  | { ok: false; reason: "invalid"; issues: Issue[] }
  | { ok: false; reason: "not live"; item: ItemRow }
  | { ok: false; reason: "no revision"; number: number }
  | { ok: false; reason: "past"; publishAt: string }
  /** A team member who is the byline of live insights (their titles) stays on the team page. */
  | { ok: false; reason: "byline in use"; name: string; insights: string[] };

/** The issues that keep data from going live: the schema's, then (once it passes) what it names elsewhere. */
async function liveIssues(db: Db, collection: CollectionName, data: unknown): Promise<Issue[]> {
  const issues = issuesOf(collection, data);
  return issues.length > 0 ? issues : bylineIssues(db, collection, data);
}

/** The issues that keep data from going live, as the console lists them under its fields. */
export function issuesOf(collection: CollectionName, data: unknown): Issue[] {
  const parsed = contentCollections[collection].schema.safeParse(data);
  if (parsed.success) return [];
  return parsed.error.issues.map((issue) => ({ path: issue.path.map(String).join("."), message: issue.message }));
}

export async function itemById(db: Db, collection: CollectionName, id: number): Promise<ItemRow | undefined> {
  return db
    .selectFrom("content_items")
    .selectAll()
    .where("id", "=", id)
    .where("collection", "=", collection)
    .executeTakeFirst();
}

export async function listItems(db: Db, collection: CollectionName): Promise<ItemRow[]> {
  return db
    .selectFrom("content_items")
    .selectAll()
    .where("collection", "=", collection)
    .orderBy("updated_at", "desc")
    .orderBy("id", "desc")
    .execute();
}

/** The live item at an address, or undefined (the page's "Case Study Not Found"). */
export async function liveItemBySlug(db: Db, collection: CollectionName, slug: string) {
  const row = await db
    .selectFrom("content_items")
    .select(["published_data", "published_at"])
    .where("collection", "=", collection)
    .where("live_slug", "=", slug)
    .where("published_data", "is not", null)
    .executeTakeFirst();
  return row ? { data: JSON.parse(row.published_data!) as unknown, publishedAt: row.published_at! } : undefined;
}

/**
 * A stamp of everything live, for the page cache (as careers' `rolesStamp`): each live item's id
 * and the number of the revision it shows, and each picture in use with its rev. A publish, restore
 * or unpublish changes it, and so does a new focal point of a picture in use; a draft's autosave
 * does not (unless it gives a picture its first use), so writing rarely empties the site's cache.
 */
export async function contentStamp(db: Db): Promise<string> {
  const rows = await db
    .selectFrom("content_items")
    .select(["id", "live_revision"])
    .where("live_revision", "is not", null)
    .orderBy("id")
    .execute();
  // A picture in use cut again (a new focal point) gets a new rev and loses its old variants: a
  // page kept from before would name addresses that now answer 404, so the stamp moves with it.
  const images = await db
    .selectFrom("images")
    .select(["id", "rev"])
    .where("id", "in", db.selectFrom("image_uses").select("image_id"))
    .orderBy("id")
    .execute();
  const hash = crypto.createHash("sha256");
  for (const row of rows) hash.update(`${row.id}@${row.live_revision}\n`);
  for (const image of images) hash.update(`image ${image.id}@${image.rev}\n`);
  return `${rows.length}:${hash.digest("base64url").slice(0, 22)}`;
}

/** The names of the staff ids given; an id with no row (a person removed since) is absent. */
export async function staffNames(db: Db, ids: (number | null)[]): Promise<Map<number, string>> {
  const wanted = [...new Set(ids.filter((id): id is number => id !== null))];
  if (wanted.length === 0) return new Map();
  const rows = await db.selectFrom("staff").select(["id", "name"]).where("id", "in", wanted).execute();
  return new Map(rows.map((r) => [r.id, r.name]));
}

const personOf = (names: Map<number, string>, id: number | null) =>
  id === null ? null : { id, name: names.get(id) ?? null };

export function itemAnswerOf(row: ItemRow, names: Map<number, string>): ItemAnswer {
  const draft = JSON.parse(row.draft_data) as Record<string, unknown>;
  return {
    id: row.id,
    collection: row.collection,
    slug: row.slug,
    liveSlug: row.live_slug,
    status: row.status as ItemStatus,
    version: row.version,
    draft,
    published: row.published_data === null ? null : (JSON.parse(row.published_data) as Record<string, unknown>),
    changed: row.published_data !== row.draft_data,
    issues: issuesOf(row.collection as CollectionName, draft),
    publishAt: row.publish_at,
    createdBy: personOf(names, row.created_by),
    createdAt: row.created_at,
    updatedBy: personOf(names, row.updated_by),
    updatedAt: row.updated_at,
    publishedBy: personOf(names, row.published_by),
    publishedAt: row.published_at,
  };
}

export async function answerOf(db: Db, row: ItemRow): Promise<ItemAnswer> {
  return itemAnswerOf(row, await staffNames(db, [row.created_by, row.updated_by, row.published_by]));
}

export async function revisionsOf(db: Db, itemId: number): Promise<RevisionsAnswer["revisions"]> {
  const rows = await db
    .selectFrom("content_revisions")
    .selectAll()
    .where("item_id", "=", itemId)
    .orderBy("number", "desc")
    .execute();
  const names = await staffNames(
    db,
    rows.map((r) => r.staff_id),
  );
  return rows.map((r) => ({
    number: r.number,
    action: r.action as RevisionAction,
    restoredFrom: r.restored_from,
    slug: r.slug,
    data: JSON.parse(r.data) as Record<string, unknown>,
    by: personOf(names, r.staff_id),
    at: r.at,
  }));
}

/** True when another item of the collection has this draft slug, or is live at it. */
export async function slugTaken(db: Db, collection: CollectionName, slug: string, self?: number): Promise<boolean> {
  let q = db
    .selectFrom("content_items")
    .select("id")
    .where("collection", "=", collection)
    .where((eb) => eb.or([eb("slug", "=", slug), eb("live_slug", "=", slug)]));
  if (self !== undefined) q = q.where("id", "!=", self);
  return (await q.executeTakeFirst()) !== undefined;
}

/** A new item: always a draft. `actor` null: made by the one-time import, not by a person. */
export async function createItem(
  db: Db,
  collection: CollectionName,
  draft: DraftData,
  actor: Actor | null,
  now: Date,
): Promise<ContentWrite> {
  if (await slugTaken(db, collection, draft.slug)) return { ok: false, reason: "slug taken", slug: draft.slug };
  const at = now.toISOString();
  const item = await db
    .insertInto("content_items")
    .values({
      collection,
      slug: draft.slug,
      live_slug: null,
      status: "draft",
      draft_data: JSON.stringify(draft),
      published_data: null,
      live_revision: null,
      publish_at: null,
      scheduled_by: null,
      version: 1,
      created_by: actor?.id ?? null,
      created_at: at,
      updated_by: actor?.id ?? null,
      updated_at: at,
      published_by: null,
      published_at: null,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return { ok: true, item, before: null };
}

/**
 * The one UPDATE that writes only over the version the change was based on (and, for a
 * scheduled publish, only while the item is still scheduled). No row back: someone else wrote
 * first, and the answer names them.
 */
async function written(
  db: Db,
  current: ItemRow,
  columns: Partial<Omit<ItemRow, "id" | "collection" | "version" | "created_at" | "created_by">>,
  opts: { whileStatus?: ItemStatus } = {},
): Promise<ContentWrite> {
  let q = db
    .updateTable("content_items")
    .set({ ...columns, version: current.version + 1 })
    .where("id", "=", current.id)
    .where("version", "=", current.version);
  if (opts.whileStatus) q = q.where("status", "=", opts.whileStatus);
  const item = await q.returningAll().executeTakeFirst();
  if (item) return { ok: true, item, before: current };
  const now = await db.selectFrom("content_items").selectAll().where("id", "=", current.id).executeTakeFirst();
  return now ? { ok: false, reason: "stale", current: now } : { ok: false, reason: "missing" };
}

type Refusal = Extract<ContentWrite, { ok: false }>;

/**
 * The opening every change to an item shares: the item is read, and must still be at the version
 * the change was based on (missing, or stale when someone wrote since). A change that puts data
 * live names it (`goingLive`, read from the row) and is refused when that data has issues (the
 * schema's, then its byline's); `before` runs between the two checks (a schedule's time is told
 * before the draft's issues, as it always was).
 */
async function opening(
  db: Db,
  collection: CollectionName,
  id: number,
  version: number,
  checks: { before?: () => Refusal | undefined; goingLive?: (current: ItemRow) => unknown } = {},
): Promise<ItemRow | Refusal> {
  const current = await itemById(db, collection, id);
  if (!current) return { ok: false, reason: "missing" };
  if (current.version !== version) return { ok: false, reason: "stale", current };
  const refused = checks.before?.();
  if (refused) return refused;
  if (checks.goingLive) {
    const refusal = await refusedLive(db, collection, checks.goingLive(current));
    if (refusal) return refusal;
  }
  return current;
}

/** Data that cannot go live is refused with its issues; undefined when it may. */
async function refusedLive(db: Db, collection: CollectionName, data: unknown): Promise<Refusal | undefined> {
  const issues = await liveIssues(db, collection, data);
  return issues.length > 0 ? { ok: false, reason: "invalid", issues } : undefined;
}

/** What a change to the draft puts live: the draft as it is. */
const draftOf = (row: ItemRow) => JSON.parse(row.draft_data) as DraftData;

/** Saves the draft (the console's autosave): the live version is untouched until a publish. */
export async function saveDraft(
  db: Db,
  collection: CollectionName,
  id: number,
  version: number,
  draft: DraftData,
  actor: Actor,
  now: Date,
): Promise<ContentWrite> {
  const current = await opening(db, collection, id, version);
  if ("ok" in current) return current;
  if (draft.slug !== current.slug && (await slugTaken(db, collection, draft.slug, id)))
    return { ok: false, reason: "slug taken", slug: draft.slug };
  return written(db, current, {
    slug: draft.slug,
    draft_data: JSON.stringify(draft),
    updated_by: actor.id,
    updated_at: now.toISOString(),
  });
}

/**
 * Puts `data` live as a new revision. The version check comes first, so the revision's number
 * and the redirect are decided by the one writer that won.
 */
async function goLive(
  db: Db,
  current: ItemRow,
  data: Record<string, unknown> & { slug: string },
  how: { action: "publish" | "restore"; restoredFrom?: number; whileStatus?: ItemStatus },
  actor: Actor | null,
  now: Date,
  addRedirect: AddRedirect,
): Promise<ContentWrite> {
  const collection = current.collection as CollectionName;
  if (data.slug !== current.live_slug && (await slugTaken(db, collection, data.slug, current.id)))
    return { ok: false, reason: "slug taken", slug: data.slug };
  const at = now.toISOString();
  const json = JSON.stringify(data);
  const number = await nextRevision(db, current.id);
  const done = await written(
    db,
    current,
    {
      slug: data.slug,
      live_slug: data.slug,
      status: "published",
      draft_data: json,
      published_data: json,
      live_revision: number,
      publish_at: null,
      scheduled_by: null,
      updated_by: actor?.id ?? current.updated_by,
      updated_at: at,
      published_by: actor?.id ?? null,
      published_at: at,
    },
    { whileStatus: how.whileStatus },
  );
  if (!done.ok) return done;
  // A team member's new name or position goes onto their insights' bylines (bylines.ts).
  if (collection === "team" && current.published_data !== null)
    await followTeamChange(db, JSON.parse(current.published_data), data as unknown as TeamMemberItem, actor, at);
  await db
    .insertInto("content_revisions")
    .values({
      item_id: current.id,
      number,
      data: json,
      slug: data.slug,
      action: how.action,
      restored_from: how.restoredFrom ?? null,
      staff_id: actor?.id ?? null,
      at,
    })
    .execute();
  // Only an item with a page of its own leaves its old address behind (a team member's is /team's).
  if (current.live_slug && current.live_slug !== data.slug && contentCollections[collection].itemPages) {
    const path = contentCollections[collection].path;
    const redirect = { from: path(current.live_slug), to: path(data.slug) };
    await addRedirect(db, redirect, actor, now);
    return { ...done, revision: number, redirected: redirect };
  }
  return { ...done, revision: number };
}

/** Publishes the draft now: it must pass the collection's schema. */
export async function publishItem(
  db: Db,
  collection: CollectionName,
  id: number,
  version: number,
  actor: Actor,
  now: Date,
  addRedirect: AddRedirect,
): Promise<ContentWrite> {
  const current = await opening(db, collection, id, version, { goingLive: draftOf });
  if ("ok" in current) return current;
  return goLive(db, current, draftOf(current), { action: "publish" }, actor, now, addRedirect);
}

/**
 * Schedules the draft to go live at `publishAt` (the scheduler's tick publishes it, within 15 s
 * of the time on any instance). The draft is checked now, so a scheduled item cannot fail later
 * for a missing field; a later save does not unschedule it, and what goes live is the draft as
 * it is at that moment.
 */
export async function scheduleItem(
  db: Db,
  collection: CollectionName,
  id: number,
  version: number,
  publishAt: Date,
  actor: Actor,
  now: Date,
): Promise<ContentWrite> {
  const current = await opening(db, collection, id, version, {
    before: () =>
      publishAt.getTime() <= now.getTime()
        ? { ok: false, reason: "past", publishAt: publishAt.toISOString() }
        : undefined,
    goingLive: draftOf,
  });
  if ("ok" in current) return current;
  return written(db, current, {
    status: "scheduled",
    publish_at: publishAt.toISOString(),
    scheduled_by: actor.id,
    updated_by: actor.id,
    updated_at: now.toISOString(),
  });
}

/** Takes the item off the site (a revision records what was live); a scheduled publish is cancelled. */
export async function unpublishItem(
  db: Db,
  collection: CollectionName,
  id: number,
  version: number,
  actor: Actor,
  now: Date,
): Promise<ContentWrite> {
  const current = await opening(db, collection, id, version);
  if ("ok" in current) return current;
  if (current.published_data === null && current.status !== "scheduled")
    return { ok: false, reason: "not live", item: current };
  if (collection === "team" && current.published_data !== null) {
    const { name } = JSON.parse(current.published_data) as TeamMemberItem;
    const insights = await liveInsightsBy(db, name);
    if (insights.length > 0) return { ok: false, reason: "byline in use", name, insights };
  }
  const at = now.toISOString();
  const wasLive = current.published_data !== null;
  const done = await written(db, current, {
    status: wasLive || current.live_revision !== null ? "unpublished" : "draft",
    live_slug: null,
    published_data: null,
    live_revision: null,
    publish_at: null,
    scheduled_by: null,
    updated_by: actor.id,
    updated_at: at,
  });
  if (!done.ok || !wasLive) return done;
  const number = await nextRevision(db, id);
  await db
    .insertInto("content_revisions")
    .values({
      item_id: id,
      number,
      data: current.published_data!,
      slug: current.live_slug!,
      action: "unpublish",
      restored_from: null,
      staff_id: actor.id,
      at,
    })
    .execute();
  return { ...done, revision: number };
}

/** Brings a revision's words and images back, live, as a new revision of its own. */
export async function restoreRevision(
  db: Db,
  collection: CollectionName,
  id: number,
  version: number,
  revision: number,
  actor: Actor,
  now: Date,
  addRedirect: AddRedirect,
): Promise<ContentWrite> {
  const current = await opening(db, collection, id, version);
  if ("ok" in current) return current;
  const row = await db
    .selectFrom("content_revisions")
    .select("data")
    .where("item_id", "=", id)
    .where("number", "=", revision)
    .executeTakeFirst();
  if (!row) return { ok: false, reason: "no revision", number: revision };
  const data = JSON.parse(row.data) as DraftData;
  // The schema may have grown a required field since: such a revision comes back as the draft to finish.
  const refused = await refusedLive(db, collection, data);
  if (refused) return refused;
  return goLive(db, current, data, { action: "restore", restoredFrom: revision }, actor, now, addRedirect);
}

/** Scheduled items whose time has come, oldest first. */
export async function dueItems(db: Db, now: Date): Promise<ItemRow[]> {
  return db
    .selectFrom("content_items")
    .selectAll()
    .where("status", "=", "scheduled")
    .where("publish_at", "<=", now.toISOString())
    .orderBy("publish_at")
    .orderBy("id")
    .limit(100)
    .execute();
}

/**
 * Publishes one due item, claimed by its version and its status: of instances ticking at the
 * same moment, one UPDATE finds the row still scheduled at that version and the others find
 * nothing ("stale"), so it goes live once, with one revision. Published as the person who
 * scheduled it; a draft that no longer passes the schema is left scheduled and reported.
 */
export async function publishScheduled(
  db: Db,
  due: ItemRow,
  now: Date,
  addRedirect: AddRedirect,
): Promise<ContentWrite> {
  const collection = due.collection as CollectionName;
  const draft = draftOf(due);
  const refused = await refusedLive(db, collection, draft);
  if (refused) return refused;
  const names = await staffNames(db, [due.scheduled_by]);
  const actor = due.scheduled_by === null ? null : { id: due.scheduled_by, name: names.get(due.scheduled_by) ?? "" };
  return goLive(db, due, draft, { action: "publish", whileStatus: "scheduled" }, actor, now, addRedirect);
}

/**
 * An item of the one-time import (server/content/import-case-studies.ts): created, and put live
 * at once as its first revision when it passes the schema; else left a draft with its issues for
 * marketing to finish. An address already held by an item is left alone, so the import can run
 * again without doubling anything.
 */
export async function importItem(
  db: Db,
  collection: CollectionName,
  data: DraftData,
  now: Date,
  addRedirect: AddRedirect,
): Promise<{ result: "published" | "draft" | "kept"; issues: Issue[]; item?: ItemRow }> {
  if (await slugTaken(db, collection, data.slug)) return { result: "kept", issues: [] };
  const created = await createItem(db, collection, data, null, now);
  if (!created.ok) return { result: "kept", issues: [] };
  const issues = issuesOf(collection, data);
  if (issues.length > 0) return { result: "draft", issues, item: created.item };
  const live = await goLive(db, created.item, data, { action: "publish" }, null, now, addRedirect);
  if (!live.ok) throw new Error(`The imported ${data.slug} could not go live: ${live.reason}`);
  return { result: "published", issues: [], item: live.item };
}
