/**
 * Today's team (app/content/team.json, the team page's data) as the content store's team members
 * (contracts/content/items.ts `teamMemberItem`, decision 069), imported once like the Markdown
 * collections: each person is a draft named by a slug of their name, in the page's order. Today's
 * portraits are the site's drawings, not uploads, so each arrives as a draft asking for a photo.
 * An address already in the store is kept, so a second run changes nothing.
 */
import type { Kysely } from "kysely";
import { contentSlug, type DraftData } from "../../contracts/content/items";
import type { Database } from "../db/schema";
import { syncImageUses } from "./image-uses";
import type { ImportOptions, ImportResult } from "./import-markdown";
import { importItem } from "./store";

/** "Elena Marsh" is elena-marsh; letters outside a-z (accents) are dropped to their base letter. */
export function personSlug(name: string): string {
  return name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");
}

/** One person of team.json as a draft, with only the fields the file gives. */
export function teamMemberDraft(person: Record<string, unknown>, order: number): DraftData {
  const name = typeof person.name === "string" ? person.name : "";
  const draft: Record<string, unknown> = {
    slug: personSlug(name),
    name: name || undefined,
    position: person.position,
    bio: person.bio,
    photo: typeof person.image === "string" ? { imageId: person.image, alt: `Portrait of ${name}` } : undefined,
    linkedin: person.linkedin,
    order,
  };
  return Object.fromEntries(Object.entries(draft).filter(([, v]) => v !== undefined)) as DraftData;
}

/** `text`: team.json's contents, a list of people in the page's order. */
export async function importTeam(
  db: Kysely<Database>,
  file: { name: string; text: string },
  opts: ImportOptions,
): Promise<ImportResult[]> {
  const people = JSON.parse(file.text) as unknown;
  if (!Array.isArray(people)) throw new Error(`${file.name} is not a list of people`);
  const results: ImportResult[] = [];
  for (const [n, person] of people.entries()) {
    const draft = teamMemberDraft((person ?? {}) as Record<string, unknown>, n + 1);
    if (!contentSlug.safeParse(draft.slug).success) {
      results.push({
        file: file.name,
        slug: draft.slug,
        result: "refused",
        issues: [{ path: "name", message: "No name to make an address of." }],
      });
      continue;
    }
    const { item, ...done } = await importItem(db, "team", draft, opts.now, opts.addRedirect);
    if (item) await syncImageUses(db, null, item, opts.imageUses);
    results.push({ file: file.name, slug: draft.slug, ...done });
  }
  return results;
}
