/**
 * The share pictures' drawing (decision 046): titles HR types in any European script are drawn
 * with Inter's own glyphs, and characters no face has are left out rather than drawn as boxes.
 */
import { describe, expect, it } from "vitest";
import { shareImageSize, type SharePictureContent } from "../../contracts/share-image";
import { drawSharePicture, missingGlyphs, shareAssets } from "./draw";

const assets = shareAssets("public/favicon.svg");
const picture = (title: string): SharePictureContent => ({
  title,
  kind: "Careers",
  brand: "Altiva Cloud",
  host: "altivacloud.com",
});

describe("drawing a share picture", () => {
  it("has a glyph for every character of Latin, Latin Extended, Cyrillic, Greek and Vietnamese titles", async () => {
    for (const title of [
      "Ingénieure DevOps Sénior (Kubernetes & Go), São Paulo",
      "Senior Data Engineer, Łódź / İstanbul / Cluj-Napoca (ș, ț)",
      "Розробник Python, Київ — Ελλάδα, Tiếng Việt",
      "Lead “Platform” Engineer – £70,000 · €80,000 …",
    ]) {
      expect([...(await missingGlyphs(picture(title), assets))], title).toEqual([]);
    }
  });

  it("leaves out what no face has (CJK, Arabic, emoji) instead of drawing a box for each", async () => {
    const mixed = picture("Backend Engineer 東京 مرحبا 🚀, Sydney");
    expect([...(await missingGlyphs(mixed, assets))].sort()).toEqual(
      [..."東京مرحبا🚀"].filter((c, i, all) => all.indexOf(c) === i).sort(),
    );
    const drawn = await drawSharePicture(mixed, assets);
    expect(drawn.equals(await drawSharePicture(picture("Backend Engineer, Sydney"), assets))).toBe(true);
    expect(drawn.readUInt32BE(16)).toBe(shareImageSize.width);
    expect(drawn.readUInt32BE(20)).toBe(shareImageSize.height);
  });
});
