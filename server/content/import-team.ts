/**
 * Today's team (app/content/team.json, the team page's data) as the content store's team members
 * (contracts/content/items.ts `teamMemberItem`, decisions 069 and 078), imported once: each person
 * is named by a slug of their name, in the page's order. Today's portraits are the site's
 * drawings: `content-import` saves each as an image first (import-pictures.ts, the photo field),
 * so a complete person goes live as their first revision and the page loses nobody when the
 * store's team takes over; without the pictures, each arrives as a draft asking for a photo. An
 * address already in the store is kept, so a second run changes nothing.
 */
import type { Kysely } from "kysely";
import type { DraftData } from "../../contracts/content/items";
import type { Database } from "../db/schema";
import type { ImportOptions, ImportResult } from "./import-markdown";
import { importList, listDrafts, nameSlug, withoutUndefined } from "./import-list";

export { nameSlug as personSlug };

/** One person of team.json as a draft, with only the fields the file gives. */
export function teamMemberDraft(person: Record<string, unknown>, order: number): DraftData {
  const name = typeof person.name === "string" ? person.name : "";
  return withoutUndefined({
    slug: nameSlug(name),
    name: name || undefined,
    position: person.position,
    bio: person.bio,
    // Today's portraits are drawings, and the alt says so (as the page always has).
    photo:
      typeof person.image === "string" ? { imageId: person.image, alt: `Illustrated portrait of ${name}` } : undefined,
    linkedin: person.linkedin,
    order,
  });
}

/** team.json's people as drafts, in the page's order (the pictures' import reads them too). */
export const teamDrafts = (file: { name: string; text: string }) => listDrafts(file, teamMemberDraft);

/** `text`: team.json's contents, a list of people in the page's order. */
export const importTeam = (
  db: Kysely<Database>,
  file: { name: string; text: string },
  opts: ImportOptions,
): Promise<ImportResult[]> => importList(db, "team", file, teamDrafts(file), "photo", opts);
