/**
 * The one-time import of a collection kept in the repository as one JSON list (the team's
 * team.json, the portfolio's portfolio.json; decision 078): each entry a draft named by a slug of
 * its name, in the list's order, its picture the image import-pictures.ts saved from the
 * repository's drawing. A complete item goes live as its first revision; an address already in the
 * store is kept, so a second run changes nothing.
 */
import type { Kysely } from "kysely";
import { contentSlug, type CollectionName, type DraftData } from "../../contracts/content/items";
import type { Database } from "../db/schema";
import { syncImageUses } from "./image-uses";
import type { ImportOptions, ImportResult } from "./import-markdown";
import { withPicture, type PictureField } from "./import-pictures";
import { importItem } from "./store";

/** "Elena Marsh" is elena-marsh; letters outside a-z (accents) are dropped to their base letter. */
export function nameSlug(name: string): string {
  return name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");
}

/** The draft with only the fields the file gives. */
export const withoutUndefined = (draft: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(draft).filter(([, v]) => v !== undefined)) as DraftData;

/** The file's entries, each made a draft by `draftOf` with its place in the list (from 1). */
export function listDrafts(
  file: { name: string; text: string },
  draftOf: (entry: Record<string, unknown>, order: number) => DraftData,
): DraftData[] {
  const entries = JSON.parse(file.text) as unknown;
  if (!Array.isArray(entries)) throw new Error(`${file.name} is not a list`);
  return entries.map((entry, n) => draftOf((entry ?? {}) as Record<string, unknown>, n + 1));
}

export async function importList(
  db: Kysely<Database>,
  collection: CollectionName,
  file: { name: string; text: string },
  drafts: DraftData[],
  field: PictureField,
  opts: ImportOptions,
): Promise<ImportResult[]> {
  const results: ImportResult[] = [];
  for (const written of drafts) {
    const pictured = withPicture(written, opts.pictures, field);
    const draft = pictured.draft;
    if (!contentSlug.safeParse(draft.slug).success) {
      results.push({
        file: file.name,
        slug: draft.slug,
        result: "refused",
        issues: [{ path: "slug", message: "No name to make an address of." }],
      });
      continue;
    }
    const { item, ...done } = await importItem(db, collection, draft, opts.now, opts.addRedirect);
    if (item) await syncImageUses(db, null, item, opts.imageUses);
    const issues = pictured.issue && done.result === "draft" ? [pictured.issue, ...done.issues] : done.issues;
    results.push({ file: file.name, slug: draft.slug, result: done.result, issues });
  }
  return results;
}
