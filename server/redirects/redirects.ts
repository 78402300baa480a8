/**
 * Redirects (decision 062): writing and reading the `redirects` table. Every chain is flattened
 * when it is written, so each row points straight at its final page (one hop, never a chain to
 * follow or a hop limit to count): adding a→b while b→c exists stores a→c; adding b→c while a→b
 * exists moves a to c as well. A loop (a→a, or a→b while b leads back to a) is refused with a
 * RedirectRefused error. Writes are serialised across instances (asOnlyWriter), so two people
 * adding a→b and b→a at once cannot make a loop between them. Each write moves the `redirects`
 * counter on, the stamp every instance's cache compares (site-redirects.ts).
 */
import type { Kysely, Selectable } from "kysely";
import { redirectMessages, sitePathOf, type RedirectRefusal } from "../../contracts/redirects";
import { asOnlyWriter } from "../db/dialect";
import type { Database, RedirectsTable } from "../db/schema";
import { isServedByOthers } from "./served-paths";

/** Any key will do as long as every writer of redirects uses it: "rdir" in ASCII. */
const writeLockKey = 0x72646972;
/** The counter moved on by every change (the `counters` table), read as the cache's stamp. */
export const redirectsCounter = "redirects";

export class RedirectRefused extends Error {
  constructor(
    readonly reason: RedirectRefusal,
    message: string,
    /** For a loop: the addresses a visitor would go round, first and last the same. */
    readonly chain: readonly string[] = [],
  ) {
    super(message);
    this.name = "RedirectRefused";
  }
}

/**
 * Who makes a redirect: a person in the console ("added"), or the content store when a
 * published item's address changes ("slug change"; the staff id of who changed it, if any).
 */
export interface RedirectActor {
  reason: RedirectsTable["reason"];
  staffId: number | null;
}

export interface AddOptions {
  /**
   * Addresses the site serves itself beyond the fixed ones (served-paths.ts): the console passes
   * the built site's pages and files. A "slug change" skips it: its old address has just stopped
   * being a page, though the build that prerendered it may still list it.
   */
  isSitePage?: (path: string) => boolean;
}

export interface Redirect {
  id: number;
  from: string;
  to: string;
  reason: RedirectsTable["reason"];
  createdBy: number | null;
  createdAt: string;
  updatedAt: string;
}

const redirectOf = (row: Selectable<RedirectsTable>): Redirect => ({
  id: row.id,
  from: row.from_path,
  to: row.to_path,
  reason: row.reason,
  createdBy: row.created_by,
  createdAt: row.created_at,
  updatedAt: row.updated_at,
});

