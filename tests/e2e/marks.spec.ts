/**
 * Technology marks and topic pictures (issue 28; docs/decisions/043): every technology shows its
 * real mark, named for assistive technology; every service and technology page has a picture of
 * its own; and the pictures keep their drawing at 3:1 or more in the dark scheme, where the old
 * ring picture's small icons vanished.
 */
import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { siAngular, siDjango } from "simple-icons";
import { techMarks } from "../../app/components/icon/tech-marks";
import { simpleIconMarks } from "../../app/components/icon/tech-marks-data";
import { technologies } from "../../app/content/technologies";
import { pages, pagesIn } from "../../app/site/pages";
import { evaluateWithColour, type ColourMaths, type Rgba } from "../support/colour";
import { expect, test, type Page } from "./fixtures";

/** Technology pages of the page table, each with its content entry. */
const technologyPages = pagesIn("technology").flatMap((page) => {
  const technology = page.slug ? technologies[page.slug] : undefined;
  return technology ? [{ page, technology }] : [];
});
/** Every page whose hero carries a topic picture: the services, technologies and their overviews, careers. */
const pictured = pages.filter((p) => ["service", "technology", "services-overview", "career"].includes(p.template));

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => window.localStorage.setItem("cookiesDeclined", "true"));
  await page.setViewportSize({ width: 1280, height: 900 });
});

test("the page table has technology pages to check", () => {
  expect(technologyPages.length).toBeGreaterThanOrEqual(7);
});

test("/technology shows each technology's mark as an image named for it, and no letter tiles", async ({ page }) => {
  await page.goto("/technology");
  for (const { page: techPage, technology } of technologyPages) {
    const card = page
      .locator("article")
      .filter({ has: page.getByRole("link", { name: technology.name, exact: true }) });
    await expect(card).toHaveCount(1);
    const mark = card.getByRole("img");
    await expect(mark).toHaveCount(1);
    await expect(mark).toHaveAccessibleName(techMarks[technology.mark].label);
    expect(techMarks[technology.mark].label, techPage.path).toContain(technology.name);
    await expect(mark).toBeVisible();
    // An SVG with a drawing and no letters in it.
    expect(await mark.evaluate((el) => el.tagName.toLowerCase())).toBe("svg");
    expect(await mark.locator(".tech-mark__drawing > *").count()).toBeGreaterThan(0);
    expect((await mark.textContent())?.trim()).toBe("");
    // The card's only text is the technology's name and its line (no two-letter tile).
    const text = (await card.innerText()).replace(/\s+/g, " ").trim();
    expect(text, techPage.path).toBe(`${technology.name} ${technology.servicesSubtitle}.`);
  }
});

for (const { page: techPage, technology } of technologyPages) {
  test(`${techPage.path} shows the ${technology.name} mark in its hero picture, named for it`, async ({ page }) => {
    await page.goto(techPage.path);
    const picture = page.locator(".page-banner__visual > svg.topic-art");
    await expect(picture).toHaveAttribute("role", "img");
    await expect(picture).toHaveAccessibleName(techMarks[technology.mark].label);
    await expect(picture.locator(`svg.tech-mark[data-mark="${technology.mark}"]`)).toBeVisible();
    expect((await picture.textContent())?.trim()).toBe("");
    // A simple-icons mark is drawn with simple-icons' own path.
    const drawn = simpleIconMarks[technology.mark as keyof typeof simpleIconMarks];
    if (drawn) expect(await picture.locator(".tech-mark__drawing path").getAttribute("d")).toBe(drawn.path);
  });
}

test("each service and technology page has a hero picture no other page has", async ({ page }) => {
  test.setTimeout(120_000);
  const seen = new Map<string, string>();
  for (const p of pictured) {
    await page.goto(p.path);
    const svg = page.locator(".page-banner__visual svg.topic-art");
    await expect(svg, p.path).toHaveCount(1);
    const hash = createHash("sha256")
      .update(await svg.evaluate((el) => el.outerHTML))
      .digest("hex");
    expect(seen.get(hash), `${p.path} repeats the picture of ${seen.get(hash)}`).toBeUndefined();
    seen.set(hash, p.path);
  }
  expect(seen.size).toBe(pictured.length);
  expect(pictured.filter((p) => p.template === "service").length).toBeGreaterThanOrEqual(7);
});

/**
 * Contrast of each picture's drawing, from computed colours (WCAG relative luminance, colours
 * composited over what lies beneath): ink and accent against the page behind the picture, its
 * soft wash and its cards; white icons against the accent; each mark against its tile. Runs in
 * the page, with the maths of support/colour.ts handed in by evaluateWithColour.
 */
