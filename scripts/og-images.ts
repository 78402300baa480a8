/**
 * Draws each page's share picture (Open Graph image, 1200×630 PNG) at build, from the page's own
 * head: every prerendered page whose `og:image` points under /og/ gets that file, drawn from its
 * `og:title` and the kind of page it is (app/lib/share-image.ts), in the brand's look: brand blue,
 * Inter, the logo mark. Run by postbuild.ts; `tsx scripts/og-images.ts` redraws an existing build.
 *
 * Satori lays the picture out (flexbox, text shaped with the real Inter files and turned into
 * paths) as SVG, and resvg rasterises it: no browser, about 0.1 s a picture
 * (docs/decisions/044-web-font-display-and-share-images.md).
 */
import { Resvg } from "@resvg/resvg-js";
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import satori from "satori";
import { shareImageKind, shareImagePath, shareImageSize, sharesCareersImage } from "../app/lib/share-image";
import { company, siteUrl } from "../app/site/company";

const require = createRequire(import.meta.url);

export interface SharePicture {
  /** The picture's path on the site, e.g. /og/services/ai.png. */
  image: string;
  title: string;
  kind: string;
}

/** Satori's element shape, written without JSX so the build needs no React for it. */
type Node = { type: string; props: Record<string, unknown> & { children?: unknown } };
const h = (type: string, style: Record<string, unknown>, ...children: unknown[]): Node => ({
  type,
  props: { style, children: children.length === 1 ? children[0] : children },
});
const img = (src: string, style: Record<string, unknown>): Node => ({ type: "img", props: { src, style } });

const brandBlue = "#0a4fb4";
const deepBlue = "#062f6e";
const skyBlue = "#7fd1ff";

/** Inter at the weights the picture uses, static files (satori draws a variable font's default instance only). */
function interFonts() {
  const file = (weight: number) =>
    fs.readFileSync(require.resolve(`@fontsource/inter/files/inter-latin-${weight}-normal.woff`));
  return ([500, 700, 800] as const).map((weight) => ({
    name: "Inter",
    data: file(weight),
    weight,
    style: "normal" as const,
  }));
}

/** The logo mark as the site draws it (the favicon is the same drawing), as an image. */
const logoMark = () =>
  `data:image/svg+xml;base64,${fs.readFileSync(path.resolve("public/favicon.svg")).toString("base64")}`;

/** The cloud of the mark, large and faint, as the picture's backdrop. */
const backdropCloud = `data:image/svg+xml;base64,${Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 48 48"><path d="M14 32a7 7 0 0 1 1.4-13.9A9.5 9.5 0 0 1 33.6 20 6 6 0 0 1 34 32Z" fill="none" stroke="#ffffff" stroke-opacity="0.09" stroke-width="2.2" stroke-linejoin="round"/><path d="M24 37V24m-5 5 5-5 5 5" fill="none" stroke="#7fd1ff" stroke-opacity="0.16" stroke-width="2.2" stroke-linecap="round"/></svg>',
).toString("base64")}`;

/** Long titles (case studies) step down in size so that three lines always hold them. */
const titleSize = (title: string) => (title.length <= 34 ? 76 : title.length <= 60 ? 64 : 52);

