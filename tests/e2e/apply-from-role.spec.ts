/**
 * Applying from a role's page (issue 26), in Chromium against the real server: the role's page
 * carries the application form with the role's position chosen and a line naming the role; sent
 * with JavaScript and without, the stored application holds the role and the position, and the
 * candidate sees the spec's success sentence. A form the server returns (JavaScript off) is for
 * the same role again. Read back from the server's database.
 *
 * The role is this test's own, open from 2026 to 2099, so no result depends on today's date.
 */
import path from "node:path";
import crypto from "node:crypto";
import AxeBuilder from "@axe-core/playwright";
import Database from "better-sqlite3";
import type { Browser, Page } from "@playwright/test";
import { applyingForLine } from "../../contracts/careers/applied-role";
import { rolePath } from "../../contracts/careers/roles";
import {
  applicationMessages,
  applicationSuccessText,
  resumeAgainMessage,
  successMessages,
} from "../../contracts/index";
import { baseURL } from "../../playwright.config";
import { expect, test } from "./fixtures";

const dataDir = path.resolve(process.env.E2E_DATA_DIR ?? `./data/e2e-${new URL(baseURL).port}`);
const pdf = Buffer.from("%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n");

// A title of its own: careers.spec finds its role on /career by title.
const role = {
  slug: "platform-engineer-london-e2e",
  title: "Platform Engineer",
  position: "DevOps Engineer",
  offices: ["London", "Sydney"],
};

/** Opens the role's published row in the server's database (created once, reopened on each run). */
function publishRole() {
  const db = new Database(path.join(dataDir, "site.db"), { fileMustExist: true });
  try {
    const at = new Date().toISOString();
    db.prepare(
      `insert into job_roles (slug, title, position, offices, employment_type, workplace, description,
         date_posted, valid_through, state, created_at, updated_at)
       values (@slug, @title, @position, @offices, 'FULL_TIME', 'hybrid', @description,
         '2026-01-05', '2099-12-31', 'published', @at, @at)
       on conflict (slug) do update set state = 'published', valid_through = '2099-12-31', updated_at = @at`,
    ).run({
      ...role,
      offices: JSON.stringify(role.offices),
      description:
        "Keep our clients' platforms up and fast: on-call with a calm rota, error budgets that mean something, and postmortems that change things.\n\n## What you bring\n- Three years of running Kubernetes in production.",
      at,
    });
  } finally {
    db.close();
  }
}

interface Stored {
  role: string | null;
  position: string | null;
  phone: string | null;
  reference: string | null;
}

function storedByLastName(lastName: string): Stored | undefined {
  const db = new Database(path.join(dataDir, "site.db"), { readonly: true, fileMustExist: true });
  try {
    return db.prepare("select role, position, phone, reference from submissions where last_name = ?").get(lastName) as
      Stored | undefined;
  } finally {
    db.close();
  }
}

// One worker, in order: the role is opened before the first test and closed after the last.
test.describe.configure({ mode: "default" });

/** Closes the role again, so the shared e2e database lists only the roles other tests expect. */
function closeRole() {
  const db = new Database(path.join(dataDir, "site.db"), { fileMustExist: true });
  try {
    db.prepare("update job_roles set state = 'closed', updated_at = ? where slug = ?").run(
      new Date().toISOString(),
      role.slug,
    );
  } finally {
    db.close();
  }
}

test.afterAll(closeRole);

test.beforeAll(async ({ request }) => {
  publishRole();
  // The careers pages read the roles again within a minute of a change (on every instance).
  await expect
    .poll(async () => (await request.get(rolePath(role.slug))).status(), { timeout: 70_000, intervals: [1_000] })
    .toBe(200);
});

async function openRole(browser: Browser, javaScriptEnabled: boolean) {
  const context = await browser.newContext({ javaScriptEnabled });
  await context.addInitScript(() => window.localStorage.setItem("cookiesDeclined", "true"));
  const page = await context.newPage();
  return { page, close: () => context.close() };
}

/** Fills the role's form as a candidate (every field but the position, which the role chose). */
async function fill(page: Page, lastName: string, { consent = true } = {}) {
  const form = page.locator("#apply").getByRole("form", { name: "Job application form" });
  await form.getByLabel("First name").fill("Priya");
  await form.getByLabel("Last name").fill(lastName);
  await form.getByLabel("Email").fill(`priya.${lastName.toLowerCase()}@northwind-logistics.co.uk`);
  // A London number as dialled at home (issue 26's phone check): stored as E.164.
  await form.getByLabel("Phone").fill("020 7946 0958");
  await form.getByLabel("Resume").setInputFiles({ name: "cv.pdf", mimeType: "application/pdf", buffer: pdf });
  await form.getByLabel("Cover letter").fill("Five years on call for payment platforms; I like quiet rotas.");
  if (consent) await form.getByRole("checkbox", { name: /I agree/ }).check();
  return form;
}

