import type { Browser, BrowserContext, Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { themeStorageKey } from "../../app/components/layout/theme";
import { pages } from "../../app/site/pages";
import { siteRoutes } from "../../scripts/local-server";

/**
 * The illustrations (issue 28): text inside every SVG readable at 12 CSS px or more, the home
 * hero drawn inside its viewBox with a cost line that falls, and the case-study and portfolio
 * pictures dark in dark mode, whether the system or the site's theme control asks for it.
 */

const minTextPx = 12;

/** Routes of the page table with the given templates (where the pictures are shown). */
const pathsOf = (...templates: string[]) => pages.filter((p) => templates.includes(p.template)).map((p) => p.path);

/** The page table's routes plus one case study, one category and one role (scripts/local-server.ts). */
async function routesWithCaseStudy(baseURL: string | undefined): Promise<{ all: string[]; caseStudy: string }> {
  const all = await siteRoutes(baseURL!);
  const caseStudy = all.find((p) => /^\/case-studies\/(?!category\/)/.test(p));
  expect(caseStudy, "the sitemap lists a case study").toBeTruthy();
  return { all, caseStudy: caseStudy! };
}

async function settle(page: Page) {
  // Sections fade in as they scroll into view; show them all so every picture is measured as seen.
  await page.evaluate(() =>
    document.querySelectorAll(".reveal-pending").forEach((el) => el.classList.add("is-revealed")),
  );
}

interface TextSize {
  where: string;
  text: string;
  px: number;
}

/**
 * Every rendered SVG text on the page and its size on screen in CSS px:
 * - inline SVG: the computed font size times the scale of the text's screen matrix;
 * - SVG files shown as <img>: the file is read and laid out at its own size in a detached shadow
 *   root (away from the page's styles), and each text's computed size is multiplied by the
 *   image's rendered scale (rendered box / viewBox, the smaller of the two axes, as `meet` does).
 */
function svgTextSizes(): Promise<TextSize[]> {
  const scaleOf = (m: DOMMatrix | null) => (m ? Math.min(Math.hypot(m.a, m.b), Math.hypot(m.c, m.d)) : 0);
  const sizes: TextSize[] = [];
  for (const text of document.querySelectorAll<SVGTextElement>("svg text")) {
    const box = text.getBoundingClientRect();
    if (!text.checkVisibility() || box.width === 0 || box.height === 0) continue;
    sizes.push({
      where: `inline ${text.closest("svg.illo")?.getAttribute("class") ?? "svg"}`,
      text: text.textContent ?? "",
      px: parseFloat(getComputedStyle(text).fontSize) * scaleOf(text.getScreenCTM()),
    });
  }
  const images = [...document.querySelectorAll("img")].filter(
    (img) =>
      /\.svg($|\?)/.test(img.currentSrc || img.src) && img.checkVisibility() && img.getBoundingClientRect().width > 0,
  );
  return Promise.all(
    images.map(async (img) => {
      const source = await (await fetch(img.currentSrc || img.src)).text();
      const svg = new DOMParser().parseFromString(source, "image/svg+xml").documentElement as unknown as SVGSVGElement;
      const host = document.createElement("div");
      host.style.cssText = "position:absolute;left:-10000px;top:0;";
      document.body.append(host);
      const root = host.attachShadow({ mode: "open" });
      root.append(document.importNode(svg, true));
      const placed = root.querySelector("svg")!;
      const vb = placed.viewBox.baseVal;
      const rendered = img.getBoundingClientRect();
      const imageScale = Math.min(rendered.width / vb.width, rendered.height / vb.height);
      for (const text of placed.querySelectorAll("text")) {
        // Laid out at the file's own size, so the screen matrix holds only the file's transforms.
        sizes.push({
          where: `img ${new URL(img.currentSrc || img.src).pathname}`,
          text: text.textContent ?? "",
          px: parseFloat(getComputedStyle(text).fontSize) * scaleOf(text.getScreenCTM()) * imageScale,
        });
      }
      host.remove();
    }),
  ).then(() => sizes);
}

test.describe("text inside SVG", () => {
  test.use({ reducedMotion: "reduce" });
  test.beforeEach(async ({ page }) => {
    await page.addInitScript(() => window.localStorage.setItem("cookiesDeclined", "true"));
  });

  test(`no SVG text is rendered smaller than ${minTextPx} CSS px at 375 px, on every page and a case study`, async ({
    page,
    baseURL,
  }) => {
    test.setTimeout(240_000);
    await page.setViewportSize({ width: 375, height: 800 });
    const { all } = await routesWithCaseStudy(baseURL);
    const small: string[] = [];
    let measuredInImages = 0;
    for (const route of all) {
      await page.goto(route);
      await settle(page);
      for (const s of await page.evaluate(svgTextSizes)) {
        if (s.where.startsWith("img")) measuredInImages++;
        if (s.px < minTextPx) small.push(`${route}: ${s.where} "${s.text}" ${s.px.toFixed(1)} px`);
      }
    }
    // The case-study and portfolio pictures carry text, so the walk must have measured some.
    expect(measuredInImages).toBeGreaterThan(0);
    expect(small).toEqual([]);
  });

  test(`inline illustration labels are ${minTextPx} CSS px or more at 992 px, the narrowest width that shows them`, async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width: 992, height: 900 });
    const routes = pathsOf("home", "technology-overview", "technology");
    const small: string[] = [];
    let measured = 0;
    for (const route of routes) {
      await page.goto(route);
      for (const s of await page.evaluate(svgTextSizes)) {
        if (!s.where.startsWith("inline")) continue;
        measured++;
        if (s.px < minTextPx) small.push(`${route}: ${s.where} "${s.text}" ${s.px.toFixed(1)} px`);
      }
    }
    expect(measured).toBeGreaterThan(routes.length);
    expect(small).toEqual([]);
  });
});

