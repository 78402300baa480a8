import { expect, test } from "@playwright/test";
import { execFileSync } from "node:child_process";
import { apply, check, dataDir, origin, signedIn } from "./helpers";

/** `npm run admin -- …` against the server's database. */
function cli(...argv: string[]): string {
  return execFileSync("npx", ["tsx", "server/cli/index.ts", ...argv], {
    env: { ...process.env, DATA_DIR: dataDir, SITE_URL: origin, LOG_LEVEL: "silent" },
    encoding: "utf8",
  });
}

test("a candidate kept with select shows as shortlisted, and leaving that status asks to stop keeping first", async ({
  browser,
  request,
}) => {
  const stamp = Date.now();
  const email = `keziah.keepwell.${stamp}@example.com`;
  const number = await apply(request, { firstName: "Keziah", lastName: "Keepwell", email });
  expect(cli("select", number)).toContain("status: shortlisted");

  const context = await browser.newContext();
  const { page } = await signedIn(context, "hr", "Kit Keeper");
  await page.getByLabel("Search").fill(number);
  await page.getByRole("button", { name: "Apply filters" }).click();
  await page.getByRole("row").filter({ hasText: number }).getByRole("link").click();
  await expect(page.getByLabel("Status")).toHaveValue("shortlisted");
  const kept = page.getByText("Kept beyond the retention period", { exact: true }).locator("..");
  await expect(kept).toContainText("Yes");

  await page.getByLabel("Status").selectOption("reviewing");
  await page.getByRole("button", { name: "Save status" }).click();
  const question = page.getByRole("group", { name: /This candidate is kept beyond the retention period/ });
  await expect(question).toBeVisible();
  await check(page, "stop-keeping", 375);
  await question.getByRole("button", { name: "Cancel" }).click();
  await expect(page.getByLabel("Status")).toHaveValue("shortlisted");
  await expect(kept).toContainText("Yes");

  await page.getByLabel("Status").selectOption("reviewing");
  await page.getByRole("button", { name: "Save status" }).click();
  await page.getByRole("button", { name: "Stop keeping and save" }).click();
  await expect(page.getByText("Status saved: reviewing. The candidate is no longer kept")).toBeVisible();
  await expect(kept).toContainText("No");
  await context.close();
});
