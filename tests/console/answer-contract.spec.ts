import { expect, test } from "@playwright/test";
import { signedIn } from "./helpers";

test("an answer that breaks its contract shows that the server's answer was not understood, and Try again loads the page once it is whole", async ({
  browser,
}) => {
  const context = await browser.newContext();
  const { page } = await signedIn(context, "hr", "Contract Checker");

  // The Hiring page's answer with its counts as words: valid JSON, not what pipelineAnswer says.
  let broken = true;
  await page.route("**/admin/api/hiring", async (route) => {
    if (!broken) return route.fallback();
    await route.fulfill({
      status: 200,
      contentType: "application/json",
      body: JSON.stringify({ status: true, data: { stages: ["new"], roles: "several", withoutRole: null } }),
    });
  });

  await page.getByRole("navigation", { name: "Console" }).getByRole("link", { name: "Hiring" }).click();
  await expect(page).toHaveURL(/\/admin\/hiring$/);
  await expect(page.getByRole("heading", { level: 1, name: "The server's answer was not understood" })).toBeVisible();
  await expect(page.getByRole("alert")).toContainText("does not expect");
  await expect(page).toHaveTitle(/^The server's answer was not understood · Staff console/);
  // The layout stays: the menu is there to go elsewhere.
  await expect(page.getByRole("navigation", { name: "Console" })).toBeVisible();

  broken = false;
  await page.getByRole("button", { name: "Try again" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Hiring" })).toBeVisible();
  await expect(page.getByRole("table", { name: "Applications per role and stage" })).toBeVisible();
  await context.close();
});
