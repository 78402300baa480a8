/**
 * The one-time import of a collection's Markdown files into the content store (decision 065; the
 * content-import command): each file becomes a draft through its collection's converter, an item
 * that passes the schema goes live as revision 1, one that lacks a field stays a draft listing what
 * it lacks, and a file holding what the stored format cannot (raw HTML, a script link) is refused
 * whole. An address already in the store is kept, so a second run changes nothing. A picture that
 * names the repository's drawing is the image import-pictures.ts saved for it before the import.
 */
import type { Kysely } from "kysely";
import type { CollectionName, DraftData } from "../../contracts/content/items";
import type { Database } from "../db/schema";
import type { AddRedirect } from "./redirect-seam";
import type { ImageUses } from "./image-seam";
import { syncImageUses } from "./image-uses";
import { MarkdownImportError } from "./rich-text-from-markdown";
import { withPicture, type Pictures } from "./import-pictures";
import { importItem, type Issue } from "./store";

export interface ImportedFile {
  name: string;
  text: string;
}

export interface ImportResult {
  file: string;
  slug: string;
  /** refused: its Markdown holds what the stored format cannot (the issue says what and where). */
  result: "published" | "draft" | "kept" | "refused";
  issues: Issue[];
}

export interface ImportOptions {
  now: Date;
  siteOrigin: string;
  addRedirect: AddRedirect;
  imageUses: ImageUses;
  /** The repository pictures saved as images before the import (import-pictures.ts), by address. */
  pictures?: Pictures;
}

/** The body's `## Name` sections, by lower-case name; words before the first heading under "". */
export function sections(body: string): Map<string, string> {
  const found = new Map<string, string>();
  let name = "";
  let lines: string[] = [];
  for (const line of body.split(/\r?\n/)) {
    const heading = /^##\s+(.+?)\s*$/.exec(line);
    if (heading) {
      found.set(name, lines.join("\n").trim());
      name = heading[1]!.toLowerCase();
      lines = [];
    } else lines.push(line);
  }
  found.set(name, lines.join("\n").trim());
  return found;
}

/** A front-matter date (gray-matter reads YYYY-MM-DD as a Date) as the store keeps it. */
export const day = (value: unknown) => (value instanceof Date ? value.toISOString().slice(0, 10) : value);

/** The draft with only the fields the file gives. */
export const withoutUndefined = (draft: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(draft).filter(([, v]) => v !== undefined)) as DraftData;

export async function importFiles(
  db: Kysely<Database>,
  collection: CollectionName,
  files: ImportedFile[],
  draftOf: (file: ImportedFile, siteOrigin: string) => DraftData,
  opts: ImportOptions,
): Promise<ImportResult[]> {
  const { now, siteOrigin, addRedirect } = opts;
  const results: ImportResult[] = [];
  for (const file of [...files].sort((a, b) => a.name.localeCompare(b.name))) {
    let draft: DraftData;
    try {
      draft = draftOf(file, siteOrigin);
    } catch (error) {
      if (!(error instanceof MarkdownImportError)) throw error;
      const slug = file.name.replace(/\.md$/, "");
      results.push({ file: file.name, slug, result: "refused", issues: [{ path: "body", message: error.message }] });
      continue;
    }
    const pictured = withPicture(draft, opts.pictures);
    const { item, ...done } = await importItem(db, collection, pictured.draft, now, addRedirect);
    if (item) await syncImageUses(db, null, item, opts.imageUses);
    const issues = pictured.issue && done.result === "draft" ? [pictured.issue, ...done.issues] : done.issues;
    results.push({ file: file.name, slug: draft.slug, result: done.result, issues });
  }
  return results;
}
