/**
 * A first visit on a slow line, as a phone on a poor connection meets the site: the HTML arrives
 * in pieces, then the scripts. The page is first painted once its last element has been parsed
 * (`<link rel="expect" blocking="render">`, decision 080), and nothing on the screen may move
 * after that (the Layout Instability API, every shift counted, none excused by input, since the
 * test gives none).
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { pages } from "../../app/site/pages";
import { baseURL } from "../../playwright.config";
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

/** Runs in the page before its own scripts: keeps every layout shift in window.shifts. */
function watchShifts() {
  type Shift = PerformanceEntry & { value: number; sources: { node?: Node | null }[] };
  const shifts: string[] = [];
  (window as unknown as { shifts: string[] }).shifts = shifts;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as Shift[]) {
      const moved = entry.sources.map((s) => (s.node instanceof Element ? s.node.className : s.node?.nodeName));
      shifts.push(`${entry.value.toFixed(4)}: ${moved.join(", ")}`);
    }
  }).observe({ type: "layout-shift", buffered: true });
}

/**
 * A server in front of the site's: `own` answers the requests it takes (it returns true), and the
 * rest go on to the site.
 */
async function inFront(own: (url: string | undefined, res: http.ServerResponse) => boolean) {
  const server = http.createServer((req, res) => {
    if (own(req.url, res)) return;
    const upstream = http.request(`${baseURL}${req.url}`, { method: req.method, headers: req.headers }, (up) => {
      res.writeHead(up.statusCode ?? 502, up.headers);
      up.pipe(res);
    });
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { port: (server.address() as AddressInfo).port, close: () => server.close() };
}

/** A mid-range phone's screen. */
const phone = { viewport: { width: 412, height: 823 }, isMobile: true, hasTouch: true, deviceScaleFactor: 1.75 };

test.describe("on a slow line", () => {
  test.use(phone);

  for (const route of routes)
    test(`${route} moves nothing once painted, the cookie notice included`, async ({ page }) => {
      const cdp = await page.context().newCDPSession(page);
      await cdp.send("Network.enable");
      await cdp.send("Network.emulateNetworkConditions", slowLine);
      await page.addInitScript(watchShifts);
      // The fixture returns once the page has hydrated and its full stylesheet has arrived.
      await page.goto(route);
      await expect(page.locator(".cookie-notice")).toBeVisible();
      expect(await page.evaluate(() => (window as unknown as { shifts: string[] }).shifts)).toEqual([]);
    });
});

/**
 * Where the line pauses is chance: a piece may end anywhere. Right after an inline icon that text
 * follows was once such a place: the icon and a collapsible space were drawn, the space's empty
 * box sat at the top of the line, and when the link's text arrived the space took its place on
 * the baseline, 3 px lower, which Chromium counts as a layout shift (0.0005 on /contact). So each
 * page whose main content has an icon followed by text is delivered in two pieces, cut after the
 * icon and its text, inside the next tag (as the line once cut /contact: `</svg> <a href="`), and
 * the second piece is sent only once the first has been parsed. Since decision 080 the first piece
 * is not painted at all: the test checks that the first paint comes after the rest arrived, and
 * that nothing moves after it.
 */
test.describe("delivered in two pieces, cut right after an inline icon", () => {
  /** Each page with icons beside text in its main content, and where to cut it after the first of them. */
  async function cuts(): Promise<{ path: string; html: Buffer; at: number; icons: number }[]> {
    const found = [];
    for (const { path } of pages) {
      const html = Buffer.from(
        await (await fetch(`${baseURL}${path}`, { headers: { "accept-encoding": "identity" } })).arrayBuffer(),
      );
      const text = html.toString("latin1");
      const main = text.indexOf("<main");
      const icon = /<\/svg>(?=[^<])/g;
      icon.lastIndex = main;
      const hit = main < 0 ? null : icon.exec(text);
      if (hit && hit.index < text.indexOf("</main>"))
        found.push({
          path,
          html,
          at: text.indexOf("<", hit.index + hit[0].length) + 2,
          icons: text.slice(main, hit.index).split("</svg>").length,
        });
    }
    return found;
  }

  test("no page is painted before the rest of it arrives, and none moves after", async ({ browser }) => {
    const pieces = await cuts();
    // The control: the pages this guards are found, so the test cannot pass by finding none.
    expect(pieces.map((p) => p.path)).toEqual(expect.arrayContaining(["/contact", "/team"]));
    let current = pieces[0]!;
    let release = () => {};
    const { port, close } = await inFront((url, res) => {
      if (url !== current.path) return false;
      res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
      res.write(current.html.subarray(0, current.at));
      release = () => res.end(current.html.subarray(current.at));
      return true;
    });
    const moved: string[] = [];
    try {
      for (const piece of pieces) {
        current = piece;
        const page = await browser.newPage(phone);
        await page.addInitScript(watchShifts);
        await page.goto(`http://127.0.0.1:${port}${piece.path}`, { waitUntil: "commit" });
        // The first piece is parsed: all its icons are in the page. (No frame comes while the page
        // waits for its last element, so the test reads the page's clock instead of waiting for one.)
        await page.waitForFunction((n) => document.querySelectorAll("main svg").length === n, piece.icons);
        const restSentAt = await page.evaluate(() => performance.now());
        release();
        await page.waitForLoadState("load");
        await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
        // Paint timing is reported once the frame is presented, which may be after those frames.
        const firstPaint = Number(
          await (await page.waitForFunction(() => performance.getEntriesByType("paint")[0]?.startTime)).jsonValue(),
        );
        if (firstPaint < restSentAt)
          moved.push(`${piece.path}: first painted at ${firstPaint} ms, before the rest was sent at ${restSentAt} ms`);
        for (const shift of await page.evaluate(() => (window as unknown as { shifts: string[] }).shifts))
          moved.push(`${piece.path}: ${shift}`);
        await page.close();
      }
    } finally {
      close();
    }
    expect(moved).toEqual([]);
  });
});

/**
 * Firefox and Safari do not wait for the expect link: they paint what has arrived. A centred
 * breadcrumb painted with its first item only moved that item aside when the next arrived (0.0005
 * on /case-study's "Home"), so it stays hidden until the title after it is parsed. The page is
 * served without its expect link, cut right after the breadcrumb's first item, and painted so.
 */
test("a centred breadcrumb painted before the rest of it arrives does not move", async ({ browser }) => {
  const path = "/case-study";
  const html = (
    await (await fetch(`${baseURL}${path}`, { headers: { "accept-encoding": "identity" } })).text()
  ).replace(/<link rel="expect"[^>]*>/, "");
  // The control: the page has a centred banner, a breadcrumb of two items, and no expect link now.
  expect(html).toContain("page-banner--center");
  expect(html).not.toContain('rel="expect"');
  const at = html.indexOf("</li>", html.indexOf('<ol class="breadcrumb">')) + "</li>".length;
  expect(html.slice(at, at + 40)).toContain('<li class="breadcrumb-item active"');
  let release = () => {};
  const { port, close } = await inFront((url, res) => {
    if (url !== path) return false;
    res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
    res.write(html.slice(0, at));
    release = () => res.end(html.slice(at));
    return true;
  });
  const page = await browser.newPage(phone);
  try {
    await page.addInitScript(watchShifts);
    await page.goto(`http://127.0.0.1:${port}${path}`, { waitUntil: "commit" });
    await page.waitForFunction(() => document.querySelectorAll(".breadcrumb-item").length === 1);
    // The first piece is painted, its breadcrumb with it (the case a visitor on Firefox meets).
    await page.waitForFunction(() => performance.getEntriesByType("paint").length > 0);
    release();
    await page.waitForLoadState("load");
    await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
    await expect(page.locator(".page-banner .breadcrumb")).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { shifts: string[] }).shifts)).toEqual([]);
  } finally {
    await page.close();
    close();
  }
});
