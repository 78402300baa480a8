/**
 * "Inter Fallback": Arial, or its metric twins Liberation Sans and Arimo, adjusted to Inter's
 * metrics so that text set in it takes the same room as in Inter, and the swap to Inter
 * (app/styles/_fonts.scss) moves nothing. Inline in every page's <head> (root.tsx), so the first
 * paint already uses it.
 *
 * Vertical: Inter's hhea ascent 1984, descent 494, gap 0 (of 2048 units per em) divided by
 * size-adjust. size-adjust: the width of the same 3,000 characters of body copy set in each face
 * in Chromium (Liberation Sans): within 0.1 % of Inter at 400 and at 700.
 */
export const fontFallbackCss =
  '@font-face{font-family:"Inter Fallback";font-weight:400;src:local("Arial"),local("ArialMT"),local("Liberation Sans"),local("LiberationSans-Regular"),local("Arimo");size-adjust:107%;ascent-override:90.5%;descent-override:22.5%;line-gap-override:0%}' +
  '@font-face{font-family:"Inter Fallback";font-weight:700;src:local("Arial Bold"),local("Arial-BoldMT"),local("Liberation Sans Bold"),local("LiberationSans-Bold"),local("Arimo Bold");size-adjust:102%;ascent-override:95%;descent-override:23.6%;line-gap-override:0%}';
