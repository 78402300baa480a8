import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import {
  drawnByServer,
  shareImageAlt,
  shareImageKind,
  shareImagePath,
  shareImageSize,
  sharePictureContent,
} from "../app/lib/share-image";
import { collectionPageKind } from "../app/content/collections";
import { pageMeta } from "../app/lib/seo";
import { company, siteUrl } from "../app/site/company";
import { pages } from "../app/site/pages";
import { drawSharePicture } from "../server/share-image/draw";
import { buildShareAssets, sharePicturesIn, writeShareImages } from "./og-images";

/** Width and height from a PNG's IHDR chunk (after the 8-byte signature and the chunk's length and type). */
function pngSize(png: Buffer) {
  expect(png.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
  expect(png.subarray(12, 16).toString("latin1")).toBe("IHDR");
  return { width: png.readUInt32BE(16), height: png.readUInt32BE(20) };
}

/** A built page's head as pageMeta writes it, enough for the collector. */
function head(pagePath: string, title: string) {
  const tags = (pageMeta({ path: pagePath, title, description: "A page." }) as Record<string, unknown>[])
    .filter((d) => "property" in d)
    .map((d) => `<meta property="${String(d.property)}" content="${String(d.content).replace(/&/g, "&amp;")}">`);
  return `<!DOCTYPE html><html><head>${tags.join("")}</head><body></body></html>`;
}

const dirs: string[] = [];
function buildDir(files: Record<string, string>) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "og-images-"));
  dirs.push(dir);
  for (const [rel, html] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true });
    fs.writeFileSync(path.join(dir, rel), html);
  }
  return dir;
}
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

describe("share picture paths, kinds and words", () => {
  it("gives every page of the page table its own picture under /og/, named for its kind", () => {
    const images = pages.map((p) => shareImagePath(p.path));
    expect(new Set(images).size).toBe(pages.length);
    for (const p of pages) {
      expect(shareImagePath(p.path)).toMatch(/^\/og\/[\w/-]+\.png$/);
      expect(shareImageKind(p.path)).not.toBe("Page");
    }
    expect(shareImagePath("/")).toBe("/og/index.png");
    expect(shareImageKind("/case-studies/cloud-migration", collectionPageKind("/case-studies/cloud-migration"))).toBe(
      "Case study",
    );
    expect(collectionPageKind("/case-studies/category/cloud")).toBe("Case studies");
  });

  it("gives a role page a picture of its own, drawn by the server, that names the role", () => {
    const role = "/career/senior-cloud-engineer-lisbon";
    expect(drawnByServer(role)).toBe(true);
    expect(pages.some((p) => drawnByServer(p.path))).toBe(false);
    expect(shareImagePath(role)).toBe("/og/career/senior-cloud-engineer-lisbon.png");
    expect(shareImageAlt(role, "Senior Cloud Engineer, Lisbon")).toBe(
      `Careers: Senior Cloud Engineer, Lisbon. ${company.name}`,
    );
    expect(sharePictureContent(role, "Senior Cloud Engineer, Lisbon")).toEqual({
      title: "Senior Cloud Engineer, Lisbon",
      kind: "Careers",
      brand: company.shortName,
      host: new URL(siteUrl).host.replace(/^www\./, ""),
    });
  });

  it("puts the absolute picture URL, its size, its words and the large card in every page's head", () => {
    const meta = pageMeta({
      path: "/services/ai",
      title: "Artificial Intelligence Services",
      description: "AI.",
    }) as Record<string, unknown>[];
    const value = (key: string) => meta.find((d) => d.property === key || d.name === key)?.content;
    expect(value("og:image")).toBe(`${siteUrl}/og/services/ai.png`);
    expect(value("og:image:width")).toBe("1200");
    expect(value("og:image:height")).toBe("630");
    expect(value("og:image:alt")).toBe(`Service: Artificial Intelligence Services. ${company.name}`);
    expect(value("twitter:card")).toBe("summary_large_image");
  });
});

describe("drawing the pictures", () => {
  it("draws a 1200×630 PNG whose pixels follow the title", async () => {
    const assets = buildShareAssets();
    const a = await drawSharePicture(
      sharePictureContent("/services/cloudservice", "Cloud Services and Consulting"),
      assets,
    );
    const b = await drawSharePicture(sharePictureContent("/technology/python", "Hire Python Developers"), assets);
    expect(pngSize(a)).toEqual(shareImageSize);
    expect(pngSize(b)).toEqual(shareImageSize);
    expect(a.equals(b)).toBe(false);
  });

  it("draws one picture per page that names its own, and none for a role's page (the server draws roles')", async () => {
    const dir = buildDir({
      "index.html": head("/", "Cloud, Web, Mobile and AI Engineering Teams"),
      "services/ai/index.html": head("/services/ai", "Artificial Intelligence Services"),
      "career/index.html": head("/career", "Careers"),
      "career/platform-engineer/index.html": head("/career/platform-engineer", "Platform Engineer, Lisbon"),
      "404/index.html": "<!DOCTYPE html><title>Page not found</title>",
    });
    const { pictures } = sharePicturesIn(dir);
    expect(pictures.map((p) => p.image).sort()).toEqual(["/og/career.png", "/og/index.png", "/og/services/ai.png"]);
    expect(pictures.find((p) => p.image === "/og/career.png")).toEqual({
      image: "/og/career.png",
      ...sharePictureContent("/career", "Careers"),
    });
    const { count } = await writeShareImages(dir);
    expect(count).toBe(3);
    expect(pngSize(fs.readFileSync(path.join(dir, "og/services/ai.png")))).toEqual(shareImageSize);
  });

  it("fails the build when a page names another page's picture", () => {
    const dir = buildDir({ "contact/index.html": head("/about-us", "About Us") });
    expect(() => sharePicturesIn(dir)).toThrow(/contact\/index\.html names \/og\/about-us\.png/);
  });
});
