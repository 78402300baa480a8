/**
 * The menu, the header dropdowns and the FAQ as the prerendered HTML alone delivers them: with
 * JavaScript off, and with JavaScript on but the site's modules never arriving (a slow phone
 * before hydration). Both run on @playwright/test's own `test`: the fixture's goto would wait for
 * a hydration that never comes.
 */
import { expect, test, type BrowserContextOptions, type Page } from "@playwright/test";
import { headerCta } from "../../app/components/layout/header-cta";
import { headerLinks, pagesIn } from "../../app/site/pages";

const modes: { name: string; options: BrowserContextOptions; setUp?: (page: Page) => Promise<void> }[] = [
  { name: "with JavaScript disabled", options: { javaScriptEnabled: false } },
  {
    name: "before the scripts arrive",
    options: {},
    // The modules are asked for and never answered (so the load event never comes: the tests wait
    // for the document only); the cookie notice stays out of the way.
    setUp: async (page) => {
      await page.route("**/assets/*.js", () => undefined);
      await page.addInitScript(() => window.localStorage.setItem("cookiesDeclined", "true"));
      const goto = page.goto.bind(page);
      page.goto = (url, options) => goto(url, { waitUntil: "domcontentloaded", ...options });
    },
  },
];

for (const mode of modes) {
  test.describe(mode.name, () => {
    test.use(mode.options);
    test.beforeEach(async ({ page }) => {
      await mode.setUp?.(page);
    });
    test.afterEach(async ({ page }) => {
      // What was tested ran without the site's modules: React never hydrated the page.
      expect(await page.locator("html[data-hydrated]").count()).toBe(0);
    });

    test("at 375 px the menu opens, lists every header page and leads to /contact", async ({ page }) => {
      await page.setViewportSize({ width: 375, height: 740 });
      await page.goto("/");
      const menu = page.getByRole("dialog", { name: "Menu" });
      await expect(menu).toBeHidden();
      await page.getByRole("button", { name: "Open menu" }).click();
      await expect(menu).toBeVisible();
      // The groups are closed at first: every link, shown or in a group.
      const hrefs = await menu.locator("a[href]").evaluateAll((els) => els.map((a) => a.getAttribute("href")));
      expect(hrefs).toEqual([
        ...headerLinks().map((p) => p.path),
        headerCta.to,
        ...[...pagesIn("services"), ...pagesIn("technology")].map((p) => p.path),
      ]);
      // The theme toggle needs its head script: without JavaScript neither it nor its label shows.
      const theme = menu.getByText("Theme", { exact: true });
      if (mode.options.javaScriptEnabled === false) await expect(theme).toBeHidden();
      else await expect(theme).toBeVisible();
      await page.keyboard.press("Escape");
      await expect(menu).toBeHidden();

      await page.getByRole("button", { name: "Open menu" }).click();
      await menu.getByRole("button", { name: "Close menu" }).click();
      await expect(menu).toBeHidden();

      await page.getByRole("button", { name: "Open menu" }).click();
      await menu.getByRole("link", { name: "Contact", exact: true }).click();
      await expect(page).toHaveURL(/\/contact$/);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      await expect(menu).toBeHidden();
    });

    test("at 1280 px the Services dropdown reveals the seven service links, and closes again", async ({ page }) => {
      await page.setViewportSize({ width: 1280, height: 800 });
      await page.goto("/");
      const services = page.locator(".dropdown-menu").first();
      await expect(services).toBeHidden();
      await page.getByRole("button", { name: "Services" }).click();
      await expect(services).toBeVisible();
      const links = services.getByRole("link");
      await expect(links).toHaveCount(7);
      expect(await links.evaluateAll((els) => els.map((a) => a.getAttribute("href")))).toEqual(
        pagesIn("services").map((p) => p.path),
      );
      // Under its button, not somewhere in the top layer.
      const button = (await page.getByRole("button", { name: "Services" }).boundingBox())!;
      const list = (await services.boundingBox())!;
      expect(list.y).toBeGreaterThanOrEqual(button.y + button.height);
      expect(list.y).toBeLessThan(button.y + button.height + 16);
      expect(Math.abs(list.x - button.x)).toBeLessThan(24);

      // Opening the other closes this one; a click elsewhere closes that.
      await page.getByRole("button", { name: "Technology" }).click();
      await expect(services).toBeHidden();
      await expect(page.locator(".dropdown-menu").nth(1)).toBeVisible();
      await page.mouse.click(10, 600);
      await expect(page.locator(".dropdown-menu").nth(1)).toBeHidden();

      await page.getByRole("button", { name: "Services" }).click();
      await services.getByRole("link", { name: "DevOps Solutions" }).click();
      await expect(page).toHaveURL(/\/services\/devops$/);
    });

    test("the second FAQ answer opens, and the first closes", async ({ page }) => {
      await page.goto("/");
      const items = page.locator(".faq-accordion details");
      const answers = page.locator(".faq-accordion .faq-item__answer");
      await expect(answers.nth(0)).toBeVisible();
      await expect(answers.nth(1)).toBeHidden();
      await items.nth(1).locator("summary").click();
      await expect(answers.nth(1)).toBeVisible();
      await expect(answers.nth(0)).toBeHidden();
    });
  });
}

