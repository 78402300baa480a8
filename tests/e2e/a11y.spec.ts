import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "./fixtures";
import { pages } from "../../app/site/pages";

const tags = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];
/** Every page of the page table plus one case study and one category page. */
const routes = [...pages.map((p) => p.path), "/case-studies/cloud-migration", "/case-studies/category/mobile-app"];

async function violations(page: Page) {
  // Reveal-on-scroll fades content in; check the settled page, as a reader sees it.
  await page.evaluate(() =>
    document.querySelectorAll(".reveal-pending").forEach((el) => el.classList.add("is-revealed")),
  );
  await page.waitForTimeout(50);
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
  await page.getByRole("button", { name: "Open menu" }).click();
  await expect(page.getByRole("dialog", { name: "Menu" })).toBeVisible();
  expect(await violations(page)).toEqual([]);
});

test("a form in its error state has no violations", async ({ page }) => {
  await page.addInitScript(() => window.localStorage.setItem("cookiesDeclined", "true"));
  await page.goto("/contact");
  await page.getByRole("button", { name: "Book A Consultation" }).click();
  await expect(page.getByText("Please provide your first name.")).toBeVisible();
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
