/**
 * Leads with their source (issue 27), in Chromium against the real server: an enquiry sent from a
 * service page stores that page; with measurement consent, given on the landing page through the
 * cookie notice, also the visit's referrer host and campaign, kept in sessionStorage meanwhile;
 * without consent only the page, and nothing in sessionStorage; without JavaScript the page too.
 */
import crypto from "node:crypto";
import path from "node:path";
import Database from "better-sqlite3";
import type { Browser, Page } from "@playwright/test";
import { visitSourceKey } from "../../contracts/lead-source";
import { baseURL } from "../../playwright.config";
import { expect, test } from "./fixtures";

const dataDir = path.resolve(process.env.E2E_DATA_DIR ?? `./data/e2e-${new URL(baseURL).port}`);
const landing = "/services/cloudservice?utm_campaign=spring";
const google = "https://www.google.com/search?q=cloud+migration+partner";

interface SourceRow {
  source_path: string | null;
  source_referrer: string | null;
  source_campaign: string | null;
}

function sourceOf(email: string): SourceRow | undefined {
  const db = new Database(path.join(dataDir, "site.db"), { readonly: true, fileMustExist: true });
  try {
    return db
      .prepare("select source_path, source_referrer, source_campaign from submissions where email = ?")
      .get(email) as SourceRow | undefined;
  } finally {
    db.close();
  }
}

const notice = (page: Page) => page.getByRole("region", { name: "Cookie notice" });

/** Fills the page's contact form with a visitor of this test's own. */
async function fillContact(page: Page) {
  const tag = crypto.randomBytes(4).toString("hex");
  const email = `lead.source.${tag}@altiva-e2e.test`;
  const form = page.getByRole("form", { name: "Contact form" });
  await form.getByLabel("First name", { exact: true }).fill(`Sourcia${tag}`);
  await form.getByLabel("Last name", { exact: true }).fill("Leadwell");
  await form.getByLabel("Email", { exact: true }).fill(email);
  await form.getByLabel("Phone", { exact: true }).fill("4155550163");
  await form.getByLabel("Reason for inquiry", { exact: true }).fill("Cloud migration");
  await form.getByLabel("Message", { exact: true }).fill("We want to move our ledger service to AWS this spring.");
  await form.getByRole("checkbox").check();
  return { form, email };
}

async function newPage(browser: Browser, javaScriptEnabled = true) {
  const context = await browser.newContext({ javaScriptEnabled });
  const page = await context.newPage();
  return { page, close: () => context.close() };
}

async function landOn(page: Page) {
  await page.goto(landing, { referer: google });
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
}

test("with consent given on the landing page: the row has the page, the referrer host and the campaign", async ({
  browser,
}) => {
  const { page, close } = await newPage(browser);
  await landOn(page);
  expect(await page.evaluate((key) => sessionStorage.getItem(key), visitSourceKey)).toBeNull();
  await notice(page).getByRole("button", { name: "Accept" }).click();
  await expect(notice(page)).toBeHidden();
  // Consent given after landing still catches the campaign: the page kept its landing address.
  await expect
    .poll(() => page.evaluate((key) => sessionStorage.getItem(key), visitSourceKey))
    .toBe(JSON.stringify({ referrer: "www.google.com", campaign: "spring" }));
  const { form, email } = await fillContact(page);
  await form.getByRole("button", { name: "Book A Consultation" }).click();
  await expect(form.getByRole("status")).toContainText("Thank you for contacting us!");
  expect(sourceOf(email)).toEqual({
    source_path: "/services/cloudservice",
    source_referrer: "www.google.com",
    source_campaign: "spring",
  });
  expect(await page.context().cookies()).toEqual([]);

  // Withdrawn on Cookie Settings: what was kept goes at once.
  await page.goto("/cookies-settings");
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  await page.getByRole("button", { name: /withdraw/i }).click();
  await expect.poll(() => page.evaluate((key) => sessionStorage.getItem(key), visitSourceKey)).toBeNull();
  await close();
});

test("without consent: only the page is stored and sessionStorage stays empty", async ({ browser }) => {
  const { page, close } = await newPage(browser);
  await landOn(page);
  await expect(notice(page)).toBeVisible();
  const { form, email } = await fillContact(page);
  await form.getByRole("button", { name: "Book A Consultation" }).click();
  await expect(form.getByRole("status")).toContainText("Thank you for contacting us!");
  expect(sourceOf(email)).toEqual({
    source_path: "/services/cloudservice",
    source_referrer: null,
    source_campaign: null,
  });
  expect(await page.evaluate(() => sessionStorage.length)).toBe(0);
  await close();
});

test("with JavaScript off: the page's own path travels in the prerendered form and is stored", async ({ browser }) => {
  const { page, close } = await newPage(browser, false);
  await page.goto(landing, { referer: google, waitUntil: "domcontentloaded" });
  const { form, email } = await fillContact(page);
  await form.getByRole("button", { name: "Book A Consultation" }).click();
  await expect(page.getByRole("heading", { name: "Message sent" })).toBeVisible();
  expect(sourceOf(email)).toEqual({
    source_path: "/services/cloudservice",
    source_referrer: null,
    source_campaign: null,
  });
  await close();
});
