import { expect, test } from "./fixtures";

test("the FAQ accordion works with Enter and Space", async ({ page }) => {
  await page.addInitScript(() => window.localStorage.setItem("cookiesDeclined", "true"));
  await page.goto("/services/devops");
  const items = page.locator(".faq-accordion details");
  const questions = page.locator(".faq-accordion summary");
  await questions.nth(0).focus();
  await page.keyboard.press("Enter");
  await expect(items.nth(0)).not.toHaveAttribute("open");
  await page.keyboard.press("Tab");
  await expect(questions.nth(1)).toBeFocused();
  await page.keyboard.press("Space");
  await expect(items.nth(1)).toHaveAttribute("open", "");
});

test("the cookie notice can be answered with the keyboard", async ({ page }) => {
  await page.goto("/");
  const notice = page.getByRole("region", { name: "Cookie notice" });
  await expect(notice).toBeVisible();
  const accept = notice.getByRole("button", { name: "Accept" });
  await accept.focus();
  await page.keyboard.press("Enter");
  await expect(notice).toBeHidden();
  expect(await page.evaluate(() => localStorage.getItem("cookiesAccepted"))).toBe("true");
});

test("the mobile menu opens, is walked and closes with the keyboard", async ({ page }) => {
  await page.addInitScript(() => window.localStorage.setItem("cookiesDeclined", "true"));
  await page.setViewportSize({ width: 375, height: 740 });
  await page.goto("/");
  const toggle = page.getByRole("button", { name: "Open menu" });
  await toggle.focus();
  await page.keyboard.press("Enter");
  const menu = page.getByRole("dialog", { name: "Menu" });
  await expect(menu).toBeVisible();
  await page.keyboard.press("Tab");
  expect(await menu.evaluate((el) => el.contains(document.activeElement))).toBe(true);
  await page.keyboard.press("Escape");
  await expect(menu).toBeHidden();
  await expect(toggle).toBeFocused();
});
