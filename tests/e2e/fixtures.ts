/**
 * The e2e tests' `test`: as @playwright/test's, but `page.goto` and `page.reload` return only
 * once React has hydrated the page (root.tsx marks <html data-hydrated>). The site starts its
 * JavaScript after the first paint, which is after the load event Playwright waits for, so a
 * test acting at once would otherwise meet the prerendered page before its behaviour is attached.
 * Pages with JavaScript disabled return at the load event, as usual.
 */
import { test as base, type Page } from "@playwright/test";

export * from "@playwright/test";

async function hydrated(page: Page) {
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
}

export const test = base.extend({
  page: async ({ page, javaScriptEnabled }, use) => {
    if (javaScriptEnabled !== false) {
      const goto = page.goto.bind(page);
      const reload = page.reload.bind(page);
      page.goto = async (...args) => {
        const response = await goto(...args);
        await hydrated(page);
        return response;
      };
      page.reload = async (...args) => {
        const response = await reload(...args);
        await hydrated(page);
        return response;
      };
    }
    await use(page);
  },
});
