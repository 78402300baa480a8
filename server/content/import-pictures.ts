/**
 * The pictures of the one-time import (issue 41): today's case studies, insights and team name the
 * repository's own SVG drawings (public/images/*.svg), not uploads, so without this their `hero`
 * is no image and each would arrive as a draft; once marketing published one new study the site
 * would show the store's alone (decision 067) and today's would vanish. Each drawing is rasterised
 * with sharp (librsvg) to a PNG and stored through the images part's own entry point, `saveImage`,
 * as an upload is: the same checks, variants and stripping. Rasterising is the sanitising here:
 * these are the project's files, not a stranger's upload, and the PNG carries none of the SVG's
 * markup. The item's use of the image is counted by the import as any item's is (image-uses.ts).
 *
 * Pictures are saved before the import's transaction (an image's AVIF variants take seconds to
 * encode, too long to hold the database's writer), and only for items not yet in the store, so a
 * second run saves none. An image saved for an import that then failed is used by nothing and is
 * swept with the other unused uploads (`deleteUnusedImages`).
 */
import fs from "node:fs";
import path from "node:path";
import sharp from "sharp";
import type { CollectionName, DraftData } from "../../contracts/content/items";
import type { Storage } from "../db/db";
import { saveImage } from "../images/images";
import { MarkdownImportError } from "./rich-text-from-markdown";
import { slugTaken } from "./store";

/** The width the drawings are rasterised at: the widest variant (contracts/content/image.ts). */
export const drawingWidth = 1440;

/** A file of the import (import-markdown.ts's ImportedFile, named here so neither imports the other). */
type ImportedFile = { name: string; text: string };

/** What became of a repository picture: the image it is now, or why there is none. */
export type Picture = { imageId: string } | { missing: string };

/** Repository pictures by the address the front matter gives ("/images/case-claims-ai.svg"). */
export type Pictures = ReadonlyMap<string, Picture>;

/** A front matter's picture that names a file of the site ("/images/…"), not an uploaded image's id. */
export const isRepositoryPicture = (src: unknown): src is string => typeof src === "string" && src.startsWith("/");

/** The drawing as a PNG `drawingWidth` wide, its height by its own proportions. */
export async function rasteriseDrawing(svg: Buffer): Promise<Buffer> {
  // A high density renders the vector at the target size rather than scaling up a small bitmap.
  return sharp(svg, { density: 300 }).resize({ width: drawingWidth }).png().toBuffer();
}

/** The draft field that holds an item's picture: a study's or an insight's hero, a person's photo, a project's image. */
export type PictureField = "hero" | "photo" | "image";

/** The picture of a draft, when it names a repository file. */
const pictureSource = (draft: DraftData, field: PictureField): string | undefined => {
  const picture = (draft as Record<string, { imageId?: unknown } | undefined>)[field];
  return isRepositoryPicture(picture?.imageId) ? picture.imageId : undefined;
};

/**
 * Saves, as images, the repository pictures of the files whose items are not yet in the store;
 * `publicDir` is the site's public folder. A picture outside it, or not there, is `missing`.
 */
export async function savePictures(
  storage: Storage,
  collection: CollectionName,
  files: ImportedFile[],
  /** A file's draft, or its drafts (team.json holds a list of people). */
  draftOf: (file: ImportedFile, siteOrigin: string) => DraftData | DraftData[],
  opts: { publicDir: string; siteOrigin: string; now: Date; field?: PictureField },
): Promise<Pictures> {
  const pictures = new Map<string, Picture>();
  const root = path.resolve(opts.publicDir);
  const field = opts.field ?? "hero";
  const drafts: DraftData[] = [];
  for (const file of files) {
    try {
      drafts.push(...[draftOf(file, opts.siteOrigin)].flat());
    } catch (error) {
      if (error instanceof MarkdownImportError) continue; // the import refuses it and says why
      throw error;
    }
  }
  for (const draft of drafts) {
    const src = pictureSource(draft, field);
    if (!src || pictures.has(src) || (await slugTaken(storage.db, collection, draft.slug))) continue;
    const where = path.join(root, src);
    const shown = `public${src}`;
    if (!where.startsWith(root + path.sep) || !fs.existsSync(where)) {
      pictures.set(src, { missing: `No picture at ${shown}: upload the hero in the console.` });
      continue;
    }
    const saved = await saveImage(storage, await rasteriseDrawing(fs.readFileSync(where)), { staffId: null }, opts.now);
    pictures.set(src, saved.ok ? { imageId: saved.image.id } : { missing: `${shown}: ${saved.reason}` });
  }
  return pictures;
}

/** The draft with its repository picture replaced by the saved image, or the issue saying it is missing. */
export function withPicture(
  draft: DraftData,
  pictures: Pictures | undefined,
  field: PictureField = "hero",
): { draft: DraftData; issue?: { path: string; message: string } } {
  const src = pictureSource(draft, field);
  if (!src || !pictures) return { draft };
  const picture = pictures.get(src);
  if (!picture) return { draft };
  if ("missing" in picture) return { draft, issue: { path: `${field}.imageId`, message: picture.missing } };
  const held = (draft as Record<string, Record<string, unknown> | undefined>)[field];
  return { draft: { ...draft, [field]: { ...held, imageId: picture.imageId } } as DraftData };
}
