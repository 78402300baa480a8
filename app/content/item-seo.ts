/**
 * A stored item's search fields as its page's meta uses them (issue 41, decision 079): its own
 * search title and description, and its share picture, an uploaded image's 16:9 WebP variant (the
 * widest made, 1,440 px at most) in place of the drawing the build makes per path. The share
 * picture is the one chosen in the SEO fields, else the hero. Markdown items have none of this.
 */
import { mediaPath } from "@contracts/content/image";
import type { SeoFields } from "@contracts/content/seo";
import type { ImageMeta } from "@contracts/content/site-context";

export interface SharePicture {
  /** The picture's address on the site (absolute once the meta writes it). */
  path: string;
  type: string;
  width: number;
  height: number;
  alt: string;
}

export interface ItemSeo {
  title: string;
  description: string;
  /** Null when the image is gone: the drawn picture then stands in. */
  picture: SharePicture | null;
}

/** The share picture of an uploaded image: its 16:9 cut around the focal point, the widest WebP. */
export function sharePictureOf(image: ImageMeta, alt: string): SharePicture {
  const rendition = image.renditions["16x9"];
  const width = Math.max(...rendition.widths);
  return {
    path: mediaPath({ id: image.id, rev: image.rev, aspect: "16x9", width, format: "webp" }),
    type: "image/webp",
    width,
    height: Math.round((width * rendition.height) / rendition.width),
    alt,
  };
}

export function storedSeo(
  seo: SeoFields,
  hero: { imageId: string; alt: string },
  images: Record<string, ImageMeta>,
): ItemSeo {
  const chosen = seo.sharePicture ?? hero;
  const image = images[chosen.imageId];
  return {
    title: seo.title,
    description: seo.description,
    picture: image ? sharePictureOf(image, chosen.alt) : null,
  };
}
