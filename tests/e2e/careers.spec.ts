/**
 * The careers pages as a candidate meets them (issue 26): a role HR has just published (written to
 * the e2e server's database, with dates relative to now, so nothing depends on today's date) is on
 * /career and has its own page, with JavaScript and without; the filter works without
 * JavaScript; the header's Career link lands on the live list, never on stale client data, and is
 * marked current on a role's page; axe
 * finds nothing on either page, light or dark.
 */
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "./fixtures";
import { baseURL } from "../../playwright.config";
import { publishRole, type RoleDraft } from "../support/publish-role";

const role: RoleDraft = {
  slug: "site-reliability-engineer-sydney",
  title: "Site Reliability Engineer",
  position: "DevOps Engineer",
  offices: ["Sydney", "London"],
  employmentType: "PART_TIME",
  workplace: "remote",
  salary: { min: 600, max: 750, currency: "AUD", period: "DAY" },
  description: `Keep a payments platform up, three days a week: on-call you can plan around, and the automation that makes it quiet.

## What you will do
- Own the service level objectives of four services and the alerts that guard them.
- Write the runbooks, then the automation that retires them.

## What you bring
- Three or more years of running production systems on Linux and Kubernetes.`,
};
const rolePath = `/career/${role.slug}`;

test.beforeAll(() => publishRole(role, 60));

/** The list, once the server's roles stamp has caught up with the new role (at most 5 s). */
async function listWithRole(page: Page) {
  await expect
    .poll(
      async () => {
        await page.goto("/career");
        return page.getByRole("heading", { level: 3, name: role.title }).count();
      },
      { timeout: 15_000 },
    )
    .toBe(1);
}

test("the new role is on /career and its page has the role, one JobPosting and the form", async ({ page }) => {
  await listWithRole(page);
  await page.getByRole("link", { name: `View role and apply: ${role.title}` }).click();
  await expect(page).toHaveURL(rolePath);
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(role.title);
  const crumbs = page.getByRole("navigation", { name: "Breadcrumb" });
  await expect(crumbs.getByRole("listitem")).toHaveText(["Home", "Career", role.title]);
  await expect(page.getByText("A$600–A$750 a day")).toBeVisible();
  await expect(page.getByRole("heading", { level: 2, name: "What you bring" })).toBeVisible();
  await expect(page.locator("#apply").getByRole("form")).toBeVisible();
  const postings = await page
    .locator('script[type="application/ld+json"]')
    .evaluateAll((els) => els.map((e) => JSON.parse(e.textContent ?? "{}") as { "@type": string }));
  expect(postings.filter((p) => p["@type"] === "JobPosting")).toHaveLength(1);
  // Hydrated from the page's own data: the apply button scrolls to the form on the same page.
  await page.getByRole("link", { name: "Apply for this role" }).first().click();
  await expect(page).toHaveURL(`${rolePath}#apply`);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the role's page shows the role and the form", async ({ page }) => {
    await listWithRole(page);
    const res = await page.goto(rolePath);
    expect(res?.status()).toBe(200);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(role.title);
    await expect(page.getByRole("heading", { level: 2, name: "What you will do" })).toBeVisible();
    await expect(page.locator("#apply form[method=post]")).toBeVisible();
  });

  test("the filter narrows the list by office and type, and shows all again", async ({ page }) => {
    await listWithRole(page);
    await page.getByLabel("Office").selectOption("Sydney");
    await page.getByLabel("Type").selectOption("PART_TIME");
    await page.getByRole("button", { name: "Show roles" }).click();
    await expect(page).toHaveURL(/\/career\?office=Sydney&type=PART_TIME#open-roles$/);
    const region = page.getByRole("region", { name: /roles? open now/ });
    await expect(region.getByRole("heading", { level: 3 })).toHaveText([role.title]);
    await expect(page.getByLabel("Office")).toHaveValue("Sydney");
    await page.getByRole("link", { name: "Show all roles" }).click();
    expect(await region.getByRole("heading", { level: 3 }).count()).toBeGreaterThan(1);
  });
});

test("the header's Career link lands on the live list, fetched from the server", async ({ page }) => {
  await listWithRole(page);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto("/about-us");
  // A client-side render would keep this mark; a document request for /career starts afresh.
  await page.evaluate(() => ((window as unknown as { stale: boolean }).stale = true));
  const careerRequest = page.waitForRequest((r) => r.isNavigationRequest() && new URL(r.url()).pathname === "/career");
  await page.getByRole("banner").getByRole("link", { name: "Career", exact: true }).click();
  await careerRequest;
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  expect(await page.evaluate(() => (window as unknown as { stale?: boolean }).stale)).toBeUndefined();
  await expect(page.getByRole("heading", { level: 3, name: role.title })).toBeVisible();
});

test("the header marks Career as the current page on a role's page, with JavaScript and without", async ({
  page,
  browser,
}) => {
  await listWithRole(page);
  await page.goto(rolePath);
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  const main = page.getByRole("navigation", { name: "Main" });
  await expect(main.getByRole("link", { name: "Career", exact: true })).toHaveAttribute("aria-current", "page");
  // One current link: no other menu entry claims the role's page.
  await expect(main.locator('a[aria-current="page"]')).toHaveCount(1);
  // Elsewhere Career is not current.
  await page.goto("/about-us");
  await expect(main.getByRole("link", { name: "Career", exact: true })).not.toHaveAttribute("aria-current", "page");

  const noScript = await browser.newContext({ javaScriptEnabled: false });
  const reader = await noScript.newPage();
  await reader.goto(`${baseURL}${rolePath}`);
  await expect(
    reader.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Career", exact: true }),
  ).toHaveAttribute("aria-current", "page");
  await noScript.close();
});

const axeTags = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];

for (const scheme of ["light", "dark"] as const) {
  for (const url of ["/career", rolePath]) {
    test(`${url.startsWith("/career/") ? "the role's page" : "/career"} has no axe violations (${scheme})`, async ({
      page,
    }) => {
      await page.addInitScript(() => window.localStorage.setItem("cookiesDeclined", "true"));
      await page.emulateMedia({ colorScheme: scheme, reducedMotion: "reduce" });
      await listWithRole(page);
      await page.goto(url);
      await page.evaluate(() =>
        document.querySelectorAll(".reveal-pending").forEach((el) => el.classList.add("is-revealed")),
      );
      const result = await new AxeBuilder({ page }).withTags(axeTags).analyze();
      expect(result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
    });
  }
}
