import { expect, test, type Page } from "./fixtures";
import { siteRoutes } from "../../scripts/local-server";
import { caseStudyPaths } from "../../app/content/collections";
import { pages } from "../../app/site/pages";

/**
 * Finished layouts (issue 28), measured in Chromium from the rendered boxes. The routes are the
 * page table's plus one case study, one category and one role's page (siteRoutes, the list the
 * benchmarks and screenshots walk).
 */

const wide = { width: 1280, height: 900 };
// Between the md (768) and lg (992) breakpoints, where card grids have two columns.
const tablet = { width: 800, height: 900 };

async function routes(baseURL: string | undefined): Promise<string[]> {
  const all = await siteRoutes(baseURL!);
  // The table alone has more than 30 pages; the extra three are the templates outside it.
  expect(all.length).toBeGreaterThan(30);
  expect(all.some((r) => r.startsWith(caseStudyPaths.detail("")) && !r.includes("/category/"))).toBe(true);
  expect(all.some((r) => r.startsWith(caseStudyPaths.category("")))).toBe(true);
  return all;
}

async function open(page: Page, route: string) {
  await page.addInitScript(() => window.localStorage.setItem("cookiesDeclined", "true"));
  await page.goto(route);
}

/**
 * The widest stretch of a page container's content width, as a share of it, that no content of
 * `selector` covers. "Content" is what a visitor sees: each line box of text (from a Range over
 * every text node, so a block's unused width does not count), every image, SVG, button, link
 * styled as a button and form control. A visual beside the text is content, so a hero with a
 * picture passes through its picture, and a centred narrow hero leaves two small margins rather
 * than one wide blank. The reference is the width a `.container` takes in that section (a fresh
 * one is measured there, so a hero that narrows its own container is still measured against the
 * page's), and stretches are read across it from edge to edge.
 */
async function emptyShare(page: Page, selector: string): Promise<{ share: number; name: string }> {
  return page.evaluate((selector) => {
    const content = document.querySelector<HTMLElement>(selector);
    if (!content) throw new Error(`nothing at ${selector}`);
    const section = content.closest("section") ?? content;
    const probe = document.createElement("div");
    probe.className = "container";
    section.append(probe);
    const box = probe.getBoundingClientRect();
    const style = getComputedStyle(probe);
    const left = box.left + parseFloat(style.paddingLeft);
    const right = box.right - parseFloat(style.paddingRight);
    probe.remove();
    const spans: [number, number][] = [];
    const visible = (r: DOMRect) => r.width > 0 && r.height > 0;
    const walker = document.createTreeWalker(content, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      if (!n.textContent?.trim()) continue;
      const parent = n.parentElement;
      if (!parent || parent.closest("script, style, template, .visually-hidden")) continue;
      const range = document.createRange();
      range.selectNodeContents(n);
      for (const r of range.getClientRects()) if (visible(r)) spans.push([r.left, r.right]);
    }
    for (const el of content.querySelectorAll("img, svg, .btn, input, select, textarea, button")) {
      if (el.closest(".visually-hidden") || (el.tagName === "svg" && el.parentElement?.closest("svg"))) continue;
      const r = el.getBoundingClientRect();
      // Icons inside text are covered by their text; only pictures of some size count on their own.
      if (visible(r) && r.width >= 24) spans.push([r.left, r.right]);
    }
    spans.sort((a, b) => a[0] - b[0]);
    let gap = 0;
    let reach = left;
    for (const [a, b] of spans) {
      gap = Math.max(gap, Math.min(a, right) - reach);
      reach = Math.max(reach, b);
    }
    gap = Math.max(gap, right - reach);
    return { share: gap / (right - left), name: section.className };
  }, selector);
}

const hero = "main > section:first-of-type";

type Box = { left: number; width: number };
type Grid = { name: string; count: number; left: number; width: number; rows: Box[][] };

/**
 * The card grids of a page's main content: every list laid out in columns (CSS grid or
 * Bootstrap's .row), its cards (its visible items) grouped into rows by their top edge.
 */
async function cardGrids(page: Page): Promise<Grid[]> {
  return page.evaluate(() => {
    const out: Grid[] = [];
    for (const list of document.querySelectorAll<HTMLElement>("main ul, main ol")) {
      const display = getComputedStyle(list).display;
      if (display !== "grid" && !list.classList.contains("row")) continue;
      const items = [...list.children].filter((c) => c.getBoundingClientRect().height > 0);
      if (items.length === 0) continue;
      // A .row's items carry its gutter as padding; its cards are their content boxes.
      const box = (el: Element) => {
        const r = el.getBoundingClientRect();
        const s = getComputedStyle(el);
        const pl = parseFloat(s.paddingLeft);
        const pr = parseFloat(s.paddingRight);
        return { top: r.top, left: r.left + pl, width: r.width - pl - pr };
      };
      const bounds = box(list);
      const rows = new Map<number, Box[]>();
      for (const item of items) {
        const r = box(item);
        const key = [...rows.keys()].find((t) => Math.abs(t - r.top) <= 2) ?? r.top;
        rows.set(key, [...(rows.get(key) ?? []), { left: r.left, width: r.width }]);
      }
      out.push({
        name: list.getAttribute("aria-label") ?? list.className,
        count: items.length,
        left: bounds.left,
        width: bounds.width,
        rows: [...rows.values()],
      });
    }
    return out;
  });
}

