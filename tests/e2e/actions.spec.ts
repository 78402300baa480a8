import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { caseStudyCategories } from "../../app/content/collections";
import { home } from "../../app/content/home";
import { services } from "../../app/content/services";
import { technologies } from "../../app/content/technologies";
import { siteRoutes } from "../../scripts/local-server";

/**
 * The action system and the section heads (decision 042), read from the rendered pages: every
 * route of the page table, the case study, category and role pages (siteRoutes), at 375 and
 * 1280 px, in the light and the dark scheme.
 */

/**
 * The labels the spec writes in capitals ('MORE ABOUT US', 'GET IN TOUCH') and the names the
 * content writes so (the "AI" category's filter, the "AI/ML" technology in a study's stack): the
 * only ones that may show so.
 */
const specCapitals = new Set<string>([
  home.about.button.label,
  ...Object.values(services).map((s) => s.hero.buttonLabel),
  ...caseStudyCategories,
  ...Object.values(technologies).map((t) => t.name),
]);

interface ButtonReading {
  label: string;
  typed: string;
  height: number;
  transform: string;
  look: string;
}

/**
 * Every visible button and link styled as a button (`.btn`) that shows a label. Left out: the
 * header's drop-down toggles (`.btn-link`, drawn as navigation links) and icon-only controls (the
 * menu toggle, scroll to top), which name themselves with aria-label.
 */
function readButtons(): ButtonReading[] {
  return [...document.querySelectorAll<HTMLElement>(".btn:not(.btn-link)")].flatMap((el) => {
    const style = getComputedStyle(el);
    const box = el.getBoundingClientRect();
    if (style.display === "none" || style.visibility === "hidden" || box.width === 0 || box.height === 0) return [];
    // innerText is the label as drawn (text-transform applied, visually hidden words left out).
    const label = el.innerText.replace(/\s+/g, " ").trim();
    if (!label) return [];
    return [
      {
        label,
        typed: (el.textContent ?? "").replace(/\s+/g, " ").trim(),
        height: Math.round(box.height * 2) / 2,
        transform: style.textTransform,
        look: `background ${style.backgroundColor}, border ${style.borderTopColor}, text ${style.color}`,
      },
    ];
  });
}

/** A label drawn in capitals: two or more letters, none of them lower case. */
const inCapitals = (label: string) => /\p{L}.*\p{L}/u.test(label) && label === label.toUpperCase();

async function prepare(page: Page, width: number, colorScheme: "light" | "dark") {
  await page.setViewportSize({ width, height: 800 });
  await page.emulateMedia({ colorScheme, reducedMotion: "reduce" });
}

for (const colorScheme of ["light", "dark"] as const) {
  for (const width of [375, 1280]) {
    test(`at ${width} px in the ${colorScheme} scheme every page's buttons come in at most two looks, one height and no capitals the spec does not write`, async ({
      page,
      baseURL,
    }) => {
      test.setTimeout(240_000);
      await prepare(page, width, colorScheme);
      const routes = await siteRoutes(baseURL!);
      const heights = new Map<number, string>();
      const problems: string[] = [];
      let seen = 0;
      for (const route of routes) {
        await page.goto(route);
        const buttons = await page.evaluate(readButtons);
        seen += buttons.length;
        const looks = [...new Set(buttons.map((b) => b.look))];
        if (looks.length > 2) problems.push(`${route}: ${looks.length} looks: ${looks.join(" | ")}`);
        for (const b of buttons) {
          if (!heights.has(b.height)) heights.set(b.height, `${route} "${b.label}"`);
          if (b.transform === "uppercase") problems.push(`${route}: "${b.typed}" is upper-cased by CSS`);
          if (inCapitals(b.label) && !specCapitals.has(b.typed)) problems.push(`${route}: "${b.label}" in capitals`);
        }
      }
      // The walk met the buttons it is about: at least one per page on average.
      expect(seen).toBeGreaterThanOrEqual(routes.length);
      expect(problems).toEqual([]);
      expect([...heights].map(([h, where]) => `${h} px (first at ${where})`)).toHaveLength(1);
      expect([...heights.keys()]).toEqual([48]);
    });
  }
}

/**
 * Each centred section head's eyebrow and heading, as the horizontal centres of their drawn text
 * (a Range over the words, not the boxes, which may be wider than the words).
 */
function centredHeads(): { eyebrow: string; heading: string; offset: number }[] {
  const centre = (el: Element) => {
    const range = document.createRange();
    range.selectNodeContents(el);
    const r = range.getBoundingClientRect();
    return r.left + r.width / 2;
  };
  return [...document.querySelectorAll<HTMLElement>(".section-head")].flatMap((head) => {
    const eyebrow = head.querySelector<HTMLElement>(":scope > .eyebrow");
    const heading = head.querySelector<HTMLElement>(":scope > h2, :scope > h3");
    if (!eyebrow || !heading || getComputedStyle(head).textAlign !== "center") return [];
    if (head.getBoundingClientRect().width === 0) return [];
    return [
      {
        eyebrow: eyebrow.textContent!.trim(),
        heading: heading.textContent!.trim(),
        offset: Math.abs(centre(eyebrow) - centre(heading)),
      },
    ];
  });
}

for (const width of [375, 1280]) {
  test(`at ${width} px every centred section head's eyebrow is centred on its heading, within 2 px`, async ({
    page,
    baseURL,
  }) => {
    test.setTimeout(120_000);
    await prepare(page, width, "light");
    const routes = await siteRoutes(baseURL!);
    const off: string[] = [];
    let measured = 0;
    for (const route of routes) {
      await page.goto(route);
      for (const h of await page.evaluate(centredHeads)) {
        measured++;
        if (h.offset > 2) off.push(`${route}: "${h.eyebrow}" ${h.offset.toFixed(1)} px off "${h.heading}"`);
      }
    }
    // Home, the two overview pages and careers have centred heads with an eyebrow.
    expect(measured).toBeGreaterThanOrEqual(4);
    expect(off).toEqual([]);
  });
}
