import { expect, test } from "@playwright/test";
import { findBytes } from "../../server/test-support/find-bytes";
import { apply, check, database, dataDir, enquire, pdfBytes, signedIn } from "./helpers";

test("erasing a person from the console lists what goes first, leaves no copy under DATA_DIR, and the audit log names it all", async ({
  browser,
  request,
}) => {
  const stamp = Date.now();
  const email = `bartholomew.quince.${stamp}@example.com`;
  const markers = ["Bartholomew", "Quincewright", email, `marker-cover-${stamp}`, `marker-resume-${stamp}`];
  const person = { firstName: "Bartholomew", lastName: "Quincewright", email };
  const number = await apply(
    request,
    { ...person, message: `marker-cover-${stamp}` },
    pdfBytes(`marker-resume-${stamp}`),
  );
  await enquire(request, person);
  expect(findBytes(dataDir, markers).length).toBeGreaterThan(0);

  const context = await browser.newContext();
  const { page } = await signedIn(context, "admin", "Erin Eraser");
  await page.getByLabel("Search").fill(email);
  await page.getByRole("button", { name: "Apply filters" }).click();
  await expect(page.getByRole("row").filter({ hasText: "Quincewright" })).toHaveCount(2);
  await page.getByRole("row").filter({ hasText: number }).getByRole("link").click();
  await page.getByLabel("Note").fill(`Spoke to Bartholomew Quincewright, marker-note-${stamp}`);
  await page.getByRole("button", { name: "Add note" }).click();
  await expect(page.locator(".notes li")).toHaveCount(1);

  await page.getByRole("button", { name: "Erase this person" }).click();
  await expect(page.getByText(`Erase everything held about Bartholomew Quincewright (${email})?`)).toBeVisible();
  // The plan names each submission and what it holds before anything goes.
  const plan = page.getByRole("list", { name: /Everything held about this address/ });
  await expect(plan.getByRole("listitem")).toHaveCount(2);
  await expect(plan.getByRole("listitem").filter({ hasText: number })).toContainText("1 note(s)");
  await expect(plan.getByRole("listitem").filter({ hasText: number })).toContainText(`${number}-resume.pdf`);
  await expect(plan.getByRole("listitem").filter({ hasText: "Enquiry contact #" })).toHaveCount(1);
  await check(page, "erase-plan-admin", 375);
  await check(page, "erase-plan-admin", 1280);
  await page.getByRole("button", { name: "Erase permanently" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Person erased" })).toBeVisible();
  await expect(page.getByRole("status")).toContainText("2 submission(s)");
  await expect(page.getByRole("status")).toContainText(number);
  await expect(page.getByRole("status")).toContainText("1 resume(s)");

  // The privacy suite's check: the raw bytes of every file the server keeps (database, WAL, mail).
  expect(findBytes(dataDir, [...markers, `marker-note-${stamp}`])).toEqual([]);

  await page.getByRole("link", { name: "Audit log" }).click();
  const entry = page.getByRole("row").filter({ hasText: number }).filter({ hasText: "erasure" });
  await expect(entry).toContainText("Erin Eraser");
  await expect(entry).toContainText("2 submission(s), 1 resume(s)");
  await expect(entry).toContainText("contact #");
  await context.close();
});

test("sales erases an enquiry and nothing of the same address's application, and the page names no application", async ({
  browser,
  request,
}) => {
  const stamp = Date.now();
  const email = `cordelia.splitwell.${stamp}@example.com`;
  const person = { firstName: "Cordelia", lastName: "Splitwell", email };
  const number = await apply(
    request,
    { ...person, message: `marker-cover-${stamp}` },
    pdfBytes(`marker-resume-${stamp}`),
  );
  await enquire(request, person);

  const context = await browser.newContext();
  const { page } = await signedIn(context, "sales", "Sid Seller");
  await page.getByLabel("Search").fill(email);
  await page.getByRole("button", { name: "Apply filters" }).click();
  await page.getByRole("row").filter({ hasText: "Splitwell" }).getByRole("link").click();
  await page.getByRole("button", { name: "Erase what your role holds" }).click();
  const plan = page.getByRole("list", { name: /Your role erases only the submissions it can see/ });
  await expect(plan.getByRole("listitem")).toHaveCount(1);
  await expect(page.getByText(`Erase these submissions of Cordelia Splitwell (${email})?`)).toBeVisible();
  await check(page, "erase-plan-sales", 375);
  await page.getByRole("button", { name: "Erase permanently" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Submissions erased" })).toBeVisible();
  await expect(page.getByRole("status")).toContainText("1 submission(s)");
  await expect(page.locator("body")).not.toContainText(number);
  // The application and its resume are still there for HR.
  expect(findBytes(dataDir, [`marker-resume-${stamp}`]).length).toBeGreaterThan(0);
  await context.close();
});

test("while another process reads the database, the console says old copies remain and clears them on retry", async ({
  browser,
  request,
}) => {
  const stamp = Date.now();
  const email = `winifred.walheld.${stamp}@example.com`;
  const person = { firstName: "Winifred", lastName: "Walheld", email };
  await enquire(request, person);

  const context = await browser.newContext();
  const { page } = await signedIn(context, "admin", "Rhoda Retrier");
  await page.getByLabel("Search").fill(email);
  await page.getByRole("button", { name: "Apply filters" }).click();
  await page.getByRole("row").filter({ hasText: "Walheld" }).getByRole("link").click();
  await page.getByRole("button", { name: "Erase this person" }).click();

  // Another process's reader holds a snapshot that still has the enquiry.
  const reader = database();
  reader.prepare("begin").run();
  reader.prepare("select count(*) from submissions").get();
  await page.getByRole("button", { name: "Erase permanently" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Erased, but old copies remain for now" })).toBeVisible({
    timeout: 15_000,
  });
  await expect(page.getByRole("status")).toContainText("old copies of these records remain");
  await expect(page.getByText("Everything held about this person was erased")).toHaveCount(0);
  await check(page, "erase-unscrubbed", 375);

  reader.prepare("commit").run();
  reader.close();
  await page.getByRole("button", { name: "Try clearing again" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Person erased" })).toBeVisible({ timeout: 15_000 });
  expect(findBytes(dataDir, ["Walheld", email])).toEqual([]);
  await context.close();
});
