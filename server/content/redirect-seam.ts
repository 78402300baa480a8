/**
 * Where the content store meets the redirects (server/redirects/, decision 062): when an item
 * that is live goes live again at another slug, the old address answers 301 to the new one. The
 * store calls `addRedirect` inside the transaction that changes the address, so the redirect and
 * the change commit together, and a refusal (RedirectRefused: a loop) rolls the publish back.
 * Tests give the app their own through `buildApp(config, { addRedirect })`.
 */
import type { Kysely } from "kysely";
import type { Database } from "../db/schema";
import { addRedirect as addSiteRedirect } from "../redirects/redirects";

export type AddRedirect = (
  db: Kysely<Database>,
  redirect: { from: string; to: string },
  actor: { id: number; name: string } | null,
  now: Date,
) => Promise<unknown>;

export const addRedirect: AddRedirect = (db, redirect, actor, now) =>
  addSiteRedirect(db, redirect, { reason: "slug change", staffId: actor?.id ?? null }, now);
