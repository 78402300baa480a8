import http from "node:http";
import type { AddressInfo } from "node:net";
import puppeteer, { type Browser, type Page as Tab } from "puppeteer-core";
import { analyticsPath } from "../../contracts/consent";
import { footerColumn } from "../../app/site/pages";
import { chromiumArgs, findChromium } from "../../scripts/browser";
import { baseURL } from "../../playwright.config";
import { expect, test } from "./fixtures";

/**
 * A page the speculation rules prerender on hover (app/components/layout/speculation-rules.tsx)
 * is loaded before anyone sees it, and may run its scripts then. With measurement allowed, the
 * entry counts a prerendered page's view only on `prerenderingchange` (app/islands/entry.ts): a
 * hovered link that is never followed counts nothing, and the page that is then shown counts once.
 *
 * Chromium refuses to prerender under Playwright's DevTools client (and under any page-level
 * DevTools session, so not even the Preload domain can watch), so the test drives the same
 * Chromium through Puppeteer (as navigation-speculation.spec.ts explains) and watches the wire
 * through a small proxy in front of the real server: which documents were asked for and with what
 * `Sec-Purpose`, and every page view the server accepted (204) from a beacon to /api/analytics.
 *
 * Today a prerendered page's entry waits for a first paint (server/render/boot-loader.ts), which a
 * prerender never makes, so it starts only when the page is shown; the entry's prerenderingchange
 * branch keeps the count right for a boot that starts sooner. Both were checked by hand on a
 * built page whose loader boots at once: the prerender then fetches the measuring code (with
 * `Sec-Purpose: prefetch;prerender`) and this test passes; with the branch removed as well, the
 * prerender's view arrives before the click and this test fails.
 */

/** The measuring code, a chunk of its own that a page fetches only once measurement is allowed. */
const collectorChunk = /^\/assets\/collector-[\w-]+\.js$/;

test("a prerendered page that is never shown counts no view; shown, it counts exactly one", async () => {
  test.setTimeout(90_000);
  const [target] = footerColumn("policies");
  const link = `footer a[href="${target!.path}"]`;
  const proxy = await measuringProxy();
  const browser = await puppeteer.launch({ executablePath: findChromium(), args: chromiumArgs, headless: true });
  try {
    const tab = await browser.newPage();
    await tab.goto(`${proxy.base}/`, { waitUntil: "load" });
    await tab.waitForSelector("html[data-hydrated]");
    // Measurement consent as a visitor gives it: the cookie notice's Accept.
    await tab.click('section[aria-label="Cookie notice"] button::-p-text(Accept)');
    await expect.poll(() => proxy.fetchesOf(collectorChunk).length).toBe(1);

    // Positive control: with consent given, a view this browser counts reaches the server through
    // the proxy, and quickly. Another tab in front hides the landing page, whose collector then
    // sends what it holds at once (collector.ts: on visibilitychange to hidden), as a
    // prerendering page, which is hidden, would send a view it counted.
    const other = await browser.newPage();
    const hiddenAt = Date.now();
    await other.bringToFront();
    await expect.poll(() => proxy.pageViews("/").length).toBe(1);
    const delivery = Date.now() - hiddenAt;
    await other.close();
    await tab.bringToFront();

    await tab.hover(link);
    await expect.poll(() => proxy.fetchesOf(target!.path)).toContain("prefetch;prerender");
    await tab.mouse.move(1, 1);
    // Nothing to wait on for a view that must not come, so a bounded window: from the moment the
    // prerender has its whole document, two seconds or ten times the delivery the control above
    // measured, whichever is longer. What a prerendering page does next (parse ~20 KB, run its
    // inline scripts; were it to start its entry, import it from the cache and count) takes
    // milliseconds, and a counted view then arrives as fast as the control's did.
    await new Promise((resolve) => setTimeout(resolve, Math.max(2_000, 10 * delivery)));
    expect(proxy.pageViews(target!.path)).toEqual([]);

    await tab.click(link);
    await expect
      .poll(() => inTab(browser, target!.path, activatedFromPrerender))
      .toBe(`${target!.path}, activated from a prerender: true`);
    // The shown page queues its view once its measuring code has started, and sends it when
    // left. Its entry starts after the page's first paint and imports that code on its own
    // schedule, so the page is left only once the code has run: importing the same module in
    // the page resolves after the entry's own import, whose handler starts the collector.
    // (Left a moment after the call returns, so the evaluation is not cut off by the navigation.)
    await expect.poll(() => inTab(browser, target!.path, collectorStarted)).toBe(true);
    await inTab(browser, target!.path, () => void setTimeout(() => location.assign("about:blank"), 0));
    await expect.poll(() => proxy.pageViews(target!.path).length).toBe(1);
    expect(proxy.pageViews("/")).toHaveLength(1);
  } finally {
    await browser.close();
    proxy.close();
  }
});

/** Runs in the page: its path, and whether it was shown from a prerender. */
function activatedFromPrerender(): string {
  const { activationStart } = performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming;
  const prerendered = (activationStart ?? 0) > 0 && !document.prerendering;
  return `${location.pathname}, activated from a prerender: ${prerendered}`;
}

/** Runs in the page: whether its measuring code has been fetched and has run. */
async function collectorStarted(): Promise<boolean> {
  const chunk = performance
    .getEntriesByType("resource")
    .find((e) => /\/assets\/collector-[\w-]+\.js$/.test(new URL(e.name).pathname));
  if (!chunk) return false;
  await import(/* @vite-ignore */ chunk.name);
  await new Promise((resolve) => setTimeout(resolve, 0));
  return true;
}

/**
 * Runs fn in the tab now showing path. Puppeteer's first page object loses its frame when a
 * prerender takes its place, so a second connection looks at the tabs as they are now.
 */
async function inTab<T>(browser: Browser, path: string, fn: () => T | Promise<T>): Promise<T | string> {
  const look = await puppeteer.connect({ browserWSEndpoint: browser.wsEndpoint() });
  try {
    const pages: Tab[] = await look.pages();
    const now = pages.find((p) => new URL(p.url()).pathname === path);
    if (!now) return `(not shown yet: ${pages.map((p) => p.url()).join(", ")})`;
    return (await now.evaluate(fn)) as T;
  } finally {
    await look.disconnect();
  }
}

/**
 * Forwards every request to the site; records each answered request's path and Sec-Purpose, and
 * each page view in an analytics beacon the server accepted.
 */
async function measuringProxy() {
  const answered: { path: string; purpose: string }[] = [];
  const views: string[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const body = Buffer.concat(chunks);
      const path = (req.url ?? "").split("?")[0]!;
      const upstream = http.request(`${baseURL}${req.url}`, { method: req.method, headers: req.headers }, (up) => {
        res.writeHead(up.statusCode ?? 502, up.headers);
        up.pipe(res).on("finish", () => {
          answered.push({ path, purpose: String(req.headers["sec-purpose"] ?? "") });
          if (path === analyticsPath && req.method === "POST" && up.statusCode === 204) {
            const { events } = JSON.parse(body.toString("utf8")) as { events: { type: string; path: string }[] };
            views.push(...events.filter((e) => e.type === "pageview").map((e) => e.path));
          }
        });
      });
      upstream.end(body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    base: `http://127.0.0.1:${port}`,
    /** The Sec-Purpose of each answered request for the path (empty for an ordinary request). */
    fetchesOf: (p: string | RegExp) =>
      answered.filter((a) => (typeof p === "string" ? a.path === p : p.test(a.path))).map((a) => a.purpose),
    pageViews: (p: string) => views.filter((v) => v === p),
    close: () => server.close(),
  };
}
