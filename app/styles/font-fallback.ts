/**
 * "Inter Fallback": Arial, or its metric twins Liberation Sans and Arimo, adjusted to Inter's
 * metrics so that text set in it takes the same room as in Inter. A first visit reads its first
 * page in it (web-font.ts), and the change to Inter at the next navigation moves little. Inline
 * in every page's <head> (root.tsx), so the first paint already uses it.
 *
 * Arial has two weights; each weight the stylesheet uses gets its own face, scaled so that the
 * same 3,000 characters of body copy are as wide as in Inter at that weight (measured in
 * Chromium with Liberation Sans; the ratios below). Vertical: Inter's hhea ascent 1984 and
 * descent 494 (of 2048 units per em, line gap 0) divided by that scale, so lines keep Inter's
 * height.
 *
 * The names are tried in order, and each one the system lacks is a lookup of its own while the
 * first frame's style is worked out (Chromium on Linux asks its browser process each time: 1 to
 * 1.3 ms a name in page-load traces on the bench machine). So each face is named once by its full
 * name, which Chromium and Firefox match everywhere: Arial first, which Windows and macOS have,
 * then its twins, for Linux and ChromeOS. Arial's PostScript name comes last, for Safari, which
 * has matched local() by PostScript name; Safari never needs the twins', so they are left out.
 */
const regular = 'local("Arial"),local("Liberation Sans"),local("Arimo"),local("ArialMT")';
const bold = 'local("Arial Bold"),local("Liberation Sans Bold"),local("Arimo Bold"),local("Arial-BoldMT")';

/** Weight, the Arial face drawn for it, and Inter's width over that face's at that weight. */
const faces: ReadonlyArray<readonly [weight: number, src: string, scale: number]> = [
  [400, regular, 1.068],
  [500, regular, 1.079],
  [600, bold, 1.011],
  [700, bold, 1.021],
  [800, bold, 1.034],
];

/** The fallback's family name: the font stack's head when the brand face is off (web-font.ts). */
export const fallbackFamily = "Inter Fallback";

/** The weights "Inter Fallback" has a face for. */
export const fallbackWeights = faces.map(([weight]) => weight);

const percent = (value: number) => `${(value * 100).toFixed(1)}%`;

export const fontFallbackCss = faces
  .map(
    ([weight, src, scale]) =>
      `@font-face{font-family:"${fallbackFamily}";font-weight:${weight};src:${src};size-adjust:${percent(scale)};` +
      `ascent-override:${percent(1984 / 2048 / scale)};descent-override:${percent(494 / 2048 / scale)};line-gap-override:0%}`,
  )
  .join("");
