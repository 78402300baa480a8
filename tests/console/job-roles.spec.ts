/**
 * Roles on the careers page, edited by HR in the console (issue 26): a new role with its messages
 * under the fields, the description's preview (markup shown as text), publishing after a
 * confirmation, the list, and a save based on an old version refused with the 409 message.
 * (tests/console/roles.spec.ts is about the staff's roles: who may open what.)
 */
import { expect, test, type Page } from "@playwright/test";
import { check, origin, signedIn } from "./helpers";

const description = `Keep our customers' platforms up: an on-call rota that is kind, error budgets that mean something, and incident reviews without blame.

## What you will do
- Run Kubernetes clusters on AWS and GCP for three customers.
- Write the runbooks you wish you had at 3 a.m.

<script>document.title = "owned"</script>`;

/** Both widths, light and dark: a screenshot each, axe and no sideways scrolling (helpers.ts). */
async function look(page: Page, name: string) {
  for (const scheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    for (const width of [1280, 375]) await check(page, `${name}-${scheme}`, width);
  }
  await page.emulateMedia({ colorScheme: "light" });
  await page.setViewportSize({ width: 1280, height: 900 });
}

test("HR creates a role in Sydney and Bengaluru, previews it, publishes it and sees it listed", async ({ browser }) => {
  // Fourteen looks (axe, a screenshot each) on top of the steps; the machine is shared.
  test.setTimeout(150_000);
  const context = await browser.newContext();
  const { page } = await signedIn(context, "hr", "Rhea Roles");
  // The Markdown renderer (marked) is its own file, fetched by the editor's preview only.
  const markdownFiles: string[] = [];
  page.on("request", (r) => {
    if (/\/admin\/assets\/role-markdown-[\w-]+\.js$/.test(r.url())) markdownFiles.push(r.url());
  });
  await page.getByRole("navigation", { name: "Console" }).getByRole("link", { name: "Roles" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Roles" })).toBeVisible();
  await expect(page.getByRole("row").nth(1)).toBeVisible();
  expect(markdownFiles).toEqual([]);
  await page.getByRole("link", { name: "New role" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "New role" })).toBeVisible();

  // Saved empty: each field says what it needs, and the first of them has the focus.
  await page.getByLabel("Title").fill("");
  await page.getByLabel("Posted on").fill("");
  await page.getByRole("button", { name: "Save draft" }).click();
  await expect(page.getByRole("status")).toContainText("Not saved:");
  await expect(page.getByLabel("Title")).toBeFocused();
  await expect(page.getByLabel("Title")).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByLabel("Title")).toHaveAccessibleDescription("Give the role a title of 3 characters or more.");
  await expect(page.getByLabel("Description", { exact: true })).toHaveAccessibleDescription(
    /Describe the role in 80 characters or more\./,
  );
  await expect(page.getByRole("group", { name: "Offices" })).toHaveAccessibleDescription(
    /Choose at least one office\.$/,
  );
  await look(page, "role-new-errors");

  await page.getByLabel("Title").fill("Site Reliability Engineer");
  await page.getByLabel("Position on the application form").selectOption("DevOps Engineer");
  // Sydney first: it names the address.
  await page.getByRole("checkbox", { name: "Sydney" }).check();
  await page.getByRole("checkbox", { name: "Bengaluru" }).check();
  await expect(page.getByText("Leave empty for /career/site-reliability-engineer-sydney")).toBeVisible();
  await page.getByLabel("Employment type").selectOption({ label: "Full-time" });
  await page.getByLabel("Workplace").selectOption({ label: "Hybrid" });
  await page.getByLabel("From").fill("150,000");
  await page.getByLabel("To", { exact: true }).fill("180000");
  await page.getByLabel("Currency").selectOption("AUD");
  await page.getByLabel("Paid").selectOption({ label: "a year" });
  // Fixed dates around any day this test runs: the role is open whenever it is published.
  await page.getByLabel("Posted on").fill("2026-11-01");
  await page.getByLabel("Closes after").fill("2099-12-31");
  await page.getByLabel("Description", { exact: true }).fill(description);

  // The preview renders the Markdown as the site will, and shows the markup as text.
  const preview = page.getByRole("region", { name: "Preview" });
  await expect(preview.getByRole("heading", { name: "What you will do" })).toBeVisible();
  await expect(preview.getByRole("listitem")).toHaveCount(2);
  await expect(preview).toContainText('<script>document.title = "owned"</script>');
  await expect(preview.locator("script")).toHaveCount(0);
  expect(markdownFiles).toHaveLength(1);

  await page.getByRole("button", { name: "Save draft" }).click();
  await expect(page.getByRole("status")).toHaveText("Draft saved. It is not on the site until you publish it.");
  await expect(page).toHaveURL(/\/admin\/roles\/\d+$/);
  await expect(page.getByRole("heading", { level: 1, name: "Site Reliability Engineer" })).toBeVisible();
  await expect(page.getByText("Draft", { exact: true })).toBeVisible();
  await expect(page.getByLabel("Address")).toHaveValue("site-reliability-engineer-sydney");
  await expect(page.getByLabel("From")).toHaveValue("150000");
  await look(page, "role-edit");

  // Publishing asks first; Cancel changes nothing.
  await page.getByRole("button", { name: "Publish" }).click();
  const question = page.getByRole("group", { name: /Publish this role\?/ });
  await expect(question).toContainText(`${origin}/career/site-reliability-engineer-sydney`);
  // The question takes the focus on Cancel: a second Enter does not publish (ui/ConfirmBox).
  await expect(question.getByRole("button", { name: "Cancel" })).toBeFocused();
  await check(page, "role-publish-confirm", 375);
  await question.getByRole("button", { name: "Cancel" }).click();
  await expect(question).toBeHidden();
  await expect(page.getByRole("button", { name: "Publish" })).toBeFocused();
  await page.getByRole("button", { name: "Publish" }).click();
  await page
    .getByRole("group", { name: /Publish this role\?/ })
    .getByRole("button", { name: "Publish" })
    .click();
  await expect(page.getByRole("status")).toHaveText(
    `Published. It is on the careers page within a minute, at ${origin}/career/site-reliability-engineer-sydney.`,
  );
  await expect(page.getByText("Published", { exact: true })).toBeVisible();
  await expect(page.getByLabel("Address")).toHaveAttribute("readonly", "");
  await expect(page.getByRole("button", { name: "Close role" })).toBeVisible();
  expect(await page.title()).not.toBe("owned");
  await check(page, "role-published", 1280);

  await page.getByRole("link", { name: "All roles" }).click();
  const row = page.getByRole("row").filter({ hasText: "Site Reliability Engineer" });
  await expect(row).toContainText("Sydney, Bengaluru");
  await expect(row).toContainText("Full-time");
  await expect(row).toContainText("Hybrid");
  await expect(row).toContainText("Published");
  await expect(row).toContainText("31 Dec 2099");
  await expect(row.getByRole("link", { name: "/career/site-reliability-engineer-sydney" })).toHaveAttribute(
    "href",
    `${origin}/career/site-reliability-engineer-sydney`,
  );
  // Drafts and published roles come before closed ones, and nothing here is expired yet.
  await look(page, "roles-list");
  await context.close();
});