test.describe("the home hero illustration", () => {
  for (const width of [1280, 1920]) {
    test(`at ${width} px its drawing lies inside its viewBox`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      await page.goto("/");
      const hero = page.locator("svg.illo--hero");
      await expect(hero).toBeVisible();
      const { box, viewBox } = await hero.evaluate((svg: SVGSVGElement) => {
        const b = svg.getBBox();
        const v = svg.viewBox.baseVal;
        return {
          box: { x: b.x, y: b.y, w: b.width, h: b.height },
          viewBox: { x: v.x, y: v.y, w: v.width, h: v.height },
        };
      });
      expect(box.x).toBeGreaterThanOrEqual(viewBox.x);
      expect(box.y).toBeGreaterThanOrEqual(viewBox.y);
      expect(box.x + box.w).toBeLessThanOrEqual(viewBox.x + viewBox.w);
      expect(box.y + box.h).toBeLessThanOrEqual(viewBox.y + viewBox.h);
    });
  }

  test("its cloud cost line falls: the last point is lower on screen than the first", async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto("/");
    const ends = await page.locator("svg.illo--hero .illo-trend").evaluate((line: SVGPolylineElement) => {
      const m = line.getScreenCTM()!;
      const points = [...line.points];
      const screen = (p: DOMPoint) => new DOMPoint(p.x, p.y).matrixTransform(m);
      return { first: screen(points[0]!).y, last: screen(points.at(-1)!).y, count: points.length };
    });
    expect(ends.count).toBeGreaterThan(2);
    expect(ends.last).toBeGreaterThan(ends.first);
  });

  for (const colorScheme of ["light", "dark"] as const) {
    test(`in the ${colorScheme} scheme the cloud's icon stands out from the cloud (3:1 or more)`, async ({ page }) => {
      await page.setViewportSize({ width: 1280, height: 900 });
      await page.emulateMedia({ colorScheme });
      await page.goto("/");
      const ratio = await page.locator("svg.illo--hero .art-glyph-on-surface").evaluate((glyph) => {
        const cloud = glyph.parentElement!.querySelector("path")!;
        const rgb = (c: string) => (c.match(/[\d.]+/g) ?? []).slice(0, 3).map(Number);
        const lum = (c: string) => {
          const [r = 0, g = 0, b = 0] = rgb(c).map((v) => {
            const s = v / 255;
            return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
          });
          return 0.2126 * r + 0.7152 * g + 0.0722 * b;
        };
        const [a, b] = [lum(getComputedStyle(glyph).fill), lum(getComputedStyle(cloud).fill)].sort((x, y) => y - x);
        return (a! + 0.05) / (b! + 0.05);
      });
      expect(ratio).toBeGreaterThanOrEqual(3);
    });
  }
});

test("the case-study art's infrastructure cost line falls", async ({ page }) => {
  await page.goto("/");
  const ends = await page.evaluate(async () => {
    const source = await (await fetch("/images/case-cloud-migration.svg")).text();
    const svg = new DOMParser().parseFromString(source, "image/svg+xml").documentElement;
    const host = document.createElement("div");
    host.style.cssText = "position:absolute;left:-10000px;top:0;";
    document.body.append(host);
    host.attachShadow({ mode: "open" }).append(document.importNode(svg, true));
    const line = host.shadowRoot!.querySelector<SVGPathElement>("#cost-trend")!;
    const result = { first: line.getPointAtLength(0).y, last: line.getPointAtLength(line.getTotalLength()).y };
    host.remove();
    return result;
  });
  expect(ends.last).toBeGreaterThan(ends.first);
});

