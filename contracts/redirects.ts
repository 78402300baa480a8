/**
 * Redirects (decision 062): an old address of the site answered with a 301 to a page of the same
 * site. Both ends are paths of the site's own shape (the shape the dashboard's "Pages not found"
 * counts: letters, digits and / _ . ~ -), so a redirect can never send a visitor to another site,
 * and a `from` carries no query string: the visitor's own query is passed on to the new address.
 * Read by the server (server/redirects/) and the console (features/redirects/).
 */
import { z } from "zod";

/** A path of the site's shape: no "//" (a protocol-relative address), no "." or ".." segment. */
const pathShape = /^\/(?:[A-Za-z0-9_.~-]+(?:\/[A-Za-z0-9_.~-]+)*)?\/?$/;
export const maxPathLength = 200;

export const redirectMessages = {
  shape: (which: "from" | "to") =>
    `The ${which === "from" ? "old" : "new"} address must be a path of this site, such as /services/cloud: letters, digits and / _ . ~ - only, ${maxPathLength} characters at most.`,
  query:
    "Give the path without a query string (the part from ?): the visitor’s own query string is passed on to the new address.",
  loop: (chain: readonly string[]) =>
    `This redirect would make a loop (${chain.join(" → ")}): a visitor would be sent round and never reach a page.`,
  served: (from: string) =>
    `${from} is a page the site serves itself, or belongs to the console, the API or the careers pages, so it cannot be redirected.`,
  taken: (from: string, to: string) =>
    `${from} already redirects to ${to}. Remove that redirect first to send it somewhere else.`,
} as const;

/** What a refusal names, for the console to say and the store to act on. */
export const redirectRefusals = ["shape", "query", "loop", "served", "taken"] as const;
export type RedirectRefusal = (typeof redirectRefusals)[number];

/**
 * The path as it is stored and looked up: the trailing "/" dropped ("/old/" and "/old" are one
 * address), undefined when it is not a path of the site's shape.
 */
export function sitePathOf(input: string): string | undefined {
  const value = input.trim();
  if (value.length > maxPathLength || !pathShape.test(value)) return undefined;
  const segments = value.split("/");
  if (segments.some((s) => s === "." || s === "..")) return undefined;
  return value.length > 1 ? value.replace(/\/$/, "") : value;
}

/** POST redirects: the two paths as typed (the server checks and normalises them). */
export const newRedirect = z.object({
  from: z.string().max(1000),
  to: z.string().max(1000),
});
export type NewRedirect = z.infer<typeof newRedirect>;

/** An ISO-8601 UTC time, as every console answer gives it. */
const time = z.string();

export const redirectAnswer = z.object({
  id: z.number().int(),
  from: z.string(),
  to: z.string(),
  /** "added": by a person in the console; "slug change": made when a published item's address changed. */
  reason: z.enum(["added", "slug change"]),
  /** Who made it; null once that person's row is gone, or for one made by no person. */
  createdBy: z.string().nullable(),
  createdAt: time,
  /** When it was last changed: a chain flattened points it straight at the final page. */
  updatedAt: time,
});
export type RedirectAnswer = z.infer<typeof redirectAnswer>;

/** GET redirects, and the answer of every change: the whole list, newest first. */
export const redirectsAnswer = z.object({ redirects: z.array(redirectAnswer) });
export type RedirectsAnswer = z.infer<typeof redirectsAnswer>;
