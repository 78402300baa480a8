/**
 * A working day in the console with realistic data: fifty submissions from people with accented
 * names, one cover letter with two links and several paragraphs. HR and sales each find theirs
 * by keyboard, page through them, open one and read every field (the form's labels, from its
 * definition), at 375 and 1280 px.
 */
import { expect, test } from "@playwright/test";
import { check, database, signedIn } from "./helpers";

const firstNames = ["Zoë", "Siobhán", "Łukasz", "Anaïs", "Jürgen", "Ngọc", "Søren", "Dvořák", "Björk", "Mónica"];
const lastNames = [
  "Núñez",
  "Ó Briain",
  "Wróbel",
  "Lefèvre",
  "Größer",
  "Nguyễn",
  "Ærø",
  "Kováč",
  "Guðmundsdóttir",
  "Peña",
];
const coverLetter = [
  "Dear hiring team,",
  "",
  "I have run Kubernetes platforms for payment companies for six years.",
  "My talks: https://talks.example.org/zoe-nunez and my code: https://git.example.org/zoe/platform-tools",
  "",
  "Kind regards,\nZoë",
].join("\n");

/** The day the fifty arrived: long before any other test's submissions, so the filter shows only them. */
const day = "2019-03-01";

async function onlyThatDay(page: import("@playwright/test").Page) {
  // At phone widths the filters wait behind their button (FilterFold.tsx).
  const fold = page.locator("button.filter-fold");
  if (await fold.isVisible()) await fold.click();
  await page.getByLabel("Received from").fill(day);
  await page.getByLabel("Received until").fill(day);
  await page.getByLabel("Received until").press("Enter");
}

test.beforeAll(() => {
  const db = database();
  const insert = db.prepare(
    `insert into submissions (kind, reference, first_name, last_name, email, phone, reason, position, feedback_type,
       message, ip, user_agent, spam, selected, created_at, status)
     values (@kind, @reference, @first, @last, @email, @phone, @reason, @position, @feedbackType, @message,
       '192.0.2.44', 'Mozilla/5.0', 0, 0, @at, 'new')`,
  );
  const kinds = ["application", "contact", "feedback"] as const;
  db.transaction(() => {
    for (let i = 0; i < 50; i++) {
      const kind = kinds[i % 3]!;
      insert.run({
        kind,
        reference: kind === "application" ? `APP-2026-9${String(i).padStart(5, "0")}` : null,
        first: firstNames[i % 10],
        last: `${lastNames[Math.floor(i / 5) % 10]} ${i}`,
        email: `workday.${i}@example.com`,
        phone: "+442079460958",
        reason: kind === "contact" ? "Moving 40 services from a data centre to AWS" : null,
        position: kind === "application" ? "DevOps Engineer" : null,
        feedbackType: kind === "feedback" ? "support" : null,
        message: kind === "application" ? coverLetter : "Could your team review our cloud costs this quarter?",
        at: new Date(Date.UTC(2019, 2, 1, 9, i)).toISOString(),
      });
    }
  })();
  db.close();
});

test("HR finds one day's applications, opens the oldest by keyboard and reads a cover letter with two links", async ({
  context,
}) => {
  const { page } = await signedIn(context, "hr", "Hana Workday");
  await page.setViewportSize({ width: 375, height: 900 });
  await onlyThatDay(page);
  const rows = page.getByRole("table").getByRole("row");
  // 17 of the 50 are applications (every third): one page of them, newest first.
  await expect(rows).toHaveCount(18);
  await expect(rows.nth(1)).toContainText("Björk Peña 48");
  await expect(page.getByRole("table")).not.toContainText("Contact enquiry");
  await check(page, "workday-inbox-hr", 375);
  await check(page, "workday-inbox-hr", 1280);

  // To the oldest application by keyboard: its link, then Enter.
  const oldest = page.getByRole("link", { name: "Zoë Núñez 0" });
  await oldest.focus();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("heading", { level: 1, name: "Application APP-2026-900000" })).toBeFocused();
  await expect(page.getByRole("heading", { level: 3, name: "Cover letter" })).toBeVisible();
  const letter = page.locator("p.message");
  await expect(letter).toContainText(
    "https://talks.example.org/zoe-nunez and my code: https://git.example.org/zoe/platform-tools",
  );
  // The links are text to read, not links to follow from the console.
  await expect(letter.getByRole("link")).toHaveCount(0);
  for (const [label, value] of [
    ["Name", "Zoë Núñez 0"],
    ["Email", "workday.0@example.com"],
    ["Phone", "+442079460958"],
    ["Position", "DevOps Engineer"],
  ] as const) {
    await expect(page.locator(".fields div").filter({ has: page.getByText(label, { exact: true }) })).toContainText(
      value,
    );
  }
  await check(page, "workday-application", 375);
  await check(page, "workday-application", 1280);
  await page.goBack();
  await expect(page.getByRole("heading", { level: 1, name: "Inbox" })).toBeVisible();
});

test("sales sees the enquiries and feedback over two pages, each with what it is about", async ({ context }) => {
  const { page } = await signedIn(context, "sales", "Sami Workday");
  await onlyThatDay(page);
  const rows = page.getByRole("table").getByRole("row");
  // 33 enquiries and feedback: 25 on the first page, 8 on the second.
  await expect(rows).toHaveCount(26);
  await expect(page.getByRole("table")).not.toContainText("Job application");
  await expect(page.getByRole("table")).toContainText("Moving 40 services from a data centre to AWS");
  await expect(page.getByRole("table")).toContainText("Support");
  await page.getByRole("button", { name: "Next page" }).click();
  await expect(rows).toHaveCount(9);
  await check(page, "workday-inbox-sales-page-2", 375);
  await check(page, "workday-inbox-sales-page-2", 1280);
});