function describeRow(grid: Grid, row: Box[]): string {
  return `${grid.name}: ${grid.count} cards, a row of one ${Math.round(row[0]!.width)} of ${Math.round(grid.width)} px`;
}

/**
 * What is wrong with a grid at a tablet's width, or null. A row of one card is right when the grid
 * has one column (its card spans the grid), or else when the card is as wide as the cards of a
 * full row (within 2 px) and its centre is the grid's (within 2 px).
 */
function tabletProblem(grid: Grid): string | null {
  const full = grid.rows.find((row) => row.length > 1);
  for (const row of grid.rows) {
    if (row.length !== 1) continue;
    const card = row[0]!;
    if (!full) {
      if (card.width < grid.width * 0.9) return `${describeRow(grid, row)}, in a one-column grid`;
      continue;
    }
    const column = full[0]!.width;
    const offCentre = card.left + card.width / 2 - (grid.left + grid.width / 2);
    if (Math.abs(card.width - column) > 2 || Math.abs(offCentre) > 2)
      return `${describeRow(grid, row)}, a column is ${Math.round(column)} px, its centre ${Math.round(offCentre)} px off the grid's`;
  }
  return null;
}

test.describe("finished layouts", () => {
  test("at 1280 px no hero leaves more than 35 % of its width empty", async ({ page, baseURL }) => {
    test.setTimeout(180_000);
    await page.setViewportSize(wide);
    const tooEmpty: string[] = [];
    for (const route of await routes(baseURL)) {
      await open(page, route);
      const { share, name } = await emptyShare(page, hero);
      if (share > 0.35) tooEmpty.push(`${route} (${name}): ${Math.round(share * 100)} % empty`);
    }
    expect(tooEmpty).toEqual([]);
  });

  test("the empty-hero measure finds a blank right half", async ({ page }) => {
    // The measure itself can fail: a hero whose text keeps to the left half of the container.
    await page.setViewportSize(wide);
    await open(page, "/contact");
    await page.addStyleTag({
      content:
        "main > section:first-of-type .container > * { max-width: 40% !important; text-align: left !important; margin-left: 0 !important; }",
    });
    const { share } = await emptyShare(page, hero);
    expect(share).toBeGreaterThan(0.35);
  });

  test("at 1280 px no grid row holds a lone card", async ({ page, baseURL }) => {
    test.setTimeout(180_000);
    await page.setViewportSize(wide);
    const lone: string[] = [];
    let grids = 0;
    for (const route of await routes(baseURL)) {
      await open(page, route);
      for (const grid of await cardGrids(page)) {
        grids += 1;
        // A card spanning the grid on purpose is a layout; a card beside blank cells is not.
        for (const row of grid.rows)
          if (row.length === 1 && row[0]!.width < grid.width * 0.9) lone.push(`${route} ${describeRow(grid, row)}`);
      }
    }
    // The walk met the card grids (services, technologies, perks, team, portfolio, case studies…).
    expect(grids).toBeGreaterThan(20);
    expect(lone).toEqual([]);
  });

  test("at 800 px a card alone on its row keeps a column's width, centred", async ({ page, baseURL }) => {
    // Between md and lg the spec keeps two columns, so seven services or three people leave one
    // card alone on the last row: it must neither stretch across the grid nor sit at one side.
    test.setTimeout(180_000);
    await page.setViewportSize(tablet);
    const wrong: string[] = [];
    let grids = 0;
    let alone = 0;
    for (const route of await routes(baseURL)) {
      await open(page, route);
      for (const grid of await cardGrids(page)) {
        grids += 1;
        const problem = tabletProblem(grid);
        if (problem) wrong.push(`${route} ${problem}`);
        if (grid.count > 1 && grid.rows.some((row) => row.length === 1)) alone += 1;
      }
    }
    expect(grids).toBeGreaterThan(20);
    // The walk met grids with a card out (seven services and seven technologies at least).
    expect(alone).toBeGreaterThanOrEqual(2);
    expect(wrong).toEqual([]);
  });

  test("the 800 px measure finds a stretched last card and one left at the side", async ({ page }) => {
    // The measure itself can fail: the services overview's seven cards, their last one forced
    // across both columns, then back to one column at the row's start.
    const overview = pages.find((p) => p.template === "services-overview")!.path;
    await page.setViewportSize(tablet);
    await open(page, overview);
    const judged = async (css: string) => {
      const tag = await page.addStyleTag({ content: css });
      const problems = (await cardGrids(page)).map(tabletProblem).filter(Boolean);
      await tag.evaluate((el) => (el as Element).remove());
      return problems;
    };
    // The last card of each grid of three, five, seven… cards.
    const last = ".card-grid:not(.card-grid--single) > li:last-child:nth-child(odd)";
    const odd = await page.locator(last).count();
    expect(odd).toBeGreaterThan(0);
    expect((await cardGrids(page)).map(tabletProblem).filter(Boolean)).toEqual([]);
    expect(
      await judged(
        `${last} { grid-column: 1 / -1 !important; width: auto !important; justify-self: stretch !important; }`,
      ),
    ).toHaveLength(odd);
    expect(await judged(`${last} { justify-self: start !important; }`)).toHaveLength(odd);
  });

  test("at 1280 px the careers list and its head fill their container", async ({ page }) => {
    await page.setViewportSize(wide);
    await open(page, "/career");
    const [list, container, cards] = await page.evaluate(() => {
      const section = document.querySelector<HTMLElement>("#open-roles .container")!;
      const s = getComputedStyle(section);
      const inner = section.getBoundingClientRect().width - parseFloat(s.paddingLeft) - parseFloat(s.paddingRight);
      const ul = document.querySelector<HTMLElement>("#open-roles .job-list")!;
      return [
        ul.getBoundingClientRect().width,
        inner,
        [...ul.querySelectorAll<HTMLElement>(".job")].map((j) => j.getBoundingClientRect().width),
      ] as const;
    });
    expect(cards.length).toBeGreaterThan(0);
    // Its head (eyebrow, count, lead) spreads over the width too, not in the left 60 %.
    expect((await emptyShare(page, "#open-roles .section-head")).share).toBeLessThanOrEqual(0.35);
    expect(Math.abs(list - container)).toBeLessThanOrEqual(2);
    for (const w of cards) expect(Math.abs(w - container)).toBeLessThanOrEqual(2);
  });

  test("a case study's article starts at its hero's content edge, with a picture as wide as its text", async ({
    page,
    baseURL,
  }) => {
    const detail = (await routes(baseURL)).find(
      (r) => r.startsWith(caseStudyPaths.detail("")) && !r.includes("/category/"),
    )!;
    await page.setViewportSize(wide);
    await open(page, detail);
    const m = await page.evaluate(() => {
      const hero = document.querySelector<HTMLElement>("main > section:first-of-type")!;
      const article = document.querySelector<HTMLElement>("main article")!;
      const edge = (el: Element | null) => el!.getBoundingClientRect().left;
      return {
        breadcrumb: edge(hero.querySelector(".breadcrumb")),
        heading: edge(hero.querySelector("h1")),
        text: edge(hero.querySelector(".page-banner__text")),
        picture: edge(article.querySelector("img")),
        prose: edge(article.querySelector(".prose")),
        pictureWidth: article.querySelector("img")!.getBoundingClientRect().width,
        proseWidth: article.querySelector(".prose")!.getBoundingClientRect().width,
      };
    });
    for (const edgeOf of [m.breadcrumb, m.text, m.picture, m.prose])
      expect(Math.abs(edgeOf - m.heading)).toBeLessThanOrEqual(2);
    expect(m.pictureWidth).toBeGreaterThanOrEqual(m.proseWidth - 1);
  });

  test("at 375 px a case study's breadcrumb is one line tall, the current page still named", async ({
    page,
    baseURL,
  }) => {
    const all = await routes(baseURL);
    const detail = all.find((r) => r.startsWith(caseStudyPaths.detail("")) && !r.includes("/category/"))!;
    await page.setViewportSize({ width: 375, height: 800 });
    await open(page, detail);
    const crumb = page.getByRole("navigation", { name: "Breadcrumb" });
    const current = crumb.locator('[aria-current="page"]');
    // The whole title stays in the accessible name; only its display is shortened.
    await expect(current).toHaveText((await page.locator("h1").textContent())!);
    const lines = await crumb.evaluate((nav) => {
      // The line boxes of the breadcrumb's words: one distinct top per line of text.
      const tops: number[] = [];
      const walker = document.createTreeWalker(nav, NodeFilter.SHOW_TEXT);
      for (let n = walker.nextNode(); n; n = walker.nextNode()) {
        const range = document.createRange();
        range.selectNodeContents(n);
        for (const r of range.getClientRects()) {
          if (r.width > 0 && !tops.some((t) => Math.abs(t - r.top) <= 2)) tops.push(r.top);
        }
      }
      const ol = nav.querySelector("ol")!;
      return {
        tops: tops.length,
        height: ol.getBoundingClientRect().height,
        line: parseFloat(getComputedStyle(ol).lineHeight),
      };
    });
    expect(lines.tops).toBe(1);
    expect(lines.height).toBeLessThan(lines.line * 1.5);
  });
});
