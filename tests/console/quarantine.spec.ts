/**
 * The quarantine in the console: an administrator finds a script's enquiry caught as spam next to
 * one held for review (sent without JavaScript), reads it as text, releases it with the keyboard
 * after confirming, and the audit log shows the release under their name. axe and screenshots of
 * the list and the detail at 1280 and 375 px.
 */
import { expect, test } from "@playwright/test";
import { check, database, enquire, origin, signedIn } from "./helpers";

test("an administrator releases a quarantined enquiry; the audit log shows it", async ({ browser, request }) => {
  const stamp = Date.now();
  // A script without the proof of work: quarantined as spam, its sender told it was sent.
  const spamName = { firstName: "Brunhilde", lastName: `<i>Spamsworth</i> ${stamp}` };
  await enquire(request, { ...spamName, email: `brunhilde.${stamp}@example.com` }, { asScript: true });
  // A browser's own form post (JavaScript off): held for review.
  const held = await request.post("/api/contact-us/create", {
    headers: { Origin: origin, Accept: "text/html", "Sec-Fetch-Mode": "navigate", "Sec-Fetch-Dest": "document" },
    form: {
      firstName: "Henrietta",
      lastName: `Nojavascript ${stamp}`,
      email: `henrietta.${stamp}@example.com`,
      phone: "4155550188",
      reason: "Cloud migration",
      message: "Our school's network blocks scripts; please call us about moving to Azure.",
      agree: "true",
    },
    maxRedirects: 0,
  });
  expect(held.status()).toBeLessThan(400);
  const db = database();
  const stored = db
    .prepare("select id, spam, spam_verdict from submissions where last_name like ? order by id")
    .all(`%${stamp}`) as { id: number; spam: number; spam_verdict: string }[];
  db.close();
  expect(stored.map((r) => [r.spam, r.spam_verdict])).toEqual([
    [1, "spam"],
    [1, "review"],
  ]);
  const spamId = stored[0]!.id;

  const context = await browser.newContext();
  const { page } = await signedIn(context, "admin", "Quinn Gatekeeper");
  await page.getByRole("link", { name: "Quarantine", exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Quarantine" })).toBeFocused();
  const spamRow = page.getByRole("row").filter({ hasText: `Spamsworth</i> ${stamp}` });
  await expect(spamRow).toContainText("Spam");
  await expect(spamRow).toContainText("sent by a script without the proof of work");
  const heldRow = page.getByRole("row").filter({ hasText: `Nojavascript ${stamp}` });
  await expect(heldRow).toContainText("Held for review");
  await expect(heldRow).toContainText("sent without JavaScript");
  await page.getByLabel("Show").selectOption("review");
  await expect(heldRow).toBeVisible();
  await expect(spamRow).toHaveCount(0);
  await page.getByLabel("Show").selectOption("");
  for (const width of [1280, 375]) await check(page, "quarantine-list", width);

  await spamRow.getByRole("link").click();
  const title = `Quarantined enquiry from Brunhilde <i>Spamsworth</i> ${stamp}`;
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  // Shown as text, never as markup.
  await expect(page.locator("dd").filter({ hasText: `Brunhilde <i>Spamsworth</i> ${stamp}` })).toBeVisible();
  await expect(page.locator("i")).toHaveCount(0);

  // With the keyboard: Release asks first, the question's Cancel has the focus (a second Enter
  // cancels), Escape cancels too, and either gives the focus back to Release.
  await page.getByRole("button", { name: "Release", exact: true }).focus();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("group")).toContainText("sends now what it would have sent on arrival");
  await expect(page.getByRole("button", { name: "Cancel", exact: true })).toBeFocused();
  for (const width of [1280, 375]) await check(page, "quarantine-detail", width);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.keyboard.press("Enter");
  await expect(page.getByRole("group")).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Release", exact: true })).toBeFocused();
  await page.keyboard.press("Enter");
  await page.keyboard.press("Escape");
  await expect(page.getByRole("group")).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Release", exact: true })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("button", { name: "Cancel", exact: true })).toBeFocused();
  await page.keyboard.press("Shift+Tab");
  await expect(page.getByRole("button", { name: "Release it" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("heading", { level: 1, name: "Submission released" })).toBeVisible();
  await expect(page.getByRole("status")).toContainText("message(s) queued");

  const after = database();
  const row = after.prepare("select spam from submissions where id = ?").get(spamId) as { spam: number };
  const queued = after.prepare("select purpose from outbox where submission_id = ? order by purpose").all(spamId);
  after.close();
  expect(row.spam).toBe(0);
  expect(queued).toEqual([{ purpose: "confirm" }, { purpose: "notify" }]);

  await page.getByRole("link", { name: "Audit log", exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Audit log" })).toBeVisible();
  const entry = page
    .getByRole("row")
    .filter({ hasText: `contact #${spamId}` })
    .filter({ has: page.getByRole("cell", { name: "release", exact: true }) });
  await expect(entry).toHaveCount(1);
  await expect(entry).toContainText("Quinn Gatekeeper");
  await context.close();
});