function picture({ title, kind }: Omit<SharePicture, "image">, mark: string): Node {
  const host = new URL(siteUrl).host.replace(/^www\./, "");
  return h(
    "div",
    {
      // Satori sizes boxes without their padding (content-box): the padding is taken off here.
      width: shareImageSize.width - 2 * 80,
      height: shareImageSize.height - 2 * 64,
      display: "flex",
      flexDirection: "column",
      justifyContent: "space-between",
      padding: "64px 80px",
      backgroundColor: brandBlue,
      backgroundImage: `linear-gradient(135deg, ${brandBlue} 0%, ${brandBlue} 45%, ${deepBlue} 100%)`,
      color: "#ffffff",
      fontFamily: "Inter",
      position: "relative",
    },
    img(backdropCloud, { position: "absolute", right: -150, top: 96, width: 540, height: 540 }),
    h(
      "div",
      { display: "flex", alignItems: "center" },
      img(mark, { width: 76, height: 76, borderRadius: 16, border: "3px solid rgba(255,255,255,0.85)" }),
      h("div", { marginLeft: 22, fontSize: 38, fontWeight: 700, letterSpacing: -0.5 }, company.shortName),
    ),
    h(
      "div",
      { display: "flex", flexDirection: "column", maxWidth: 900 },
      h("div", { fontSize: 30, fontWeight: 500, color: skyBlue, textTransform: "uppercase", letterSpacing: 3 }, kind),
      h(
        "div",
        {
          marginTop: 18,
          fontSize: titleSize(title),
          fontWeight: 800,
          lineHeight: 1.1,
          letterSpacing: -1.5,
          display: "block",
          lineClamp: 3,
        },
        title,
      ),
    ),
    h(
      "div",
      { display: "flex", alignItems: "center", justifyContent: "space-between" },
      h("div", { width: 120, height: 8, borderRadius: 4, backgroundColor: skyBlue }),
      h("div", { fontSize: 28, fontWeight: 500, color: "rgba(255,255,255,0.9)" }, host),
    ),
  );
}

/** One picture as PNG bytes. */
export async function renderSharePicture(
  content: Omit<SharePicture, "image">,
  fonts = interFonts(),
  mark = logoMark(),
): Promise<Buffer> {
  const svg = await satori(picture(content, mark) as unknown as React.ReactNode, {
    ...shareImageSize,
    fonts,
  });
  return new Resvg(svg, { fitTo: { mode: "width", value: shareImageSize.width } }).render().asPng();
}

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
 * The pictures the built pages name, one per image path. A role template names the careers
 * picture but does not draw it (its title is a sample role's); every named picture must have
 * exactly one page that draws it, and one title.
 */
export function sharePicturesIn(buildDir: string): { pictures: SharePicture[]; named: Set<string> } {
  const pictures = new Map<string, SharePicture>();
  const named = new Set<string>();
  for (const file of htmlFiles(buildDir)) {
    const html = fs.readFileSync(file, "utf8");
    const image = metaContent(html, "og:image");
    if (!image) continue;
    const imagePath = new URL(decode(image)).pathname;
    named.add(imagePath);
    const rel = path.relative(buildDir, file).split(path.sep).join("/");
    const pagePath = `/${rel.replace(/\/?index\.html$/, "")}`;
    if (sharesCareersImage(pagePath)) continue;
    if (imagePath !== shareImagePath(pagePath)) {
      throw new Error(`og-images: ${rel} names ${imagePath}, not its own ${shareImagePath(pagePath)}`);
    }
    const title = decode(metaContent(html, "og:title") ?? "").replace(` | ${company.shortName}`, "");
    if (!title) throw new Error(`og-images: ${rel} has an og:image but no og:title`);
    pictures.set(imagePath, { image: imagePath, title, kind: shareImageKind(pagePath) });
  }
  for (const image of named) {
    if (!pictures.has(image)) throw new Error(`og-images: ${image} is named by a page, but no page draws it`);
  }
  return { pictures: [...pictures.values()], named };
}

/** Draws every picture the built pages name into build/client; returns how many and how long it took. */
export async function writeShareImages(buildDir: string): Promise<{ count: number; ms: number }> {
  const started = performance.now();
  const { pictures } = sharePicturesIn(buildDir);
  const fonts = interFonts();
  const mark = logoMark();
  for (const p of pictures) {
    const file = path.join(buildDir, ...p.image.split("/"));
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, await renderSharePicture(p, fonts, mark));
  }
  const ms = Math.round(performance.now() - started);
  console.log(`og-images: ${pictures.length} share pictures in ${ms} ms`);
  return { count: pictures.length, ms };
}

if (import.meta.url === `file://${process.argv[1]}`) await writeShareImages(path.resolve("build/client"));
