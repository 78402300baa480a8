import { expect, test } from "./fixtures";

/**
 * Nothing on any page is wider than the screen: a phone must never scroll sideways. Every page
 * of the sitemap (the page table, each case study and category) at four widths.
 */
for (const width of [320, 375, 768, 1280]) {
  test(`no page scrolls sideways at ${width} px`, async ({ page, request }) => {
    test.setTimeout(120_000);
    const sitemap = await (await request.get("/sitemap.xml")).text();
    const routes = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1] as string).pathname);
    expect(routes.length).toBeGreaterThan(25);
    await page.setViewportSize({ width, height: 800 });
    await page.addInitScript(() => window.localStorage.setItem("cookiesDeclined", "true"));
    const overflowing: string[] = [];
    for (const route of routes) {
      await page.goto(route);
      const [scrollWidth, innerWidth] = await page.evaluate(() => [
        document.documentElement.scrollWidth,
        window.innerWidth,
      ]);
      if (scrollWidth > innerWidth) overflowing.push(`${route}: ${scrollWidth} px`);
    }
    expect(overflowing).toEqual([]);
  });
}