for (const javaScriptEnabled of [true, false]) {
  const how = javaScriptEnabled ? "with JavaScript" : "without JavaScript";

  test(`a role's page carries its form, and an application sent from it ${how} stores the role and the position`, async ({
    browser,
  }) => {
    test.setTimeout(60_000);
    const { page, close } = await openRole(browser, javaScriptEnabled);
    // The form hydrates from the page's own data: React would say so if its markup differed.
    const errors: string[] = [];
    page.on("console", (m) => void (m.type() === "error" && errors.push(m.text())));
    page.on("pageerror", (e) => void errors.push(String(e)));
    await page.goto(rolePath(role.slug));
    if (javaScriptEnabled) await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
    const lastName = `Raman${crypto.randomBytes(3).toString("hex")}`;
    const form = await fill(page, lastName);
    await expect(form.getByText(applyingForLine(role), { exact: true })).toBeVisible();
    await expect(form.getByLabel("Position")).toHaveValue(role.position);
    await form.getByRole("button", { name: "Submit Application" }).click();

    const status = page.getByRole("status");
    const line = status.getByText(successMessages.application);
    await expect(line).toHaveText(
      new RegExp(`^${applicationSuccessText(successMessages.application, "APP-\\d{4}-\\d{6}")}\\.?$`),
    );
    if (!javaScriptEnabled) await expect(page).toHaveURL(/\/api\/job-application\/received#form-answer$/);
    const number = /APP-\d{4}-\d{6}/.exec((await line.textContent())!)![0];
    expect(errors).toEqual([]);
    expect(storedByLastName(lastName)).toEqual({
      role: role.slug,
      position: role.position,
      phone: "+442079460958",
      reference: number,
    });
    await close();
  });
}

test("a role's form returned without JavaScript is for the same role, and sent again it stores the role", async ({
  browser,
}) => {
  test.setTimeout(60_000);
  const { page, close } = await openRole(browser, false);
  await page.goto(rolePath(role.slug));
  const lastName = `Okafor${crypto.randomBytes(3).toString("hex")}`;
  const form = await fill(page, lastName, { consent: false });
  await form.getByLabel("Position").selectOption("Cloud Architect");
  await form.getByRole("button", { name: "Submit Application" }).click();

  // Returned on the role's own page, its description above the form.
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(role.title);
  await expect(page).toHaveTitle(new RegExp(`^Error: ${role.title}`));
  const summary = page.getByRole("alert");
  // In the order of the fields: the resume (a file cannot be kept), then the consent.
  await expect(summary.getByRole("link")).toHaveText([resumeAgainMessage, applicationMessages.agree]);
  const returned = page.getByRole("form", { name: "Job application form" });
  await expect(returned.getByText(applyingForLine(role), { exact: true })).toBeVisible();
  await expect(returned.getByLabel("Last name")).toHaveValue(lastName);
  // What the candidate chose stays chosen.
  await expect(returned.getByLabel("Position")).toHaveValue("Cloud Architect");

  await returned.getByLabel("Resume").setInputFiles({ name: "cv.pdf", mimeType: "application/pdf", buffer: pdf });
  await returned.getByRole("checkbox", { name: /I agree/ }).check();
  await returned.getByRole("button", { name: "Submit Application" }).click();
  await expect(page.getByRole("status")).toContainText(successMessages.application);
  expect(storedByLastName(lastName)).toMatchObject({ role: role.slug, position: "Cloud Architect" });
  await close();
});

for (const width of [375, 1280]) {
  for (const colorScheme of ["light", "dark"] as const) {
    test(`a role's form returned on its page has no WCAG A/AA violations at ${width} px, ${colorScheme}`, async ({
      browser,
    }) => {
      // Scripts held back (never answered): the browser posts the form itself, and axe still runs.
      const context = await browser.newContext({ viewport: { width, height: 800 }, colorScheme });
      await context.addInitScript(() => window.localStorage.setItem("cookiesDeclined", "true"));
      const page = await context.newPage();
      await page.route("**/assets/*.js", () => {});
      await page.goto(rolePath(role.slug), { waitUntil: "domcontentloaded" });
      const form = page.getByRole("form", { name: "Job application form" });
      await form.getByLabel("First name").fill("Priya");
      await form.getByLabel("Phone").fill("12345");
      await form.getByRole("button", { name: "Submit Application" }).click();
      await expect(page).toHaveTitle(new RegExp(`^Error: ${role.title}`));
      const { violations } = await new AxeBuilder({ page })
        .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"])
        .analyze();
      expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
      await context.close();
    });
  }
}
