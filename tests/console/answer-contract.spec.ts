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

test("a signed-in person whose server cannot be reached sees that, not the sign-in page, and Try again brings the console back", async ({
  browser,
}) => {
  const context = await browser.newContext();
  const { page } = await signedIn(context, "sales", "Reachability Checker");

  // Who is signed in cannot be asked: the request fails as a dropped connection would, after a
  // moment in which the console says it is loading instead of showing a blank page.
  let reachable = false;
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route("**/admin/api/me", async (route) => {
    if (reachable) return route.fallback();
    await held;
    await route.abort("connectionrefused");
  });
  await page.reload();
  await expect(page.getByRole("status")).toHaveText("Loading the staff console…");
  release();

  await expect(page.getByRole("heading", { level: 1, name: "This page could not be loaded" })).toBeVisible();
  await expect(page.getByRole("alert")).toHaveText(
    "The server could not be reached. Check your connection and try again.",
  );
  await expect(page.getByRole("heading", { name: "Sign in" })).toHaveCount(0);

  reachable = true;
  await page.getByRole("button", { name: "Try again" }).click();
  await expect(page.getByRole("navigation", { name: "Console" })).toBeVisible();
  await expect(page.getByRole("heading", { level: 1, name: "Inbox" })).toBeVisible();
  await context.close();
});
