/**
 * Where the content store meets the redirects part (s41-redirects, decision 062): when an item
 * that is live goes live again at another slug, the old address must answer 301 to the new one.
 * The store calls `AddRedirect` inside the transaction that changes the address, so the redirect
 * and the change commit together.
 *
 * Until server/redirects/ is merged, `addRedirect` below refuses loudly instead of dropping the
 * redirect. At merge the lead makes it the redirects part's (s41-redirects, server/redirects/redirects.ts):
 *
 *   export const addRedirect: AddRedirect = (db, redirect, actor, now) =>
 *     addSiteRedirect(db, redirect, { reason: "slug change", staffId: actor?.id ?? null }, now);
 *
 * Its RedirectRefused (a loop) then rolls the publish back with the rest of the transaction.
 * Tests give the app their own through `buildApp(config, { addRedirect })`.
 */
import type { Kysely } from "kysely";
import type { Database } from "../db/schema";

export type AddRedirect = (
  db: Kysely<Database>,
  redirect: { from: string; to: string },
  actor: { id: number; name: string } | null,
  now: Date,
) => Promise<unknown>;

export class RedirectsNotWired extends Error {
  constructor(from: string, to: string) {
    super(
      `No redirect from ${from} to ${to}: the redirects part (server/redirects/) is not wired into the content store yet.`,
    );
  }
}

export const addRedirect: AddRedirect = async (_db, { from, to }) => {
  throw new RedirectsNotWired(from, to);
};
