/**
 * The brand face, Inter Variable (Latin, every weight in one 47 KB woff2 from
 * @fontsource-variable/inter). It never delays a page's first paint and never changes text the
 * visitor is already reading (docs/decisions/044-web-font-display-and-share-images.md, amending
 * 020):
 *
 * - Every page declares the face inline in its <head> (`webFontFaceCss`, next to the fallback's
 *   faces) with `font-display: optional`. Chromium then uses it only if the file is at hand when
 *   the page first paints, and otherwise keeps "Inter Fallback" (font-fallback.ts) for the page's
 *   whole life: no invisible text, no swap, no layout shift.
 * - A first visit paints in the fallback, and the browser fetches the file (hashed name, cached
 *   for a year) in the background. Every full page load after that, a new tab, a return visit, a
 *   link from a search result, finds it in the HTTP cache and paints in Inter from its first frame,
 *   without JavaScript.
 * - In-app navigation keeps one document, where the inline face, once passed over, stays passed
 *   over. The script below therefore adds the same file as a second face at the next navigation,
 *   before the new page paints, so the change comes with a page the visitor asked for. It only
 *   helps while pages navigate in-app; full loads need none of it.
 */
import fontUrl from "@fontsource-variable/inter/files/inter-latin-wght-normal.woff2?url";

export const webFont = {
  family: "Inter Variable",
  url: fontUrl,
  descriptors: {
    style: "normal",
    weight: "100 900",
    // The Latin subset's range, as @fontsource-variable/inter declares it.
    unicodeRange:
      "U+0000-00FF,U+0131,U+0152-0153,U+02BB-02BC,U+02C6,U+02DA,U+02DC,U+0304,U+0308,U+0329,U+2000-206F,U+20AC,U+2122,U+2191,U+2193,U+2212,U+2215,U+FEFF,U+FFFD",
  } satisfies FontFaceDescriptors,
} as const;

/**
 * The face as every page's inline CSS declares it. `optional`: used only if the file is already
 * at hand at the first paint (from the HTTP cache), never swapped in later, never blocking.
 */
export const webFontFaceCss =
  `@font-face{font-family:"${webFont.family}";font-style:${webFont.descriptors.style};` +
  `font-weight:${webFont.descriptors.weight};font-display:optional;src:url(${webFont.url}) format("woff2");` +
  `unicode-range:${webFont.descriptors.unicodeRange}}`;

let pending: FontFace | undefined;
/** The script's own face has been added (the inline CSS face is not counted: it may be passed over). */
let added = false;

function inUse(): boolean {
  return added;
}

/**
 * Once the page has loaded and the main thread is idle, reads the file (from the HTTP cache, where
 * the inline face put it) into a face of its own; uses nothing yet.
 */
export function loadWebFontWhenIdle(): void {
  if (typeof FontFace === "undefined" || !document.fonts || inUse() || pending) return;
  const connection = (navigator as Navigator & { connection?: { saveData?: boolean } }).connection;
  if (connection?.saveData) return;
  const start = () => {
    const load = () => {
      pending = new FontFace(webFont.family, `url(${webFont.url}) format("woff2")`, webFont.descriptors);
      pending.load().catch(() => {
        // Offline or blocked: the pages keep the fallback.
        pending = undefined;
      });
    };
    if ("requestIdleCallback" in window) requestIdleCallback(load, { timeout: 4000 });
    else setTimeout(load, 1000);
  };
  if (document.readyState === "complete") start();
  else window.addEventListener("load", start, { once: true });
}

/** At a navigation, before the new page paints: uses the face if it has arrived. */
export function applyLoadedWebFont(): void {
  if (!pending || pending.status !== "loaded" || inUse()) return;
  document.fonts.add(pending);
  added = true;
  pending = undefined;
}
