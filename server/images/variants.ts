/**
 * The pixels' side of an upload (docs/decisions/063-images.md): the image is turned upright by
 * its EXIF orientation first, converted to sRGB and decoded once; everything written from it
 * carries no metadata (sharp writes none unless asked: no EXIF, GPS, XMP or ICC profile). From
 * those pixels come the master (kept to cut the crops again) and the variants: each shape of
 * `aspects`, cut around the focal point, at each width of `variantWidths` up to the crop's own,
 * as AVIF and WebP.
 */
import sharp from "sharp";
import {
  aspectRatios,
  aspects,
  imageFormats,
  variantWidths,
  type Aspect,
  type FocalPoint,
  type ImageFormat,
} from "../../contracts/content/image";
import { maxInputPixels } from "./image-type";

/** The master's widest: twice the widest variant, so a later, wider variant set has pixels to use. */
export const masterMaxWidth = 2880;

export interface Pixels {
  data: Buffer;
  width: number;
  height: number;
  channels: 1 | 2 | 3 | 4;
}

export interface Variant {
  aspect: Aspect;
  width: number;
  height: number;
  format: ImageFormat;
  content: Buffer;
}

export interface Box {
  left: number;
  top: number;
  width: number;
  height: number;
}

/** Decodes an upload: upright, sRGB, at most `masterMaxWidth` wide; refuses more than `maxInputPixels`. */
export async function decodeUpload(bytes: Buffer): Promise<Pixels> {
  const { data, info } = await sharp(bytes, { limitInputPixels: maxInputPixels, failOn: "error" })
    .autoOrient()
    .resize({ width: masterMaxWidth, withoutEnlargement: true })
    .toColourspace("srgb")
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height, channels: info.channels };
}

/** Decodes a stored master back to pixels (to cut new crops). */
export async function decodeMaster(master: Buffer): Promise<Pixels> {
  const { data, info } = await sharp(master).raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height, channels: info.channels };
}

const fromPixels = (p: Pixels) => sharp(p.data, { raw: { width: p.width, height: p.height, channels: p.channels } });

/**
 * The master: WebP at quality 90 (alpha kept), good enough to cut from again. Effort 0: it is
 * written once and seldom read, and at 2880 × 2160 effort 0 took 0.9 s against 4.3 s at the
 * default 4, for 2% more bytes (decision 063).
 */
export async function encodeMaster(p: Pixels): Promise<Buffer> {
  return fromPixels(p).webp({ quality: 90, effort: 0 }).toBuffer();
}

/** The widths made of a source this wide: the standard ones below it, and never wider than it. */
export function widthsFor(sourceWidth: number): number[] {
  const widest = variantWidths[variantWidths.length - 1]!;
  if (sourceWidth >= widest) return [...variantWidths];
  return [...variantWidths.filter((w) => w < sourceWidth), sourceWidth];
}

/**
 * The largest box of the given ratio (width / height) inside the image, centred on the focal
 * point as far as the edges allow.
 */
export function cropBox(width: number, height: number, ratio: number, focal: FocalPoint): Box {
  if (width / height > ratio) {
    const w = Math.min(width, Math.round(height * ratio));
    const left = clamp(Math.round(focal.x * width - w / 2), 0, width - w);
    return { left, top: 0, width: w, height };
  }
  const h = Math.min(height, Math.round(width / ratio));
  const top = clamp(Math.round(focal.y * height - h / 2), 0, height - h);
  return { left: 0, top, width, height: h };
}

const clamp = (n: number, min: number, max: number) => Math.max(min, Math.min(max, n));

/** The box each shape is cut from. */
export function boxOf(p: Pick<Pixels, "width" | "height">, aspect: Aspect, focal: FocalPoint): Box {
  return aspect === "original"
    ? { left: 0, top: 0, width: p.width, height: p.height }
    : cropBox(p.width, p.height, aspectRatios[aspect], focal);
}

async function encode(p: Pixels, box: Box, width: number, format: ImageFormat): Promise<Omit<Variant, "aspect">> {
  const pipeline = fromPixels(p).extract(box).resize({ width, withoutEnlargement: true });
  // Effort 2, not sharp's default 4: on this machine a 1440 px AVIF took 0.5 s instead of 6.6 s
  // for 8% more bytes (decision 063).
  const encoded = format === "avif" ? pipeline.avif({ quality: 50, effort: 2 }) : pipeline.webp({ quality: 75 });
  const { data, info } = await encoded.toBuffer({ resolveWithObject: true });
  return { width: info.width, height: info.height, format, content: data };
}

/** The variants of the given shapes (all of them unless said), every width and format. */
export async function makeVariants(
  p: Pixels,
  focal: FocalPoint,
  shapes: readonly Aspect[] = aspects,
): Promise<Variant[]> {
  const jobs: Promise<Variant>[] = [];
  for (const aspect of shapes) {
    const box = boxOf(p, aspect, focal);
    for (const width of widthsFor(box.width)) {
      for (const format of imageFormats) {
        jobs.push(encode(p, box, width, format).then((v) => ({ ...v, aspect })));
      }
    }
  }
  return Promise.all(jobs);
}
