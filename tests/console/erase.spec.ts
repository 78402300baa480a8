import { expect, test } from "@playwright/test";
import { findBytes } from "../../server/test-support/find-bytes";
import { apply, dataDir, enquire, pdfBytes, signedIn } from "./helpers";

test("erasing a person from the console leaves no copy under DATA_DIR, and the audit log records it", async ({
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
  await page.getByRole("button", { name: "Erase permanently" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Person erased" })).toBeVisible();
  await expect(page.getByRole("status")).toContainText("2 submission(s), 1 resume(s)");

  // The privacy suite's check: the raw bytes of every file the server keeps (database, WAL, mail).
  expect(findBytes(dataDir, [...markers, `marker-note-${stamp}`])).toEqual([]);

  await page.getByRole("link", { name: "Audit log" }).click();
  const entry = page.getByRole("row").filter({ hasText: number }).filter({ hasText: "erasure" });
  await expect(entry).toContainText("Erin Eraser");
  await expect(entry).toContainText("2 submission(s), 1 resume(s)");
  await context.close();
});
