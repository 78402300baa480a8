/**
 * The brand face (app/styles/web-font.ts, decision 044): declared inline in every page with
 * `font-display: optional` once the browser has the file, so a full load is drawn in Inter from
 * its first paint when the file is in the HTTP cache, and otherwise in the metric-matched fallback
 * for its whole life. A first visit fetches the file only after its load event. What a face is
 * "used" for is read from Chromium itself (CSS.getPlatformFontsForNode: the font the glyphs were
 * drawn with), not from our own bookkeeping.
 *
 * These tests drive Playwright's own `page.goto` (not the fixture's, which waits for hydration):
 * they read the page as it stands right after its first contentful paint.
 */
import { expect, test, type Page } from "@playwright/test";
import { pages } from "../../app/site/pages";
import { fallbackWeights } from "../../app/styles/font-fallback";
import { webFontStorageKey } from "../../app/styles/web-font-storage";

/** The face's own family name, as Chromium reports the font it drew with. */
const brand = "Inter";
const fontFile = /\/assets\/inter-latin-wght-normal-[\w-]+\.woff2$/;

/** Two pages from the page table: the first visit and the next full load. */
const [first, second] = (() => {
  const routes = pages.map((p) => p.path as string);
  const a = routes.find((p) => p === "/about-us") ?? routes[0]!;
  const b = routes.find((p) => p !== a && p.startsWith("/services/")) ?? routes.find((p) => p !== a)!;
  return [a, b];
})();

/** The families Chromium drew the element's text with. */
async function drawnWith(page: Page, selector: string): Promise<string[]> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("DOM.enable");
  await cdp.send("CSS.enable");
  const { root } = await cdp.send("DOM.getDocument", { depth: -1 });
  const { nodeId } = await cdp.send("DOM.querySelector", { nodeId: root.nodeId, selector });
  const { fonts } = await cdp.send("CSS.getPlatformFontsForNode", { nodeId });
  await cdp.detach();
  return fonts.map((f) => f.familyName);
}

type Watched = { shifts: number; fcp: number };

/** Before any page script: sums layout shifts and records the first contentful paint. */
async function watch(page: Page) {
  await page.addInitScript(() => {
    const w = window as unknown as { watched: Watched };
    w.watched = { shifts: 0, fcp: 0 };
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) w.watched.shifts += (entry as unknown as { value: number }).value;
    }).observe({ type: "layout-shift", buffered: true });
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries())
        if (entry.name === "first-contentful-paint") w.watched.fcp = entry.startTime;
    }).observe({ type: "paint", buffered: true });
  });
}

const watched = (page: Page) => page.evaluate(() => (window as unknown as { watched: Watched }).watched);

/** Loads a page in full and returns once it has painted its first content. */
async function loadToFirstPaint(page: Page, path: string) {
  await page.goto(path, { waitUntil: "commit" });
  await page.waitForFunction(() => (window as unknown as { watched?: Watched }).watched?.fcp);
}

/** Resolves once the face's file has arrived; returns when its request started, when the page loaded and first painted. */
async function fontArrival(page: Page) {
  const handle = await page.waitForFunction((pattern) => {
    const entry = performance
      .getEntriesByType("resource")
      .find((r) => new RegExp(pattern).test(r.name) && r.responseEnd > 0) as PerformanceResourceTiming | undefined;
    const nav = performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming;
    const painted = performance.getEntriesByName("first-paint")[0]?.startTime ?? 0;
    return entry ? { requested: entry.startTime, loaded: nav.loadEventEnd, painted } : null;
  }, fontFile.source);
  return (await handle.jsonValue()) as { requested: number; loaded: number; painted: number };
}

/** Resolves once the head script has fetched the file and remembered it for the next page. */
const remembered = (page: Page) =>
  page.waitForFunction((key) => localStorage.getItem(key)?.endsWith(".woff2"), webFontStorageKey);

/** The body's font stack, as computed: what Chromium looks up, family by family. */
const fontStack = (page: Page) => page.evaluate(() => getComputedStyle(document.body).fontFamily);

const nextFrames = (page: Page) =>
  page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));

