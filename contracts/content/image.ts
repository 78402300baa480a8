/**
 * Images uploaded in the console (docs/decisions/063-images.md): what content stores to name one
 * (`imageReference`), what the console's image API answers (`imageAnswer`), and the addresses of
 * the variants the server makes, shared by the server that serves them and the components that
 * write `<picture>` from an image's metadata without asking the server.
 */
import { z } from "zod";

/** An image as content holds it: which image, and the words that stand for it. Alt is required. */
export const imageReference = z.object({
  imageId: z.string().regex(/^[a-f0-9]{24}$/, "Choose an uploaded image."),
  alt: z
    .string()
    .trim()
    .min(1, "Describe the image for people who cannot see it.")
    .max(300, "Keep the description under 300 characters."),
});
export type ImageReference = z.infer<typeof imageReference>;

/**
 * The shapes an image is cut to: its own, a 16:9 band (hero images, cards) and a square (a
 * person's photo, a logo tile). The crops are centred on the image's focal point.
 */
export const aspects = ["original", "16x9", "1x1"] as const;
export type Aspect = (typeof aspects)[number];
/** Width over height of each crop; the original keeps its own. */
export const aspectRatios: Record<Exclude<Aspect, "original">, number> = { "16x9": 16 / 9, "1x1": 1 };

/** The widths made of each shape, never above the image's own (no upscaling). */
export const variantWidths = [480, 960, 1440] as const;
/** AVIF first: the browser takes the first `<source>` it decodes. */
export const imageFormats = ["avif", "webp"] as const;
export type ImageFormat = (typeof imageFormats)[number];

const focal = z.number().min(0).max(1);
/** Where the subject is, as fractions of the width and height from the top left (0..1). */
export const focalPoint = z.object({ x: focal, y: focal });
export type FocalPoint = z.infer<typeof focalPoint>;

/** PATCH images/:id: move the focal point (the crops are cut again). */
export const focalInput = z.object({ focal: focalPoint });

/** One shape's variants: the widths made, and the size of the widest (the `<img>`'s width and height). */
export const renditionAnswer = z.object({
  widths: z.array(z.number().int().positive()).min(1),
  width: z.number().int().positive(),
  height: z.number().int().positive(),
});
export type RenditionAnswer = z.infer<typeof renditionAnswer>;

/** GET images/:id and POST images: an image's metadata, all a page needs to write its `<picture>`. */
export const imageAnswer = z.object({
  id: z.string(),
  /** Changes when the crops are cut again, so a variant's address names its bytes (immutable). */
  rev: z.string(),
  /** The format it was uploaded in, as found from its bytes. */
  sourceFormat: z.enum(["jpeg", "png", "webp", "avif"]),
  width: z.number().int().positive(),
  height: z.number().int().positive(),
  focal: focalPoint,
  renditions: z.object({
    original: renditionAnswer,
    "16x9": renditionAnswer,
    "1x1": renditionAnswer,
  }),
  createdAt: z.string(),
});
export type ImageAnswer = z.infer<typeof imageAnswer>;

/** What a variant's address names; `mediaPath` writes it and the server reads it back. */
export interface VariantName {
  id: string;
  rev: string;
  aspect: Aspect;
  width: number;
  format: ImageFormat;
}

/** A variant's address on the site: `/media/<id>-<rev>-<aspect>-<width>.<format>`. */
export function mediaPath(v: VariantName): string {
  return `/media/${v.id}-${v.rev}-${v.aspect}-${v.width}.${v.format}`;
}

const mediaName = /^([a-f0-9]{24})-([a-f0-9]{8})-(original|16x9|1x1)-(\d{1,5})\.(avif|webp)$/;

/** The parts of a variant's file name, or undefined for anything else. */
export function parseMediaName(name: string): VariantName | undefined {
  const m = mediaName.exec(name);
  if (!m) return undefined;
  return {
    id: m[1]!,
    rev: m[2]!,
    aspect: m[3] as Aspect,
    width: Number(m[4]),
    format: m[5] as ImageFormat,
  };
}
