/**
 * The audit log in Chromium: an administrator filters it by reference, action, person and date
 * and downloads the filtered entries as CSV (a real download, the file read back); command-line
 * actions appear under "Command line (<OS user>)". axe and screenshots of the filtered page.
 */
import { expect, test } from "@playwright/test";
import fs from "node:fs";
import os from "node:os";
import { admin, apply, check, signedIn } from "./helpers";

/** `npm run admin -- …` against the server's database, as an operator would run it. */
const cli = (...args: string[]) => admin(args, { SUDO_USER: "" });

test("an administrator filters the audit log and downloads the filtered entries as CSV", async ({
  browser,
  request,
}) => {
  const stamp = Date.now();
  const number = await apply(request, { firstName: "Audra", lastName: "Ledger", email: `audra.${stamp}@example.com` });
  cli("select", number);
  const operator = `Command line (${os.userInfo().username})`;

  const context = await browser.newContext({ acceptDownloads: true });
  const { page } = await signedIn(context, "admin", "Auditor Alvares");
  await page.getByRole("link", { name: "Audit log", exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Audit log" })).toBeVisible();

  // By reference: the operator's select, and nothing about other submissions.
  await page.getByLabel("Reference").fill(number.toLowerCase());
  await page.getByRole("button", { name: "Apply filters" }).click();
  const rows = page.getByRole("table").getByRole("row");
  await expect(rows.filter({ has: page.getByRole("cell", { name: "select", exact: true }) })).toHaveCount(1);
  await expect(rows.filter({ hasText: number })).toContainText(operator);
  // Header row plus the select.
  await expect(rows).toHaveCount(2);

  // By person and action, and by a date range around now (a day either side, whatever the hour).
  const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
  await page.getByLabel("Reference").fill("");
  await page.getByLabel("Person").selectOption({ label: operator });
  await page.getByLabel("Action").selectOption("select");
  await page.getByLabel("From").fill(day(-1));
  await page.getByLabel("Until").fill(day(1));
  await page.getByRole("button", { name: "Apply filters" }).click();
  await expect(page).toHaveURL(/[?&]action=select(&|$)/);
  await expect(rows.filter({ hasText: number })).toHaveCount(1);
  for (const width of [1280, 375]) await check(page, "audit-filtered", width);

  // The CSV holds exactly the filtered entries.
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("button", { name: "Export CSV", exact: true }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^audit-log-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = fs
    .readFileSync((await download.path())!, "utf8")
    .trim()
    .split("\r\n");
  expect(csv[0]).toBe('"id","at","staff_name","action","submission_id","subject","detail"');
  expect(csv.slice(1).length).toBeGreaterThanOrEqual(1);
  for (const line of csv.slice(1)) expect(line).toContain(`"cli:${os.userInfo().username}","select"`);
  expect(csv.some((line) => line.includes(`"${number}"`))).toBe(true);

  // The download is itself in the log, under the administrator's name.
  // Each filter change is a navigation that sets the form from the address when it lands: the
  // next change waits for it, or the landing would wipe what was typed meanwhile.
  await page.getByRole("button", { name: "Clear" }).click();
  await expect(page).toHaveURL(/\/admin\/audit$/);
  await page.getByLabel("Action").selectOption("export");
  await page.getByRole("button", { name: "Apply filters" }).click();
  await expect(page).toHaveURL(/[?&]action=export(&|$)/);
  await expect(
    rows.filter({ hasText: "Auditor Alvares" }).filter({ hasText: `CSV, person cli:${os.userInfo().username}` }),
  ).toHaveCount(1);

  // Nothing matches a range long past.
  await page.getByLabel("From").fill("2020-01-01");
  await page.getByLabel("Until").fill("2020-01-02");
  await page.getByRole("button", { name: "Apply filters" }).click();
  await expect(page.getByText("No entries match these filters.")).toBeVisible();

  // And the chain the page shows verifies.
  expect(cli("audit", "verify")).toMatch(/^ok, \d+ entries/);
  await context.close();
});