/** Mean relative luminance (0 black to 1 white) of a PNG, decoded on a blank page of the context. */
async function meanLuminance(context: BrowserContext, png: Buffer): Promise<number> {
  const scratch = await context.newPage();
  const value = await scratch.evaluate(async (b64) => {
    const img = new Image();
    img.src = `data:image/png;base64,${b64}`;
    await img.decode();
    const canvas = document.createElement("canvas");
    canvas.width = img.naturalWidth;
    canvas.height = img.naturalHeight;
    const ctx = canvas.getContext("2d")!;
    ctx.drawImage(img, 0, 0);
    const { data } = ctx.getImageData(0, 0, canvas.width, canvas.height);
    const lin = (v: number) => (v / 255 <= 0.04045 ? v / 255 / 12.92 : ((v / 255 + 0.055) / 1.055) ** 2.4);
    let sum = 0;
    for (let i = 0; i < data.length; i += 4)
      sum += 0.2126 * lin(data[i]!) + 0.7152 * lin(data[i + 1]!) + 0.0722 * lin(data[i + 2]!);
    return sum / (data.length / 4);
  }, png.toString("base64"));
  await scratch.close();
  return value;
}

/** The mean luminance of every case-study and portfolio picture on a route, as rendered. */
async function pictureLuminances(
  browser: Browser,
  route: string,
  mode: { system: "light" | "dark"; choice?: "light" | "dark" },
): Promise<{ src: string; luminance: number }[]> {
  const context = await browser.newContext({
    viewport: { width: 1280, height: 900 },
    colorScheme: mode.system,
    reducedMotion: "reduce",
  });
  await context.addInitScript(
    ([key, choice]) => {
      window.localStorage.setItem("cookiesDeclined", "true");
      if (choice) window.localStorage.setItem(key!, choice);
    },
    [themeStorageKey, mode.choice] as const,
  );
  const page = await context.newPage();
  await page.goto(route);
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  await settle(page);
  // The cards' pictures and a case study's own (the classes _art.scss gives a colour scheme).
  const pictures = page.locator("img.case-card__image, img.art-picture");
  const found: { src: string; luminance: number }[] = [];
  for (const picture of await pictures.all()) {
    await picture.scrollIntoViewIfNeeded();
    await expect
      .poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
      .toBe(true);
    const png = await picture.screenshot({ animations: "disabled" });
    found.push({ src: (await picture.getAttribute("src")) ?? "", luminance: await meanLuminance(context, png) });
  }
  await context.close();
  return found;
}

test.describe("case-study and portfolio pictures", () => {
  test.describe.configure({ mode: "parallel" });
  const darkModes = [
    { name: "by the system's preference", system: "dark", choice: undefined },
    { name: "by the site's theme choice on a light system", system: "light", choice: "dark" },
  ] as const;
  const lightModes = [
    { name: "on a light system", system: "light", choice: undefined },
    { name: "by the site's theme choice on a dark system", system: "dark", choice: "light" },
  ] as const;

  for (const mode of darkModes) {
    test(`are dark in dark mode ${mode.name}`, async ({ browser, baseURL }) => {
      test.setTimeout(120_000);
      const { caseStudy } = await routesWithCaseStudy(baseURL);
      const routes = [...pathsOf("case-study-list", "portfolio"), caseStudy];
      const bright: string[] = [];
      for (const route of routes) {
        const found = await pictureLuminances(browser, route, mode);
        expect(found.length, `${route} shows pictures`).toBeGreaterThan(0);
        for (const p of found) if (p.luminance > 0.15) bright.push(`${route} ${p.src}: ${p.luminance.toFixed(2)}`);
      }
      expect(bright).toEqual([]);
    });
  }

  for (const mode of lightModes) {
    test(`stay light ${mode.name}`, async ({ browser }) => {
      test.setTimeout(60_000);
      // The case studies' pictures are light drawings (the portfolio's FleetPulse is a dark dashboard in both).
      const found = await pictureLuminances(browser, pathsOf("case-study-list")[0]!, mode);
      expect(found.length).toBeGreaterThan(0);
      for (const p of found) expect(p.luminance, p.src).toBeGreaterThan(0.4);
    });
  }
});

// axe on these pages, light and dark at 375 and 1280 px, is a11y.spec.ts and design.spec.ts's walk of every route.
