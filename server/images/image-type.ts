/**
 * What an uploaded image is, decided by its bytes (never its name or declared type): the magic
 * bytes say which of JPEG, PNG, WebP or AVIF it claims to be, and sharp's own reading of its
 * header must agree and give a size within `maxInputPixels`. SVG is refused rather than
 * sanitised: it is a document that can carry scripts and links, and the content the site shows
 * (photographs, screenshots, logos) needs none of it; a logo comes as PNG or WebP.
 */
import sharp, { type Metadata } from "sharp";

export type ImageType = "jpeg" | "png" | "webp" | "avif";

/** 40 megapixels: a 12 MP phone photo passes three times over; a decompression bomb does not. */
export const maxInputPixels = 40_000_000;

export type ImageCheck = { ok: true; type: ImageType; width: number; height: number } | { ok: false; reason: string };

const accepted = "Upload a JPEG, PNG, WebP or AVIF image.";

/** The type the first bytes announce, or undefined. */
export function magicType(bytes: Buffer): ImageType | undefined {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return "jpeg";
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))
    return "png";
  if (
    bytes.length >= 12 &&
    bytes.subarray(0, 4).toString("latin1") === "RIFF" &&
    bytes.subarray(8, 12).toString("latin1") === "WEBP"
  )
    return "webp";
  // An ISO-BMFF file: its first box is `ftyp`, whose major or compatible brands name AVIF.
  if (bytes.length >= 16 && bytes.subarray(4, 8).toString("latin1") === "ftyp") {
    const size = Math.min(bytes.readUInt32BE(0), bytes.length);
    for (let at = 8; at + 4 <= size; at += 4) {
      if (at === 12) continue; // the minor version, not a brand
      const brand = bytes.subarray(at, at + 4).toString("latin1");
      if (brand === "avif" || brand === "avis") return "avif";
    }
  }
  return undefined;
}

/** Text that starts like markup: an SVG or an HTML page renamed, named in the refusal. */
function looksLikeMarkup(bytes: Buffer): boolean {
  const head = bytes
    .subarray(0, 512)
    .toString("utf8")
    .replace(/^\uFEFF/, "")
    .trimStart()
    .toLowerCase();
  return (
    head.startsWith("<?xml") || head.startsWith("<svg") || head.startsWith("<!doctype") || head.startsWith("<html")
  );
}

/** sharp's name for each accepted type (AVIF is read by its HEIF loader). */
const sharpFormat: Record<ImageType, string> = { jpeg: "jpeg", png: "png", webp: "webp", avif: "heif" };

export async function checkImage(bytes: Buffer): Promise<ImageCheck> {
  if (bytes.length === 0) return { ok: false, reason: `The file is empty. ${accepted}` };
  const type = magicType(bytes);
  if (!type) {
    if (looksLikeMarkup(bytes)) return { ok: false, reason: `SVG and other markup are not accepted. ${accepted}` };
    return { ok: false, reason: `This file is not an image the site accepts. ${accepted}` };
  }
  let meta: Metadata;
  try {
    meta = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    return { ok: false, reason: `The image could not be read: it may be damaged. ${accepted}` };
  }
  if (meta.format !== sharpFormat[type] || (type === "avif" && meta.compression !== "av1")) {
    return { ok: false, reason: `The file's contents do not match its type. ${accepted}` };
  }
  const width = meta.autoOrient?.width ?? meta.width;
  const height = meta.autoOrient?.height ?? meta.height;
  if (!width || !height) return { ok: false, reason: `The image has no size. ${accepted}` };
  if (width * height > maxInputPixels) {
    return {
      ok: false,
      reason: `The image is ${width} × ${height} pixels; the most accepted is ${maxInputPixels / 1_000_000} megapixels.`,
    };
  }
  return { ok: true, type, width, height };
}
