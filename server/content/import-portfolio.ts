/**
 * Today's portfolio (app/content/portfolio.json, the portfolio page's data) as the content store's
 * portfolio items (contracts/content/items.ts `portfolioItem`, decision 078), imported once: each
 * project named by a slug of its title, in the page's order, its drawing saved as an image first
 * (import-pictures.ts, the image field), so both go live as their first revision.
 */
import type { Kysely } from "kysely";
import type { DraftData } from "../../contracts/content/items";
import type { Database } from "../db/schema";
import type { ImportOptions, ImportResult } from "./import-markdown";
import { importList, listDrafts, nameSlug, withoutUndefined } from "./import-list";

/** One project of portfolio.json as a draft, with only the fields the file gives. */
export function portfolioDraft(project: Record<string, unknown>, order: number): DraftData {
  const title = typeof project.title === "string" ? project.title : "";
  return withoutUndefined({
    slug: nameSlug(title),
    title: title || undefined,
    description: project.description,
    image: typeof project.image === "string" ? { imageId: project.image, alt: project.imageAlt } : undefined,
    link: project.link,
    note: project.note,
    order,
  });
}

export const portfolioDrafts = (file: { name: string; text: string }) => listDrafts(file, portfolioDraft);

export const importPortfolio = (
  db: Kysely<Database>,
  file: { name: string; text: string },
  opts: ImportOptions,
): Promise<ImportResult[]> => importList(db, "portfolio", file, portfolioDrafts(file), "image", opts);