/** Checks and normalises one end; a query string is refused, not dropped, so nothing is lost silently. */
function pathOrRefuse(input: string, which: "from" | "to"): string {
  if (/[?#]/.test(input)) throw new RedirectRefused("query", redirectMessages.query);
  const path = sitePathOf(input);
  if (!path) throw new RedirectRefused("shape", redirectMessages.shape(which));
  return path;
}

/**
 * Adds the redirect `from` → `to`, flattening the chains it joins, and returns the row as
 * stored (its `to` is the final page). Throws RedirectRefused for a malformed path, a query
 * string, a loop, a `from` the site serves itself, or a `from` that already redirects elsewhere
 * (a "slug change" replaces that one instead: the item has moved on again).
 */
export async function addRedirect(
  db: Kysely<Database>,
  input: { from: string; to: string },
  actor: RedirectActor,
  now: Date,
  options: AddOptions = {},
): Promise<Redirect> {
  const from = pathOrRefuse(input.from, "from");
  const to = pathOrRefuse(input.to, "to");
  if (from === to) throw new RedirectRefused("loop", redirectMessages.loop([from, from]), [from, from]);
  const slugChange = actor.reason === "slug change";
  if (isServedByOthers(from) || (!slugChange && options.isSitePage?.(from)))
    throw new RedirectRefused("served", redirectMessages.served(from));
  const at = now.toISOString();
  let added: Redirect | undefined;
  await asOnlyWriter(db, writeLockKey, async (trx) => {
    // A slug change makes `to` a live page again: a redirect away from it would hide it.
    if (slugChange) await trx.deleteFrom("redirects").where("from_path", "=", to).execute();
    const chain = await chainFrom(trx, from, to);
    if (chain.indexOf(chain.at(-1)!) < chain.length - 1)
      throw new RedirectRefused("loop", redirectMessages.loop(chain), chain);
    const final = chain.at(-1)!;
    const existing = await trx.selectFrom("redirects").selectAll().where("from_path", "=", from).executeTakeFirst();
    if (existing && !slugChange && existing.to_path !== final)
      throw new RedirectRefused("taken", redirectMessages.taken(from, existing.to_path));
    // Rows that led to `from` now lead on to the final page.
    await trx.updateTable("redirects").set({ to_path: final, updated_at: at }).where("to_path", "=", from).execute();
    const row = existing
      ? await trx
          .updateTable("redirects")
          .set({ to_path: final, updated_at: at })
          .where("id", "=", existing.id)
          .returningAll()
          .executeTakeFirstOrThrow()
      : await trx
          .insertInto("redirects")
          .values({
            from_path: from,
            to_path: final,
            reason: actor.reason,
            created_by: actor.staffId,
            created_at: at,
            updated_at: at,
          })
          .returningAll()
          .executeTakeFirstOrThrow();
    await moveCounter(trx);
    added = redirectOf(row);
  });
  return added!;
}

/**
 * Where a visitor to `from` would end up: `from`, `to`, then each onward redirect, ending at an
 * address that redirects nowhere or at the first address seen twice (a loop). Flattening keeps
 * it to one onward hop; the walk does not rely on that, so rows written past these rules (by
 * hand, or by an older version) still cannot let a loop in.
 */
async function chainFrom(db: Kysely<Database>, from: string, to: string): Promise<string[]> {
  const chain = [from, to];
  for (;;) {
    const last = chain.at(-1)!;
    if (chain.indexOf(last) < chain.length - 1) return chain;
    const next = await db.selectFrom("redirects").select("to_path").where("from_path", "=", last).executeTakeFirst();
    if (!next) return chain;
    chain.push(next.to_path);
  }
}

/** Removes one redirect; the row removed, or undefined when there was none with that id. */
export async function removeRedirect(db: Kysely<Database>, id: number): Promise<Redirect | undefined> {
  let removed: Redirect | undefined;
  await asOnlyWriter(db, writeLockKey, async (trx) => {
    const row = await trx.deleteFrom("redirects").where("id", "=", id).returningAll().executeTakeFirst();
    if (!row) return;
    await moveCounter(trx);
    removed = redirectOf(row);
  });
  return removed;
}

/** Every redirect, newest first, with the name of who made it while their staff row exists. */
export async function listRedirects(db: Kysely<Database>): Promise<(Redirect & { createdByName: string | null })[]> {
  const rows = await db
    .selectFrom("redirects")
    .leftJoin("staff", "staff.id", "redirects.created_by")
    .selectAll("redirects")
    .select("staff.name as staff_name")
    .orderBy("redirects.created_at", "desc")
    .orderBy("redirects.id", "desc")
    .execute();
  return rows.map((row) => ({ ...redirectOf(row), createdByName: row.staff_name }));
}

/** Every redirect as from → to, for the site's cache. */
export async function redirectMap(db: Kysely<Database>): Promise<Map<string, string>> {
  const rows = await db.selectFrom("redirects").select(["from_path", "to_path"]).execute();
  return new Map(rows.map((r) => [r.from_path, r.to_path]));
}

/** The redirects' version: moved on by every change through any instance; "0" before the first. */
export async function redirectsStamp(db: Kysely<Database>): Promise<string> {
  const row = await db.selectFrom("counters").select("value").where("name", "=", redirectsCounter).executeTakeFirst();
  return String(row?.value ?? 0);
}

async function moveCounter(db: Kysely<Database>): Promise<void> {
  await db
    .insertInto("counters")
    .values({ name: redirectsCounter, value: 1 })
    .onConflict((oc) => oc.column("name").doUpdateSet((eb) => ({ value: eb("counters.value", "+", 1) })))
    .execute();
}
