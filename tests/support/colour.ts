/**
 * WCAG contrast from computed styles, for the end-to-end tests: colours as the browser computes
 * them ("rgb(…)"/"rgba(…)"), composited over the surfaces beneath, then WCAG 2.2 relative
 * luminance. The maths is written once, in `colourMaths`: the test's own code uses the exports
 * below, and checks that run in the page get the same functions through `evaluateWithColour`.
 * `paint` runs in the page (pass it to page.evaluate) and reads what lies under an element.
 */
import type { Locator, Page } from "@playwright/test";

export type Rgba = [number, number, number, number];

/**
 * The colour maths. It is sent to the page as source text (code run by page.evaluate cannot
 * import), so it must stay self-contained: nothing from this module's scope, types aside.
 */
export function colourMaths() {
  const parse = (css: string): Rgba => {
    const m = /rgba?\(([^)]+)\)/.exec(css);
    if (!m) throw new Error(`unexpected colour ${css}`);
    const [r, g, b, a = "1"] = m[1]!.split(/[\s,/]+/).filter(Boolean);
    return [Number(r), Number(g), Number(b), Number(a)];
  };

  /** `top` painted over the opaque `under`, at `top`'s alpha times `opacity`. */
  const over = (top: Rgba, under: Rgba, opacity = 1): Rgba => {
    const a = top[3] * opacity;
    return [0, 1, 2].map((i) => top[i]! * a + under[i]! * (1 - a)).concat(1) as Rgba;
  };

  const luminance = ([r, g, b]: Rgba): number => {
    const lin = (c: number) => {
      const s = c / 255;
      return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
    };
    return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
  };

  const contrast = (x: Rgba, y: Rgba): number => {
    const [a, b] = [luminance(x), luminance(y)].sort((p, q) => q - p);
    return (a! + 0.05) / (b! + 0.05);
  };

  /**
   * The opaque colour behind an element, its own background included: the backgrounds from it
   * outwards, down to the first opaque one, composited over the page canvas. In the page only.
   */
  const behind = (el: Element | null): Rgba => {
    const layers: Rgba[] = [];
    for (let e = el; e; e = e.parentElement) {
      const c = parse(getComputedStyle(e).backgroundColor);
      if (c[3] > 0) layers.push(c);
      if (c[3] === 1) break;
    }
    const canvas: Rgba = getComputedStyle(document.documentElement).colorScheme.includes("dark")
      ? [18, 18, 18, 1]
      : [255, 255, 255, 1];
    return layers.reduceRight((under, top) => over(top, under), canvas);
  };

  return { parse, over, contrast, behind };
}

export type ColourMaths = ReturnType<typeof colourMaths>;

export const { parse, over, contrast } = colourMaths();

/**
 * Runs `check` in the page with the colour maths as its argument, and returns what it returns.
 * Both travel as source text, as page.evaluate sends a function: `check` may use its argument
 * and the page's globals, nothing from the test's scope.
 */
export function evaluateWithColour<R>(page: Page, check: (maths: ColourMaths) => R): Promise<R> {
  return page.evaluate(`(${check.toString()})((${colourMaths.toString()})())`) as Promise<R>;
}

/** The hue in degrees (0–360) of an opaque colour. */
export function hue([r, g, b]: Rgba): number {
  const max = Math.max(r, g, b);
  const min = Math.min(r, g, b);
  if (max === min) return 0;
  const d = max - min;
  const h = max === r ? ((g - b) / d) % 6 : max === g ? (b - r) / d + 2 : (r - g) / d + 4;
  return (h * 60 + 360) % 360;
}

/** What the page paints under and at an element: its ancestors' backgrounds (nearest first) and its opacity. */
export interface Paint {
  /** The backgrounds from the element's parent outwards, down to the first opaque one. */
  layers: string[];
  /** The page canvas, when no ancestor is opaque. */
  canvas: string;
  /** The product of the element's and its ancestors' opacity. */
  opacity: number;
}

/** Reads what lies under `el` (its ancestors' backgrounds) and its effective opacity. Runs in the page. */
export function paint(el: Element): Paint {
  const layers: string[] = [];
  for (let e = el.parentElement; e; e = e.parentElement) {
    const c = getComputedStyle(e).backgroundColor;
    if (c === "transparent" || c === "rgba(0, 0, 0, 0)") continue;
    layers.push(c);
    if (!c.startsWith("rgba")) break;
  }
  let opacity = 1;
  for (let e: Element | null = el; e; e = e.parentElement) opacity *= Number(getComputedStyle(e).opacity);
  const dark = getComputedStyle(document.documentElement).colorScheme.includes("dark");
  return { layers, canvas: dark ? "rgb(18, 18, 18)" : "rgb(255, 255, 255)", opacity };
}

/** The opaque colour the layers make. */
export function surface(p: Paint): Rgba {
  return p.layers.reduceRight((under, top) => over(parse(top), under), parse(p.canvas));
}

/** The surface under a locator's element. */
export async function surfaceUnder(locator: Locator): Promise<Rgba> {
  return surface(await locator.evaluate(paint));
}
