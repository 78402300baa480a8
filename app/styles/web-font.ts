/**
 * The brand face, Inter Variable (Latin, every weight in one 47 KB woff2 from
 * @fontsource-variable/inter), loaded so that it never delays a page's first paint and never
 * changes text the visitor is already reading (docs/decisions/020-web-font-and-first-round-trip.md):
 *
 * - A first visit paints, and stays, in "Inter Fallback" (font-fallback.ts). The file is fetched
 *   only once the page has loaded and the browser is idle, and not at all with Save-Data or
 *   without JavaScript.
 * - It is put to use at the next navigation, before the new page paints, so it arrives with a
 *   change of page the visitor asked for rather than as a re-wrap of the page in front of them.
 * - On a later visit the same happens, from the HTTP cache (hashed name, cached for a year).
 *
 * There is no `@font-face` for it in the stylesheet: a rule there is fetched at the first layout
 * that uses it, which on a first visit put the 47 KB download before the largest paint.
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

let pending: FontFace | undefined;

function inUse(): boolean {
  for (const face of document.fonts) if (face.family.replace(/"/g, "") === webFont.family) return true;
  return false;
}

/** Fetches the face once the page has loaded and the main thread is idle; uses nothing yet. */
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
  pending = undefined;
}