function drawingContrast({ parse, over, contrast, behind }: ColourMaths) {
  const fill = (el: Element) => parse(getComputedStyle(el).fill);
  const stroke = (el: Element) => parse(getComputedStyle(el).stroke);
  const failures: string[] = [];
  const checked = { ink: 0, accent: 0, glyph: 0, mark: 0 };
  const check = (role: keyof typeof checked, el: Element, colour: Rgba, against: Rgba[]) => {
    checked[role]++;
    for (const under of against) {
      const ratio = contrast(over(colour, under), under);
      if (ratio < 3)
        failures.push(`${role} <${el.tagName} class="${el.getAttribute("class")}">: ${ratio.toFixed(2)}:1`);
    }
  };
  for (const svg of document.querySelectorAll("svg.topic-art")) {
    if (svg.getBoundingClientRect().width === 0) continue;
    const page = behind(svg.parentElement);
    const halo = svg.querySelector(".art-halo");
    const washed = halo ? over(fill(halo), page) : page;
    const card = svg.querySelector(".art-surface");
    const grounds = card ? [page, washed, over(fill(card), page)] : [page, washed];
    for (const el of svg.querySelectorAll(".art-ink, .art-surface--ink")) check("ink", el, stroke(el), grounds);
    for (const el of svg.querySelectorAll(".art-ink-fill, .art-glyph--ink, .art-ok"))
      check("ink", el, fill(el), grounds);
    const accent = svg.querySelector(".art-accent");
    for (const el of svg.querySelectorAll(".art-accent")) check("accent", el, fill(el), grounds);
    if (accent)
      for (const el of svg.querySelectorAll(".art-glyph:not(.art-glyph--ink), .art-glyph-fill"))
        check("glyph", el, fill(el), [over(fill(accent), page)]);
  }
  for (const mark of document.querySelectorAll("svg.tech-mark")) {
    if (mark.getBoundingClientRect().width === 0) continue;
    const tile = over(fill(mark.querySelector(".tech-mark__tile")!), behind(mark.closest("div, article, section")));
    for (const el of mark.querySelectorAll(".tech-mark__drawing *")) {
      const style = getComputedStyle(el);
      check("mark", el, parse(style.fill !== "none" ? style.fill : style.stroke), [tile]);
    }
  }
  return { failures, checked };
}

const schemes = [
  { name: "dark, by the system's preference", system: "dark", choice: null },
  { name: "dark, chosen with the theme control", system: "light", choice: "dark" },
  { name: "light", system: "light", choice: null },
] as const;

async function drawingOf(page: Page, route: string) {
  await page.goto(route);
  return evaluateWithColour(page, drawingContrast);
}

/** The pages the checks below visit: every pictured page, the home page and the technology overview. */
const checkedRoutes = [...pictured.map((p) => p.path), "/", "/technology"];

for (const scheme of schemes) {
  test(`every pictured page: the drawing has 3:1 or more against what lies behind it (${scheme.name})`, async ({
    page,
  }) => {
    test.setTimeout(90_000);
    await page.emulateMedia({ colorScheme: scheme.system, reducedMotion: "reduce" });
    if (scheme.choice) await page.addInitScript((c) => window.localStorage.setItem("colorTheme", c), scheme.choice);
    for (const route of checkedRoutes) {
      const { failures, checked } = await drawingOf(page, route);
      if (scheme.choice) expect(await page.getAttribute("html", "data-bs-theme"), route).toBe(scheme.choice);
      expect(failures, route).toEqual([]);
      // The check looked at a real drawing: a picture's outlines, solid shapes and icons, or marks.
      if (route === "/technology") expect(checked.mark, route).toBeGreaterThanOrEqual(technologyPages.length);
      else {
        expect(checked.ink, route).toBeGreaterThan(0);
        expect(checked.accent, route).toBeGreaterThan(0);
        expect(checked.glyph, route).toBeGreaterThan(0);
      }
    }
  });
}

// axe on these pages, light and dark at 375 and 1280 px, is a11y.spec.ts and design.spec.ts's walk of every route.

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the marks and pictures are in the prerendered page", async ({ page }) => {
    await page.goto("/technology");
    await expect(page.locator("article svg.tech-mark[role=img]")).toHaveCount(technologyPages.length);
    await page.goto(technologyPages[0]!.page.path);
    await expect(page.locator(".page-banner__visual svg.topic-art .tech-mark")).toBeVisible();
  });
});

test("the browser's scripts carry only the marks the site uses, not the icon set", () => {
  const assets = path.join("build", "client", "assets");
  const scripts = fs
    .readdirSync(assets)
    .filter((f) => f.endsWith(".js"))
    .map((f) => fs.readFileSync(path.join(assets, f), "utf8"))
    .join("\n");
  // Two marks of the set the site does not show: neither may reach a browser.
  for (const unused of [siAngular, siDjango]) expect(scripts.includes(unused.path), unused.title).toBe(false);
});