test.describe("in a browser without invoker commands", () => {
  test.use({ javaScriptEnabled: false, viewport: { width: 375, height: 740 } });

  test("the menu still opens and closes, as a popover", async ({ page }) => {
    await page.goto("/");
    // As an older browser sees the buttons: only popovertarget is understood.
    await page.evaluate(() =>
      document.querySelectorAll("[commandfor]").forEach((el) => {
        el.removeAttribute("commandfor");
        el.removeAttribute("command");
      }),
    );
    const menu = page.getByRole("dialog", { name: "Menu" });
    await page.getByRole("button", { name: "Open menu" }).click();
    await expect(menu).toBeVisible();
    expect(await menu.evaluate((el) => el.matches(":popover-open"))).toBe(true);
    await menu.getByRole("button", { name: "Close menu" }).click();
    await expect(menu).toBeHidden();
    await page.getByRole("button", { name: "Open menu" }).click();
    await menu.getByRole("link", { name: "Contact", exact: true }).click();
    await expect(page).toHaveURL(/\/contact$/);
  });
});

test.describe("when the scripts arrive after the visitor has opened something", () => {
  /** Holds the site's modules back until the returned function is called. */
  async function holdScripts(page: Page) {
    let release = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    await page.route("**/assets/*.js", async (route) => {
      await gate;
      await route.continue();
    });
    await page.addInitScript(() => window.localStorage.setItem("cookiesDeclined", "true"));
    return async () => {
      release();
      await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
    };
  }

  test("at 375 px the open FAQ answer and the open menu stay open through hydration", async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    const hydrate = await holdScripts(page);
    await page.goto("/", { waitUntil: "domcontentloaded" });
    const items = page.locator(".faq-accordion details");
    await items.nth(2).locator("summary").click();
    await page.getByRole("button", { name: "Open menu" }).click();
    const menu = page.getByRole("dialog", { name: "Menu" });
    await expect(menu).toBeVisible();
    await hydrate();
    await expect(menu).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(menu).toBeHidden();
    await expect(items.nth(2)).toHaveAttribute("open", "");
  });

  test("at 1280 px the open Services list stays open through hydration", async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    const hydrate = await holdScripts(page);
    await page.goto("/", { waitUntil: "domcontentloaded" });
    await page.getByRole("button", { name: "Services" }).click();
    const services = page.locator(".dropdown-menu").first();
    await expect(services).toBeVisible();
    await hydrate();
    await expect(services).toBeVisible();
    // And the script's part works on it: the arrow keys move through its links.
    await page.keyboard.press("ArrowDown");
    await expect(services.getByRole("link").first()).toBeFocused();
  });
});
