/**
 * An item's search and share fields (decision 064): the title and description a search result
 * shows and the picture a shared link shows. The description's bounds are the site's own
 * (pageMetaSchema in app/content/schemas.ts: 50-160 characters); the title's 60 is about what a
 * search result shows before it cuts (the site adds " | Altiva Cloud" to it in the page's <title>).
 */
import { z } from "zod";
import { altTextSchema, imageIdSchema } from "./rich-text";

export const seoLimits = { titleMax: 60, descriptionMin: 50, descriptionMax: 160 } as const;

/** The fields as a published item must have them. */
export const seoFields = z.strictObject({
  title: z.string().trim().min(1, "Give the page a search title.").max(seoLimits.titleMax),
  description: z.string().trim().min(seoLimits.descriptionMin).max(seoLimits.descriptionMax),
  /** The share picture by reference; none: the item's hero, as a 16:9 WebP (decision 079). */
  sharePicture: z.strictObject({ imageId: imageIdSchema, alt: altTextSchema }).nullable(),
});
export type SeoFields = z.infer<typeof seoFields>;

/** The fields while a draft is written: any length may be saved, the bounds hold at publishing. */
export const seoFieldsDraft = z.strictObject({
  title: z.string().max(1_000),
  description: z.string().max(2_000),
  sharePicture: seoFields.shape.sharePicture,
});
export type SeoFieldsDraft = z.infer<typeof seoFieldsDraft>;
