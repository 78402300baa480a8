import { expect, test } from "@playwright/test";
import { apply, database, signedIn } from "./helpers";

test("a note typed when the session expires is there after signing in again, and saves", async ({
  browser,
  request,
}) => {
  const number = await apply(request, {
    firstName: "Nadia",
    lastName: "Draftwell",
    email: `nadia.${Date.now()}@example.com`,
  });
  const context = await browser.newContext();
  const { page, email } = await signedIn(context, "hr", "Hana Drafts");
  await page.getByRole("link", { name: "Nadia Draftwell" }).click();
  await expect(page.getByRole("heading", { level: 1, name: `Application ${number}` })).toBeVisible();
  const note = "Strong Kubernetes answers; ask about on-call in the second interview.";
  await page.getByLabel("Note").fill(note);

  // The session ends on the server while the note is being written.
  const db = database();
  const ended = db
    .prepare("UPDATE staff_sessions SET expires_at = ? WHERE staff_id = (SELECT id FROM staff WHERE email = ?)")
    .run(new Date(0).toISOString(), email);
  db.close();
  expect(ended.changes).toBeGreaterThan(0);

  await page.getByRole("button", { name: "Add note" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Sign in" })).toBeVisible();
  await page.getByRole("button", { name: "Sign in with a passkey" }).click();
  await expect(page.getByRole("heading", { level: 1, name: `Application ${number}` })).toBeVisible();
  await expect(page.getByLabel("Note")).toHaveValue(note);

  await page.getByRole("button", { name: "Add note" }).click();
  await expect(page.locator(".notes li").filter({ hasText: note })).toContainText("Hana Drafts");
  await expect(page.getByLabel("Note")).toHaveValue("");
  // Saved: no draft left behind, so a reload shows an empty field.
  await page.reload();
  await expect(page.locator(".notes li").filter({ hasText: note })).toHaveCount(1);
  await expect(page.getByLabel("Note")).toHaveValue("");

  // A draft is gone after signing out.
  await page.getByLabel("Note").fill("Not to be kept");
  await page.getByRole("button", { name: "Sign out", exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Sign in" })).toBeVisible();
  expect(
    await page.evaluate(() => Object.keys(sessionStorage).filter((k) => k.startsWith("console-note-draft:"))),
  ).toEqual([]);
  await context.close();
});
