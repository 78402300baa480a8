/**
 * Draws each page's share picture (Open Graph image, 1200×630 PNG) at build, from the page's own
 * head: every prerendered page whose `og:image` points under /og/ gets that file, drawn from its
 * `og:title` and the kind of page it is (app/lib/share-image.ts) by server/share-image/draw.ts, the
 * drawing the server uses for role pages. Run by postbuild.ts; `tsx scripts/og-images.ts` redraws
 * an existing build.
 */
import fs from "node:fs";
import path from "node:path";
import { drawnByServer, shareImagePath, sharePictureContent } from "../app/lib/share-image";
import { collectionPageKind } from "../app/content/collections";
import { company } from "../app/site/company";
import { pages } from "../app/site/pages";
import { renderedPerRequest } from "../app/site/prerender";
import type { SharePictureContent } from "../contracts/share-image";
import { drawSharePicture, shareAssets, type ShareAssets } from "../server/share-image/draw";

export interface SharePicture extends SharePictureContent {
  /** The picture's path on the site, e.g. /og/services/ai.png. */
  image: string;
}

/** The faces and the logo mark as the build has them (public/favicon.svg is the mark). */
export const buildShareAssets = (): ShareAssets => shareAssets(path.resolve("public/favicon.svg"));

const entities: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', "#39": "'", "#x27": "'" };
const decode = (text: string) => text.replace(/&(amp|lt|gt|quot|#39|#x27);/g, (_m, e: string) => entities[e]!);

const metaContent = (html: string, property: string) =>
  html.match(new RegExp(`<meta property="${property}" content="([^"]*)"`))?.[1];

function* htmlFiles(dir: string): Generator<string> {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* htmlFiles(full);
    else if (entry.name.endsWith(".html")) yield full;
  }
}

/**
 * The pictures the built pages name, one per page, each under the page's own path. The role
 * template's is left to the server, which draws each role's (the template's title is a sample
 * role's).
 */
export function sharePicturesIn(buildDir: string): { pictures: SharePicture[] } {
  const pictures = new Map<string, SharePicture>();
  for (const file of htmlFiles(buildDir)) {
    const html = fs.readFileSync(file, "utf8");
    const image = metaContent(html, "og:image");
    if (!image) continue;
    const imagePath = new URL(decode(image)).pathname;
    const rel = path.relative(buildDir, file).split(path.sep).join("/");
    const pagePath = `/${rel.replace(/\/?index\.html$/, "")}`;
    if (drawnByServer(pagePath)) continue;
    if (imagePath !== shareImagePath(pagePath)) {
      throw new Error(`og-images: ${rel} names ${imagePath}, not its own ${shareImagePath(pagePath)}`);
    }
    const title = decode(metaContent(html, "og:title") ?? "").replace(` | ${company.shortName}`, "");
    if (!title) throw new Error(`og-images: ${rel} has an og:image but no og:title`);
    pictures.set(imagePath, {
      image: imagePath,
      ...sharePictureContent(pagePath, title, collectionPageKind(pagePath)),
    });
  }
  return { pictures: [...pictures.values()] };
}

/**
 * The pictures of the page table's pages the server renders per request (/career): no file holds
 * their head at build, so their title comes from the table, as their meta takes it.
 */
export function perRequestPictures(): SharePicture[] {
  return pages
    .filter((page) => renderedPerRequest.includes(page.path))
    .map((page) => ({ image: shareImagePath(page.path), ...sharePictureContent(page.path, page.title) }));
}

/** Draws every picture the built pages name into build/client; returns how many and how long it took. */
export async function writeShareImages(buildDir: string): Promise<{ count: number; ms: number }> {
  const started = performance.now();
  const named = sharePicturesIn(buildDir).pictures;
  const pictures = [...named, ...perRequestPictures().filter((p) => !named.some((n) => n.image === p.image))];
  const assets = buildShareAssets();
  for (const { image, ...content } of pictures) {
    const file = path.join(buildDir, ...image.split("/"));
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, await drawSharePicture(content, assets));
  }
  const ms = Math.round(performance.now() - started);
  console.log(`og-images: ${pictures.length} share pictures in ${ms} ms`);
  return { count: pictures.length, ms };
}

if (import.meta.url === `file://${process.argv[1]}`) await writeShareImages(path.resolve("build/client"));
