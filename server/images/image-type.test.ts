/**
 * What an upload is, by its bytes (decision 063): each accepted format is recognised by its magic
 * bytes and confirmed by sharp's reading; GIF, SVG, text and a JPEG's first bytes before garbage
 * are refused with words a marketer can act on; a bomb's header is refused before any decode.
 */
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { checkImage, magicType } from "./image-type";
import { widthsFor, cropBox } from "./variants";
import { hugePng, svgLogo } from "./test-images";

const square = () => sharp({ create: { width: 64, height: 48, channels: 4, background: "#0b5cad" } });

describe("checkImage", () => {
  it("accepts JPEG, PNG, WebP and AVIF by their bytes, with their size", async () => {
    for (const [type, bytes] of [
      ["jpeg", await square().jpeg().toBuffer()],
      ["png", await square().png().toBuffer()],
      ["webp", await square().webp().toBuffer()],
      ["avif", await square().avif({ effort: 0 }).toBuffer()],
    ] as const) {
      expect(magicType(bytes), type).toBe(type);
      expect(await checkImage(bytes)).toEqual({ ok: true, type, width: 64, height: 48 });
    }
  });

  it("refuses GIF, SVG, text and a damaged JPEG, naming what to upload", async () => {
    const gif = await square().gif().toBuffer();
    const damaged = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(200, 7)]);
    const refusals = await Promise.all([gif, svgLogo, Buffer.from("just words"), damaged].map((b) => checkImage(b)));
    expect(refusals.map((r) => r.ok)).toEqual([false, false, false, false]);
    expect(refusals.map((r) => (r.ok ? "" : r.reason))).toEqual([
      "This file is not an image the site accepts. Upload a JPEG, PNG, WebP or AVIF image.",
      "SVG and other markup are not accepted. Upload a JPEG, PNG, WebP or AVIF image.",
      "This file is not an image the site accepts. Upload a JPEG, PNG, WebP or AVIF image.",
      "The image could not be read: it may be damaged. Upload a JPEG, PNG, WebP or AVIF image.",
    ]);
  });

  it("refuses more than 40 megapixels from the header alone", async () => {
    const started = performance.now();
    expect(await checkImage(hugePng(7000))).toEqual({
      ok: false,
      reason: "The image is 7000 × 7000 pixels; the most accepted is 40 megapixels.",
    });
    expect((await checkImage(hugePng(6000))).ok).toBe(true);
    // Reading a header, not decoding 49 million pixels.
    expect(performance.now() - started).toBeLessThan(2000);
  });
});

describe("variant widths and crops", () => {
  it("never makes a width above the source's", () => {
    expect(widthsFor(3000)).toEqual([480, 960, 1440]);
    expect(widthsFor(1440)).toEqual([480, 960, 1440]);
    expect(widthsFor(1000)).toEqual([480, 960, 1000]);
    expect(widthsFor(480)).toEqual([480]);
    expect(widthsFor(200)).toEqual([200]);
  });

  it("centres a crop on the focal point as far as the edges allow", () => {
    expect(cropBox(1600, 900, 1, { x: 0.5, y: 0.5 })).toEqual({ left: 350, top: 0, width: 900, height: 900 });
    expect(cropBox(1600, 900, 1, { x: 0, y: 0.5 })).toEqual({ left: 0, top: 0, width: 900, height: 900 });
    expect(cropBox(1600, 900, 1, { x: 1, y: 0.5 })).toEqual({ left: 700, top: 0, width: 900, height: 900 });
    expect(cropBox(900, 1600, 16 / 9, { x: 0.5, y: 0.1 })).toEqual({ left: 0, top: 0, width: 900, height: 506 });
    expect(cropBox(900, 1600, 16 / 9, { x: 0.5, y: 0.2 })).toEqual({ left: 0, top: 67, width: 900, height: 506 });
    expect(cropBox(900, 1600, 16 / 9, { x: 0.5, y: 0.7 })).toEqual({ left: 0, top: 867, width: 900, height: 506 });
  });
});
