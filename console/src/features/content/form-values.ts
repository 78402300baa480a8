/**
 * Reading a stored draft into form values, for every collection's form: a draft may lack any
 * field or hold it half-made, and the form fills the gaps with empty values.
 */
import { emptyRichTextDoc, type RichTextDoc } from "@contracts/content/rich-text";
import type { SeoFieldsDraft } from "@contracts/content/seo";

export const text = (value: unknown) => (typeof value === "string" ? value : "");
export const record = (value: unknown): Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
export const keys = (value: unknown) =>
  Array.isArray(value) ? value.filter((v): v is string => typeof v === "string") : [];
export const doc = (value: unknown): RichTextDoc =>
  record(value).type === "doc" && Array.isArray(record(value).content) ? (value as RichTextDoc) : emptyRichTextDoc;

/** The search fields of a draft. */
export function seoOf(value: unknown): SeoFieldsDraft {
  const seo = record(value);
  const share = record(seo.sharePicture);
  return {
    title: text(seo.title),
    description: text(seo.description),
    sharePicture:
      typeof share.imageId === "string" && typeof share.alt === "string"
        ? { imageId: share.imageId, alt: share.alt }
        : null,
  };
}

/** An address from a title: "Moving a platform to AWS" → "moving-a-platform-to-aws". */
export function slugOf(title: string): string {
  return title
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 80)
    .replace(/-+$/, "");
}

/** The fields that hold an item's one picture: a study's or an insight's hero, a person's photo, a project's image, a logo or a badge. */
const pictureFields = ["hero", "photo", "image", "logo", "badge"] as const;

/** The picture's image id in a stored draft, to load its metadata for the image field. */
export function heroImageId(draft: Record<string, unknown>): string | undefined {
  const ids = pictureFields.map((field) => record(draft[field]).imageId);
  return ids.find((id): id is string => typeof id === "string");
}