test("a save based on a version someone else has changed shows the 409 message and keeps what was typed", async ({
  browser,
}) => {
  const context = await browser.newContext();
  const { page } = await signedIn(context, "hr", "Stella Stale");
  // Two tabs on one role, as two colleagues would have.
  await page.goto("/admin/roles");
  await page.getByRole("link", { name: "New role" }).click();
  await page.getByLabel("Title").fill("Observability Engineer");
  await page.getByLabel("Position on the application form").selectOption("DevOps Engineer");
  await page.getByRole("checkbox", { name: "London" }).check();
  await page.getByLabel("Employment type").selectOption({ label: "Full-time" });
  await page.getByLabel("Workplace").selectOption({ label: "Remote" });
  await page.getByLabel("Posted on").fill("2026-11-01");
  await page.getByLabel("Closes after").fill("2099-12-31");
  await page.getByLabel("Description", { exact: true }).fill(description.replace(/<script>.*<\/script>/, ""));
  await page.getByRole("button", { name: "Save draft" }).click();
  await expect(page).toHaveURL(/\/admin\/roles\/\d+$/);

  const other = await context.newPage();
  await other.goto(page.url());
  await expect(other.getByLabel("Title")).toHaveValue("Observability Engineer");
  await other.getByLabel("Workplace").selectOption({ label: "Hybrid" });
  await other.getByRole("button", { name: "Save", exact: true }).click();
  await expect(other.getByRole("status")).toHaveText("Saved. The role is still a draft.");

  await page.getByLabel("Title").fill("Senior Observability Engineer");
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByRole("status")).toHaveText(
    "Not saved: Someone else changed this role since you opened it. Reload to see their change.",
  );
  // Nothing lost silently: what was typed stays until the person reloads.
  await expect(page.getByLabel("Title")).toHaveValue("Senior Observability Engineer");
  await check(page, "role-stale", 375);
  await page.getByRole("button", { name: "Reload the role" }).click();
  await expect(page.getByLabel("Workplace")).toHaveValue("hybrid");
  await expect(page.getByLabel("Title")).toHaveValue("Observability Engineer");
  await expect(page.getByRole("status")).toHaveText("Reloaded: the form shows the role as it is saved now.");
  await context.close();
});
