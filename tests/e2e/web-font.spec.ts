/**
 * The brand face (app/styles/web-font.ts): fetched only after the page has loaded, never changing
 * the page being read, put to use with the next page. What a face is "used" for is read from
 * Chromium itself (CSS.getPlatformFontsForNode: the font the glyphs were drawn with), not from
 * our own bookkeeping.
 */
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";

/** The face's own family name, as Chromium reports the font it drew with. */
const brand = "Inter";
const fontFile = /\/assets\/inter-latin-wght-normal-[\w-]+\.woff2$/;

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

/** Resolves once the face's file has arrived, with when its request started and when the page loaded. */
async function fontArrival(page: Page) {
  await page.waitForFunction(
    (pattern) =>
      performance.getEntriesByType("resource").some((r) => new RegExp(pattern).test(r.name) && r.responseEnd > 0),
    fontFile.source,
  );
  return page.evaluate((pattern) => {
    const entry = performance
      .getEntriesByType("resource")
      .find((r) => new RegExp(pattern).test(r.name)) as PerformanceResourceTiming;
    const nav = performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming;
    return { requested: entry.startTime, loaded: nav.loadEventEnd };
  }, fontFile.source);
}

test.describe("the brand face", () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test("a first visit fetches it only after the load event and keeps the page it is reading in the fallback", async ({
    page,
  }) => {
    await page.addInitScript(() => {
      (window as unknown as { shifts: number }).shifts = 0;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries())
          (window as unknown as { shifts: number }).shifts += (entry as unknown as { value: number }).value;
      }).observe({ type: "layout-shift", buffered: true });
    });
    await page.goto("/about-us");
    const heading = page.locator("main h1");
    const before = await heading.boundingBox();
    const { requested, loaded } = await fontArrival(page);
    expect(loaded).toBeGreaterThan(0);
    expect(requested).toBeGreaterThanOrEqual(loaded);
    // Two frames after the file arrived: had it been put to use, the text would now be drawn in it.
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    expect(await drawnWith(page, "main h1")).not.toContain(brand);
    expect(await drawnWith(page, "main p")).not.toContain(brand);
    expect(await heading.boundingBox()).toEqual(before);
    expect(await page.evaluate(() => (window as unknown as { shifts: number }).shifts)).toBe(0);
  });

  test("the next page, reached by a link, is drawn in it from its first frame", async ({ page }) => {
    await page.goto("/about-us");
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
    await page.goto("/about-us");
    await page.evaluate(
      () =>
        new Promise((r) =>
          (window as unknown as { requestIdleCallback: (cb: () => void) => void }).requestIdleCallback(() => r(null)),
        ),
    );
    await page
      .locator("header")
      .getByRole("link", { name: /, home$/ })
      .click();
    await expect(page).toHaveURL(/\/$/);
    await page.evaluate(
      () =>
        new Promise((r) =>
          (window as unknown as { requestIdleCallback: (cb: () => void) => void }).requestIdleCallback(() => r(null)),
        ),
    );
    expect(fetched).toEqual([]);
    expect(await drawnWith(page, "main h1")).not.toContain(brand);
  });

  test.describe("without JavaScript", () => {
    test.use({ javaScriptEnabled: false });
    test("the page is drawn in the fallback and the file is never fetched", async ({ page }) => {
      const fetched: string[] = [];
      page.on("request", (r) => fontFile.test(r.url()) && fetched.push(r.url()));
      await page.goto("/about-us", { waitUntil: "networkidle" });
      expect(fetched).toEqual([]);
      expect(await drawnWith(page, "main h1")).not.toContain(brand);
    });
  });
});