test.describe("the brand face", () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test("a first visit fetches it only after the load event and the first paint, and keeps the page it is reading in the fallback, unmoved", async ({
    page,
  }) => {
    await watch(page);
    await loadToFirstPaint(page, first);
    const heading = page.locator("main h1");
    const before = await heading.boundingBox();
    expect(await drawnWith(page, "main h1")).not.toContain(brand);
    // The face is off, so its name is not in the stack: no system font of that name is looked up.
    expect(await fontStack(page)).toMatch(/^"Inter Fallback", system-ui/);
    const { requested, loaded, painted } = await fontArrival(page);
    expect(loaded).toBeGreaterThan(0);
    expect(requested).toBeGreaterThanOrEqual(loaded);
    // A small page can fire "load" before its first frame; a download begun then would share the
    // line with the first paint (and Lighthouse counts it into the LCP).
    expect(painted).toBeGreaterThan(0);
    expect(requested).toBeGreaterThanOrEqual(painted);
    // Two frames after the file arrived: had it been swapped in, the text would now be drawn in it.
    await nextFrames(page);
    expect(await drawnWith(page, "main h1")).not.toContain(brand);
    expect(await drawnWith(page, "main p")).not.toContain(brand);
    expect(await heading.boundingBox()).toEqual(before);
    expect((await watched(page)).shifts).toBe(0);
  });

  test("the metric-matched fallback is found on this system in every weight, and the page is drawn in it", async ({
    page,
  }) => {
    await watch(page);
    await loadToFirstPaint(page, first);
    // Every weight's face asked for now, as a page using it would: a local() name no system font
    // answers leaves the face in "error", and the text falls through to the next family.
    const faces = await page.evaluate(async () => {
      const fallback = [...document.fonts].filter((f) => f.family.replace(/"/g, "") === "Inter Fallback");
      await Promise.allSettled(fallback.map((f) => f.load()));
      return fallback.map((f) => `${f.weight} ${f.status}`);
    });
    expect(faces).toEqual(fallbackWeights.map((weight) => `${weight} loaded`));
    // The system font behind it: Arial, or a metric twin where Arial is missing (Linux, ChromeOS).
    const arial = [expect.stringMatching(/^(Arial|Liberation Sans|Arimo)$/)];
    expect(await drawnWith(page, "main h1")).toEqual(arial);
    expect(await drawnWith(page, "main p")).toEqual(arial);
  });

  test("with the file cached, a full load of another page draws its h1 in Inter from the first paint, with no layout shift", async ({
    page,
  }) => {
    await watch(page);
    await page.goto(first);
    await remembered(page);
    await loadToFirstPaint(page, second);
    expect(await fontStack(page)).toMatch(/^"Inter Variable", "Inter Fallback", system-ui/);
    expect(await drawnWith(page, "main h1")).toEqual([brand]);
    const heading = page.locator("main h1");
    const atFirstPaint = await heading.boundingBox();
    await page.waitForLoadState("load");
    await nextFrames(page);
    expect(await drawnWith(page, "main h1")).toEqual([brand]);
    expect(await drawnWith(page, "main p")).toEqual([brand]);
    expect(await heading.boundingBox()).toEqual(atFirstPaint);
    expect((await watched(page)).shifts).toBe(0);
  });

  test("the next page, reached by an in-app link, is drawn in it from its first frame", async ({ page }) => {
    await page.goto(first);
    await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
    await fontArrival(page);
    expect(await drawnWith(page, "main h1")).not.toContain(brand);
    // The header's home link: the page changes without a reload.
    await page
      .locator("header")
      .getByRole("link", { name: /, home$/ })
      .click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.locator("main h1")).toBeVisible();
    expect(await drawnWith(page, "main h1")).toEqual([brand]);
    expect(await drawnWith(page, "main p")).toEqual([brand]);
    // The cookie notice stays in the fallback it was first drawn in, whatever the page.
    expect(await drawnWith(page, ".cookie-notice p")).not.toContain(brand);
  });

  test("with Save-Data on, it is never fetched", async ({ page }) => {
    // The browser's Save-Data setting as the page reads it: the test is about the page's answer.
    await page.addInitScript(() =>
      Object.defineProperty(navigator, "connection", { value: { saveData: true }, configurable: true }),
    );
    const fetched: string[] = [];
    page.on("request", (r) => fontFile.test(r.url()) && fetched.push(r.url()));
    await page.goto(first);
    await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
    const idle = () =>
      page.evaluate(
        () =>
          new Promise((r) =>
            (window as unknown as { requestIdleCallback: (cb: () => void) => void }).requestIdleCallback(() => r(null)),
          ),
      );
    await idle();
    await page.goto(second);
    await idle();
    expect(fetched).toEqual([]);
    expect(await drawnWith(page, "main h1")).not.toContain(brand);
  });

  test.describe("without JavaScript", () => {
    test.use({ javaScriptEnabled: false });
    test("a full load after the file is cached is drawn in Inter too: the mechanism is CSS alone", async ({ page }) => {
      await page.goto(first, { waitUntil: "load" });
      await fontArrival(page);
      // Without scripts no observer runs in the page; with `optional` the face chosen at the first
      // paint is kept for the page's life, so reading it at the load event reads the first paint's.
      await page.goto(second, { waitUntil: "load" });
      expect(await drawnWith(page, "main h1")).toEqual([brand]);
      expect(await drawnWith(page, "main p")).toEqual([brand]);
    });
  });
});
