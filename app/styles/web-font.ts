/**
 * The brand face, Inter Variable (Latin, every weight in one 47 KB woff2 from
 * @fontsource-variable/inter). It never delays a page's first paint, never changes text the
 * visitor is already reading, and draws every full page load from the first paint once the file is
 * in the HTTP cache (docs/decisions/044-web-font-display-and-share-images.md, amending 020):
 *
 * - Every page carries the face inline in its <head> (`webFontFaceCss`) with
 *   `font-display: optional`: Chromium uses it only if the file is at hand when the page first
 *   paints, and otherwise keeps "Inter Fallback" (font-fallback.ts) for the page's whole life: no
 *   invisible text, no swap, no layout shift.
 * - A declared face is fetched as soon as text uses it, which on a first visit would put the 47 KB
 *   download beside the first paint (decision 020; Lighthouse then counts it in FCP and LCP). So the
 *   face is switched on (`media`) by a head script only once this browser has the file: the script
 *   fetches it after the first page's load event, when the browser is idle (not with Save-Data),
 *   and remembers the file's hashed name in localStorage. Every full load after that, a new tab, a
 *   return visit, a link from a search result, paints in Inter from the HTTP cache. If the cache
 *   has been cleared meanwhile, `optional` keeps the fallback, and the file comes again.
 * - Without JavaScript the face is declared in <noscript>: the first page keeps the fallback while
 *   the file arrives, every page after it is drawn in Inter. CSS alone.
 * - Every link is a full load since the islands (decision 041), so this covers every page after
 *   the first; there is no in-app navigation left to apply a face at.
 */
import fontUrl from "@fontsource-variable/inter/files/inter-latin-wght-normal.woff2?url";
import { fallbackFamily } from "./font-fallback";
import { webFontStorageKey, webFontStyleId } from "./web-font-storage";

export { webFontStyleId };

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
 * The face as every page declares it (inline, in its head). `optional`: used only if the file is already
 * at hand at the first paint (from the HTTP cache), never swapped in later, never blocking. With it
 * comes `--brand-face`, the head of the site's font stack (_theme.scss): the face, then the
 * fallback. A page whose face is off names only the fallback, and no system lookup for "Inter
 * Variable" is made.
 */
export const webFontFaceCss =
  `@font-face{font-family:"${webFont.family}";font-style:${webFont.descriptors.style};` +
  `font-weight:${webFont.descriptors.weight};font-display:optional;src:url(${webFont.url}) format("woff2");` +
  `unicode-range:${webFont.descriptors.unicodeRange}}` +
  `html{--brand-face:"${webFont.family}","${fallbackFamily}"}`;

/**
 * Runs in <head> before the first paint (hashed into the CSP by postbuild, like the other head
 * scripts): switches the face on when this browser has the file, else fetches it once the page has
 * loaded, painted and the browser is idle. The paint matters: a small page can fire "load" before
 * its first frame, and a 48 KB download begun before the page's largest paint is counted into its
 * LCP by Lighthouse's simulation (up to +500 ms on Slow 4G). Switched on, it also asks for the face at once
 * (`document.fonts.load`): a font load started before the first render holds that render briefly
 * (Chromium caps the wait), long enough for the read from the disk cache, where a face
 * first asked for by the layout would arrive just after the first paint and, being `optional`, be
 * passed over. Plain ES5, independent of React and of the page's bundle.
 */
export const webFontHeadScript = `(function(){var k="${webFontStorageKey}",u="${fontUrl}";try{if(localStorage.getItem(k)===u){document.getElementById("${webFontStyleId}").media="all";document.fonts&&document.fonts.load('1em "${webFont.family}"')["catch"](function(){});return}var c=navigator.connection;if(c&&c.saveData)return;addEventListener("load",function(){var w=function(){fetch(u).then(function(r){return r.ok&&r.arrayBuffer()}).then(function(b){if(b)localStorage.setItem(k,u)})["catch"](function(){})},i=function(){window.requestIdleCallback?requestIdleCallback(w,{timeout:4000}):setTimeout(w,1000)},P=window.PerformanceObserver,t=P&&P.supportedEntryTypes;if(t&&t.indexOf("paint")>=0)new P(function(l,o){o.disconnect();i()}).observe({type:"paint",buffered:true});else i()})}catch(e){}})()`;
