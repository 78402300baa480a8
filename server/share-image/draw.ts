/**
 * Draws a share picture (Open Graph image, 1200×630 PNG) in the brand's look: brand blue, Inter,
 * the logo mark, the kind of page above its title. The build draws every prerendered page's
 * (scripts/og-images.ts); the server draws a role page's when a crawler first asks for it
 * (server/careers/routes.ts), since HR publishes roles after the build.
 *
 * Satori lays the picture out (flexbox, text shaped with the real Inter files and turned into
 * paths) as SVG, and resvg rasterises it: no browser, about 50 ms a picture (the build prints it)
 * (docs/decisions/044-web-font-display-and-share-images.md, 046-role-share-pictures.md).
 */
import { Resvg } from "@resvg/resvg-js";
import fs from "node:fs";
import { createRequire } from "node:module";
import satori, { type Font } from "satori";
import { shareImageSize, type SharePictureContent } from "../../contracts/share-image";

const require = createRequire(import.meta.url);

/** What every picture is drawn with: the faces and the logo. */
export interface ShareAssets {
  fonts: Font[];
  /** The logo mark as a data URL. */
  mark: string;
}

/**
 * Every script Inter has (a role's title is whatever HR typed: "Łódź" needs latin-ext, a Kyiv
 * office Cyrillic), each a file of its own; satori takes a glyph from the first face in the
 * font-family list that has it.
 */
const interSubsets = ["latin", "latin-ext", "cyrillic", "cyrillic-ext", "greek", "greek-ext", "vietnamese"] as const;
/** Satori keeps one face per name and weight: each subset is a family of its own, all in one font-family list. */
const faceName = (subset: string) => `Inter ${subset}`;
const fontFamily = interSubsets.map((subset) => `"${faceName(subset)}"`).join(", ");

/**
 * Inter at the weights the picture uses, static files (satori draws a variable font's default
 * instance only), and the logo mark from `logoFile` (the site's favicon.svg: the same drawing).
 */
export function shareAssets(logoFile: string): ShareAssets {
  const file = (subset: string, weight: number) =>
    fs.readFileSync(require.resolve(`@fontsource/inter/files/inter-${subset}-${weight}-normal.woff`));
  return {
    fonts: interSubsets.flatMap((subset) =>
      ([500, 700, 800] as const).map((weight) => ({
        name: faceName(subset),
        data: file(subset, weight),
        weight,
        style: "normal" as const,
      })),
    ),
    mark: `data:image/svg+xml;base64,${fs.readFileSync(logoFile).toString("base64")}`,
  };
}

/** Satori's element shape, written without JSX so that neither the build script nor the server needs React for it. */
type Node = { type: string; props: Record<string, unknown> & { children?: unknown } };
const h = (type: string, style: Record<string, unknown>, ...children: unknown[]): Node => ({
  type,
  props: { style, children: children.length === 1 ? children[0] : children },
});
const img = (src: string, style: Record<string, unknown>): Node => ({ type: "img", props: { src, style } });

const brandBlue = "#0a4fb4";
const deepBlue = "#062f6e";
const skyBlue = "#7fd1ff";

/** The cloud of the mark, large and faint, as the picture's backdrop. */
const backdropCloud = `data:image/svg+xml;base64,${Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 48 48"><path d="M14 32a7 7 0 0 1 1.4-13.9A9.5 9.5 0 0 1 33.6 20 6 6 0 0 1 34 32Z" fill="none" stroke="#ffffff" stroke-opacity="0.09" stroke-width="2.2" stroke-linejoin="round"/><path d="M24 37V24m-5 5 5-5 5 5" fill="none" stroke="#7fd1ff" stroke-opacity="0.16" stroke-width="2.2" stroke-linecap="round"/></svg>',
).toString("base64")}`;

/** Long titles (case studies, roles in several offices) step down in size so that three lines always hold them. */
const titleSize = (title: string) => (title.length <= 34 ? 76 : title.length <= 60 ? 64 : 52);

function picture({ title, kind, brand, host }: SharePictureContent, mark: string): Node {
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
      fontFamily,
      position: "relative",
    },
    img(backdropCloud, { position: "absolute", right: -150, top: 96, width: 540, height: 540 }),
    h(
      "div",
      { display: "flex", alignItems: "center" },
      img(mark, { width: 76, height: 76, borderRadius: 16, border: "3px solid rgba(255,255,255,0.85)" }),
      h("div", { marginLeft: 22, fontSize: 38, fontWeight: 700, letterSpacing: -0.5 }, brand),
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

/** Lays the picture out as SVG, noting each character no face has a glyph for. */
const layout = (content: SharePictureContent, assets: ShareAssets, missing: Set<string>) =>
  satori(picture(content, assets.mark) as unknown as Parameters<typeof satori>[0], {
    ...shareImageSize,
    fonts: assets.fonts,
    loadAdditionalAsset: async (_language, segment) => {
      for (const character of segment) missing.add(character);
      return [];
    },
  });

/** The characters of a picture's words that no face has: what would be drawn as "no glyph" boxes. */
export async function missingGlyphs(content: SharePictureContent, assets: ShareAssets): Promise<Set<string>> {
  const missing = new Set<string>();
  await layout(content, assets, missing);
  return missing;
}

/**
 * One picture as PNG bytes. A title with characters Inter does not have (CJK, Arabic, emoji) is
 * drawn without them, rather than with a "no glyph" box for each.
 */
export async function drawSharePicture(content: SharePictureContent, assets: ShareAssets): Promise<Buffer> {
  const missing = new Set<string>();
  let svg = await layout(content, assets, missing);
  if (missing.size > 0) {
    const drawable = (text: string) =>
      [...text]
        .filter((c) => !missing.has(c))
        .join("")
        .replace(/\s+/g, " ")
        // "Engineer 東京, Sydney" becomes "Engineer, Sydney", not "Engineer , Sydney".
        .replace(/ ([,.;:!?)])/g, "$1")
        .trim();
    svg = await layout({ ...content, title: drawable(content.title), kind: drawable(content.kind) }, assets, new Set());
  }
  return new Resvg(svg, { fitTo: { mode: "width", value: shareImageSize.width } }).render().asPng();
}
