/**
 * A first visit on a slow line, as a phone on a poor connection meets the site: the browser paints
 * the page while its HTML is still arriving, then the full stylesheet, then the scripts. Nothing
 * already on the screen may move meanwhile (the Layout Instability API, every shift counted, none
 * excused by input, since the test gives none).
 */
import { expect, test } from "./fixtures";

/** About 320 kbit/s with 150 ms of latency, a poor mobile connection: the document arrives in several pieces. */
const slowLine = { offline: false, latency: 150, downloadThroughput: 40_000, uploadThroughput: 20_000 };

const routes = [
  "/",
  "/about-us",
  "/contact",
  "/career",
  "/services/mobileapp",
  "/technology/aiml",
  "/case-study",
  "/privacy-policy",
];

test.describe("on a slow line", () => {
  test.use({ viewport: { width: 412, height: 823 }, isMobile: true, hasTouch: true, deviceScaleFactor: 1.75 });

  for (const route of routes)
    test(`${route} paints as it arrives and moves nothing, the cookie notice included`, async ({ page }) => {
      const cdp = await page.context().newCDPSession(page);
      await cdp.send("Network.enable");
      await cdp.send("Network.emulateNetworkConditions", slowLine);
      await page.addInitScript(() => {
        type Shift = PerformanceEntry & { value: number; sources: { node?: Node | null }[] };
        const shifts: string[] = [];
        (window as unknown as { shifts: string[] }).shifts = shifts;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as Shift[]) {
            const moved = entry.sources.map((s) => (s.node instanceof Element ? s.node.className : s.node?.nodeName));
            shifts.push(`${entry.value.toFixed(4)}: ${moved.join(", ")}`);
          }
        }).observe({ type: "layout-shift", buffered: true });
      });
      // The fixture returns once the page has hydrated and its full stylesheet has arrived.
      await page.goto(route);
      await expect(page.locator(".cookie-notice")).toBeVisible();
      expect(await page.evaluate(() => (window as unknown as { shifts: string[] }).shifts)).toEqual([]);
    });
});
