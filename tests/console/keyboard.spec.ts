import { expect, test } from "@playwright/test";
import { apply, signedIn } from "./helpers";

test("the console works from the keyboard: skip link, search, open a submission, add a note, change status", async ({
  browser,
  request,
}) => {
  const number = await apply(request, {
    firstName: "Keyla",
    lastName: "Tabwright",
    email: `keyla.${Date.now()}@example.com`,
  });
  const context = await browser.newContext();
  const { page } = await signedIn(context, "hr", "Kira Keys");
  await page.goto("/admin");
  // The console draws its page once it knows who is signed in; the first Tab goes to what is drawn.
  await expect(page.getByRole("heading", { level: 1, name: "Inbox" })).toBeVisible();
  await page.keyboard.press("Tab");
  await expect(page.getByRole("link", { name: "Skip to content" })).toBeFocused();
  await page.keyboard.press("Enter");
  // From the main content, the first field is the search.
  await page.keyboard.press("Tab");
  await expect(page.getByLabel("Search")).toBeFocused();
  await page.keyboard.type("tabwright");
  await page.keyboard.press("Enter");
  const link = page.getByRole("link", { name: "Keyla Tabwright" });
  await expect(link).toBeVisible();
  await link.focus();
  await page.keyboard.press("Enter");
  const heading = page.getByRole("heading", { level: 1, name: `Application ${number}` });
  await expect(heading).toBeFocused();

  await page.getByLabel("Status").focus();
  await page.keyboard.press("ArrowDown");
  await page.keyboard.press("Tab");
  await expect(page.getByRole("button", { name: "Save status" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page.getByText("Status saved: reviewing.")).toBeVisible();

  // An application offers to record the candidate's consent to be kept for future roles next.
  await page.keyboard.press("Tab");
  await expect(page.getByRole("button", { name: "They replied yes: record consent" })).toBeFocused();
  await page.keyboard.press("Tab");
  await expect(page.getByLabel("Note")).toBeFocused();
  await page.keyboard.type("Reached by keyboard only.");
  await page.keyboard.press("Tab");
  await expect(page.getByRole("button", { name: "Add note" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page.locator(".notes li").filter({ hasText: "Reached by keyboard only." })).toContainText("Kira Keys");
  await context.close();
});
