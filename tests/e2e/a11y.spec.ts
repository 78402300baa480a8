import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "./fixtures";
import { pages } from "../../app/site/pages";
import { collectionSamples } from "../../app/site/prerender";

const tags = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];
/** Every page of the page table plus, per collection, one item's and one group's page (a case study, a category, an insight, a tag). */
const routes = [...pages.map((p) => p.path), ...collectionSamples()];

/**
 * Checks the settled page, as a reader sees it: content still waiting to be revealed on scroll is
 * revealed, and every CSS animation and transition (the reveal's fade, the menu sliding in) has
 * run to its end before axe looks. Waiting for the animations themselves, not for a guess at
 * their duration, keeps the result the same on a fast and on a loaded machine.
 */
async function settled(page: Page) {
  await page.evaluate(async () => {
    document.querySelectorAll(".reveal-pending").forEach((el) => el.classList.add("is-revealed"));
    // getAnimations() applies pending style changes first, so the transitions just started are included.
    for (let round = 0; round < 10; round++) {
      const running = document.getAnimations().filter((a) => a.playState !== "finished");
      if (running.length === 0) return;
      await Promise.all(running.map((a) => a.finished.catch(() => undefined)));
    }
    throw new Error("animations kept starting after 10 rounds of waiting for them");
  });
  const faded = await page.evaluate(
    () => [...document.querySelectorAll("[data-reveal]")].filter((el) => getComputedStyle(el).opacity !== "1").length,
  );
  expect(faded, "revealed content still partly transparent").toBe(0);
}

async function violations(page: Page) {
  await settled(page);
  const result = await new AxeBuilder({ page }).withTags(tags).analyze();
  return result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
}

test.describe.configure({ mode: "parallel" });

for (const width of [1280, 375]) {
  for (const route of routes) {
    test(`${route} at ${width} px has no WCAG A/AA violations`, async ({ page }) => {
      await page.addInitScript(() => window.localStorage.setItem("cookiesDeclined", "true"));
      await page.setViewportSize({ width, height: 900 });
      await page.emulateMedia({ reducedMotion: "reduce" });
      await page.goto(route);
      expect(await violations(page)).toEqual([]);
    });
  }
}

test("the open mobile menu and the cookie notice have no violations", async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto("/");
  await expect(page.getByRole("region", { name: "Cookie notice" })).toBeVisible();
  expect(await violations(page)).toEqual([]);
  // The open menu is modal: the page behind it, cookie notice included, is inert, so it is checked on its own.
  await page.getByRole("button", { name: "Open menu" }).click();
  await expect(page.getByRole("dialog", { name: "Menu" })).toBeVisible();
  expect(await violations(page)).toEqual([]);
});

test("a form in its error state has no violations", async ({ page }) => {
  await page.addInitScript(() => window.localStorage.setItem("cookiesDeclined", "true"));
  await page.goto("/contact");
  await page.getByRole("button", { name: "Book A Consultation" }).click();
  await expect(page.locator(".invalid-feedback").getByText("Please provide your first name.")).toBeVisible();
  await expect(page.locator(".form-error-summary")).toBeVisible();
  expect(await violations(page)).toEqual([]);
});

test("a skip link leads to the main content, focus is visible and the document has a language", async ({ page }) => {
  await page.addInitScript(() => window.localStorage.setItem("cookiesDeclined", "true"));
  await page.goto("/services/cloudservice");
  expect(await page.getAttribute("html", "lang")).toBe("en");
  await page.keyboard.press("Tab");
  const skip = page.getByRole("link", { name: "Skip to main content" });
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();
  await page.keyboard.press("Enter");
  await expect(page.locator("main")).toBeFocused();
  await page.keyboard.press("Tab");
  const outline = await page.evaluate(() => {
    const el = document.activeElement as HTMLElement;
    const style = getComputedStyle(el);
    return { width: parseFloat(style.outlineWidth), style: style.outlineStyle, shadow: style.boxShadow };
  });
  expect(outline.width > 0 && outline.style !== "none" ? true : outline.shadow !== "none").toBe(true);
});
