import { UTCDate } from "@date-fns/utc";
import { subMonths } from "date-fns";
import { expect, test, type Page } from "@playwright/test";
import { apply, check, database, signedIn } from "./helpers";

/** Moves an application's arrival back, as time would: `days` before it is due (12 months after arrival). */
function arrivedDueIn(number: string, days: number) {
  const at = new Date(subMonths(new UTCDate(), 12).getTime() + days * 86_400_000);
  const db = database();
  try {
    db.prepare("update submissions set created_at = ? where reference = ?").run(at.toISOString(), number);
  } finally {
    db.close();
  }
}

/** The screenshots of a page at both widths, light and dark. */
async function look(page: Page, name: string) {
  for (const colorScheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme });
    for (const width of [375, 1280]) await check(page, `${name}-${colorScheme}`, width);
  }
  await page.emulateMedia({ colorScheme: "light" });
}

test("HR sees an application's deletion date, opens the due list, asks for consent, records it, and decides", async ({
  browser,
  request,
}) => {
  const stamp = Date.now();
  const soon = await apply(request, { firstName: "Dorota", lastName: "Duesoon", email: `dorota.${stamp}@example.com` });
  const later = await apply(request, { firstName: "Emeka", lastName: "Laterly", email: `emeka.${stamp}@example.com` });
  arrivedDueIn(soon, 5);
  arrivedDueIn(later, 12);

  const context = await browser.newContext();
  const { page } = await signedIn(context, "hr", "Dana Dates");
  await page.getByLabel("Search").fill(soon);
  await page.getByRole("button", { name: "Apply filters" }).click();
  await page.getByRole("row").filter({ hasText: soon }).getByRole("link").click();
  await expect(page.getByRole("heading", { level: 1, name: `Application ${soon}` })).toBeVisible();
  const date = page.getByText("Deletion date", { exact: true }).locator("xpath=following-sibling::dd[1]");
  await expect(date).toContainText("12 months after arrival on ");
  await expect(date).toContainText(", no decision yet");
  const shown = (await date.textContent())!;
  await look(page, "application-deletion-date");

  await page.getByRole("link", { name: "Due for deletion" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Due for deletion" })).toBeVisible();
  const rows = page.getByRole("row");
  const soonRow = rows.filter({ hasText: soon });
  const laterRow = rows.filter({ hasText: later });
  // The date and reason the application's page shows.
  const [, day, reason] = /^(.*?) \((.*)\)$/.exec(shown)!;
  await expect(soonRow).toContainText(day!);
  await expect(soonRow).toContainText(reason!);
  await expect(soonRow).toContainText(/, in \d+ days/);
  // Soonest first.
  const order = await rows.allTextContents();
  expect(order.findIndex((t) => t.includes(soon))).toBeLessThan(order.findIndex((t) => t.includes(later)));
  // The consent e-mail is prepared for the candidate's mail program; our own address carries nothing.
  const ask = soonRow.getByRole("link", { name: /Ask Dorota Duesoon by e-mail/ });
  const href = (await ask.getAttribute("href"))!;
  expect(href.startsWith(`mailto:dorota.${stamp}%40example.com?subject=`)).toBe(true);
  expect(decodeURIComponent(href)).toContain("Keep my application for future roles for up to 24 months");
  expect(new URL(page.url()).pathname).toBe("/admin/due");
  expect(new URL(page.url()).search).toBe("");
  await look(page, "due");

  // Emeka replied yes: recorded, the date moves and the row leaves the list.
  await laterRow.getByRole("button", { name: "They replied yes: record consent" }).click();
  await expect(page.getByText(`Consent recorded for ${later}.`)).toBeVisible();
  await expect(page.getByText(/kept for future roles with the candidate's consent/)).toBeVisible();
  await expect(rows.filter({ hasText: later })).toHaveCount(0);

  // Decide: the link opens the application; "not selected" counts 12 months from today.
  await soonRow.getByRole("link", { name: soon }).click();
  await expect(page.getByRole("heading", { level: 1, name: `Application ${soon}` })).toBeVisible();
  await page.getByLabel("Status").selectOption("not selected");
  await page.getByRole("button", { name: "Save status" }).click();
  await expect(
    page.getByText(/Status saved: not selected\. Deletion date: .* \(12 months after the decision on /),
  ).toBeVisible();
  await expect(date).toContainText("12 months after the decision on ");
  await page.getByRole("link", { name: "Due for deletion" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Due for deletion" })).toBeVisible();
  await expect(page.getByRole("row").filter({ hasText: soon })).toHaveCount(0);

  // Emeka later withdraws: recorded on the application's page, the date counts from arrival again.
  await page.getByRole("link", { name: "Inbox" }).click();
  await page.getByLabel("Search").fill(later);
  await page.getByRole("button", { name: "Apply filters" }).click();
  await page.getByRole("row").filter({ hasText: later }).getByRole("link").click();
  await expect(page.getByText("The candidate agreed to be kept for future roles")).toBeVisible();
  await expect(date).toContainText("kept for future roles with the candidate's consent");
  await look(page, "application-future-roles");
  await page.getByRole("button", { name: "They withdrew: record it" }).click();
  await expect(page.getByText(/Withdrawal recorded\. Deletion date: .*12 months after arrival/)).toBeVisible();
  await expect(date).toContainText("12 months after arrival on ");
  await context.close();
});

test("sales has no due list: not in the menu, and the address is not found", async ({ browser }) => {
  const context = await browser.newContext();
  const { page } = await signedIn(context, "sales", "Sal Seller");
  await expect(page.getByRole("link", { name: "Due for deletion" })).toHaveCount(0);
  expect((await page.request.get("/admin/api/due")).status()).toBe(403);
  await context.close();
});
