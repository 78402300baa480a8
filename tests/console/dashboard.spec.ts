/**
 * The marketing dashboard in Chromium (decision 057): a marketing person signs in and lands on it,
 * their menu is the dashboard, redirects and content, it says it counts only visitors who allowed measurement, a
 * measured page view, a Web Vital's verdict in words and an enquiry show in its figures, a filter goes into the address, and axe
 * finds nothing at 375 and 1280 px (the table of the chart opened), in the dark scheme too. Applications, people and
 * templates are not theirs. Sales mark an enquiry from a campaign won with a value in its outcome
 * form, see it in Outcomes' lead funnel under that campaign and download that panel's CSV; axe finds
 * nothing on Outcomes at 375 and 1280 px, light and dark (decision 075). The figures themselves:
 * server/analytics/dashboard.test.ts.
 */
import fs from "node:fs";
import { expect, test } from "@playwright/test";
import { analyticsPath } from "../../contracts/consent";
import { sourceFields } from "../../contracts/lead-source";
import { check, enquire, proofOfWork, signedIn } from "./helpers";

test("marketing opens the dashboard: figures, a filter in the address, no violations at 375 and 1280, light and dark", async ({
  browser,
  request,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const tag = String(Date.now()).slice(-6);
  const beacon = await request.post(analyticsPath, {
    headers: { origin: baseURL!, "content-type": "text/plain" },
    data: JSON.stringify({
      events: [
        { type: "pageview", path: "/contact", viewport: "lg", browser: "chrome", utmCampaign: "spring", entry: true },
        { type: "vital", path: "/contact", name: "LCP", value: 4800, rating: "poor", attribution: "img.hero" },
      ],
    }),
  });
  expect(beacon.status()).toBeLessThan(300);
  await enquire(request, { firstName: "Dora", lastName: "Dashboard", email: `dora.${tag}@example.com` });

  const context = await browser.newContext();
  const { page } = await signedIn(context, "marketing", `Mia Marketing ${tag}`, "Dashboard");
  // Marketing's pages: the dashboard, redirects for the pages visitors did not find (decision 062)
  // and the site's content (decision 068).
  await expect(page.getByRole("navigation", { name: "Console" }).getByRole("link")).toHaveText([
    "Dashboard",
    "Redirects",
    "Content",
  ]);
  await expect(page.getByText("These figures count only visitors who allowed measurement")).toBeVisible();
  await expect(page.getByRole("region", { name: "Top pages" }).getByRole("row", { name: /\/contact/ })).toBeVisible();
  await expect(page.getByRole("region", { name: "Lead funnel" }).getByRole("cell").nth(1)).not.toHaveText("0");
  // The verdict in words, and what the slow page's attribution names.
  const vitals = page.getByRole("region", { name: "Web Vitals" }).getByRole("row", { name: /\/contact/ });
  await expect(vitals).toContainText("Poor");
  await expect(vitals).toContainText("LCP: img.hero");
  await check(page, "dashboard", 375);

  await page.getByRole("textbox", { name: "Campaign" }).fill("spring");
  await page.getByRole("button", { name: "Show" }).click();
  await expect(page).toHaveURL(/campaign=spring/);
  // A campaign link without source or medium reads "(none)" for them, not bare slashes.
  await expect(
    page.getByRole("region", { name: "Campaigns" }).getByRole("row", { name: /^\(none\) \/ \(none\) \/ spring/ }),
  ).toBeVisible();
  await page.getByText("Page views per day as a table").click();
  await check(page, "dashboard-spring", 1280);
  // The console follows a dark system scheme: the panels too, not white boxes of pale text.
  await page.emulateMedia({ colorScheme: "dark" });
  const panel = page.getByRole("region", { name: "Top pages" });
  await expect(panel).toHaveCSS("background-color", "rgb(26, 33, 43)");
  await check(page, "dashboard-dark", 375);

  for (const path of ["/admin/", "/admin/hiring", "/admin/people", "/admin/templates"]) {
    await page.goto(path);
    const expected = path === "/admin/" ? "Dashboard" : "Page not found";
    await expect(page.getByRole("heading", { level: 1, name: expected }), path).toBeVisible();
  }
  await context.close();
});

test("sales mark an enquiry from a campaign won with a value, see it in the lead funnel, download that panel as CSV, and axe finds nothing on Outcomes at 375 and 1280, light and dark", async ({
  browser,
  request,
}) => {
  const tag = String(Date.now()).slice(-6);
  // A campaign of this run only, so enquiries of other tests on the shared server do not count in its row.
  const campaign = `spring-${tag}`;
  const res = await request.post("/api/contact-us/create", {
    headers: { "X-Requested-With": "XMLHttpRequest" },
    data: {
      firstName: "Wendy",
      lastName: `Won${tag}`,
      email: `wendy.won.${tag}@example.com`,
      phone: "4155550142",
      reason: "Cloud migration",
      message: "We want to move our billing platform to AWS this quarter.",
      agree: true,
      altcha: await proofOfWork(request),
      [sourceFields.path]: "/services/cloudservice",
      [sourceFields.campaign]: campaign,
    },
  });
  expect(res.status()).toBe(201);

  const context = await browser.newContext();
  const { page } = await signedIn(context, "sales", `Sam Sales ${tag}`);
  await page.getByRole("link", { name: `Wendy Won${tag}` }).click();
  await page.getByRole("combobox", { name: "Outcome" }).selectOption("won");
  await page.getByRole("textbox", { name: "Value (optional)" }).fill("48000");
  await page.getByRole("textbox", { name: "Currency" }).fill("GBP");
  await page.getByRole("button", { name: "Save outcome" }).click();
  await expect(page.getByRole("list", { name: "Outcome history" })).toContainText("won");

  await page.getByRole("navigation", { name: "Console" }).getByRole("link", { name: "Outcomes" }).click();
  const panel = page.getByRole("region", { name: "Leads by campaign" });
  const row = panel.getByRole("row", { name: new RegExp(`^${campaign}`) });
  // Enquiries, answered, qualified and won: 1 each (an outcome counts as answered); then the value.
  await expect(row.getByRole("cell")).toHaveText([
    /^1 \(was 0/,
    /^1 \(was 0/,
    /^1 \(was 0/,
    /^1 \(was 0/,
    /^£48,000\.00 \(was/,
  ]);

  const [download] = await Promise.all([
    page.waitForEvent("download"),
    panel.getByRole("button", { name: "Export leads by campaign as CSV" }).click(),
  ]);
  expect(download.suggestedFilename()).toBe("leads-campaign.csv");
  const lines = fs
    .readFileSync((await download.path())!, "utf8")
    .trimEnd()
    .split("\r\n");
  expect(lines[0]).toBe(
    "Campaign,enquiries,enquiries compared,answered,answered compared,qualified,qualified compared,won,won compared,won value",
  );
  expect(lines).toContain(`${campaign},1,0,1,0,1,0,1,0,48000 GBP`);
  // The Outcomes page has its own axe check, light and dark (decision 075).
  await check(page, "outcomes", 375);
  await check(page, "outcomes", 1280);
  await page.emulateMedia({ colorScheme: "dark" });
  await check(page, "outcomes-dark", 375);
  await check(page, "outcomes-dark", 1280);
  await context.close();
});
