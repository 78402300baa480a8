/**
 * The marketing dashboard in Chromium (decision 057): a marketing person signs in and lands on it,
 * their menu is the dashboard, redirects and content, it says it counts only visitors who allowed measurement, a
 * measured page view, a Web Vital's verdict in words and an enquiry show in its figures, a filter goes into the address, and axe
 * finds nothing at 375 and 1280 px (the table of the chart opened), in the dark scheme too. Applications, people and
 * templates are not theirs. The figures themselves: server/analytics/dashboard.test.ts.
 */
import { expect, test } from "@playwright/test";
import { analyticsPath } from "../../contracts/consent";
import { check, enquire, signedIn } from "./helpers";

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
  await expect(page.getByRole("region", { name: "Campaigns" }).getByRole("row", { name: /spring/ })).toBeVisible();
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
