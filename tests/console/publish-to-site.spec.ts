/**
 * Issue 26's first promise, end to end in Chromium against one real server: HR publishes a role in
 * the console and, with no build in between, the site lists it on /career, serves its page (also
 * with JavaScript off) with exactly one JobPosting, and puts it in sitemap.xml; a candidate applies
 * from the role's page and the console's Hiring page counts them under "new" for that role; HR
 * closes the role and its page answers 410, gone from the list and the sitemap. The build folder's
 * files keep their modification times throughout.
 *
 * The role's dates run from 2026 to 2099, so no result depends on the day the test runs.
 */
import fs from "node:fs";
import path from "node:path";
import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { signedIn } from "./helpers";

const title = "Search Relevance Engineer";
const slug = "search-relevance-engineer-london";
const pdf = Buffer.from("%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n");

/** Every file under build/ with its modification time: what publishing must not change. */
function buildFolderState(): Record<string, number> {
  const root = path.resolve("build");
  const out: Record<string, number> = {};
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else out[path.relative(root, full)] = fs.statSync(full).mtimeMs;
    }
  };
  walk(root);
  return out;
}

interface JsonLd {
  "@type"?: string;
  [key: string]: unknown;
}
const jsonLdIn = (html: string): JsonLd[] =>
  [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map(
    (m) => JSON.parse(m[1]!) as JsonLd,
  );
const postingsIn = (html: string) => jsonLdIn(html).filter((d) => d["@type"] === "JobPosting");

/** Waits, for at most the 60 seconds, until the site answers as expected. */
async function within60s(request: APIRequestContext, url: string, ready: (status: number, body: string) => boolean) {
  await expect
    .poll(
      async () => {
        const res = await request.get(url);
        return ready(res.status(), await res.text());
      },
      { timeout: 60_000, intervals: [1_000] },
    )
    .toBe(true);
}

async function confirmAction(page: Page, button: string, question: RegExp) {
  await page.getByRole("button", { name: button, exact: true }).click();
  await page.getByRole("group", { name: question }).getByRole("button", { name: button, exact: true }).click();
}

test("HR publishes a role; the site serves it within a minute without a build; closed, it answers 410", async ({
  browser,
  request,
}) => {
  test.setTimeout(240_000);
  const before = buildFolderState();
  const context = await browser.newContext();
  const { page } = await signedIn(context, "hr", "Hana Hiring");

  // HR writes and publishes the role in the console.
  await page.goto("/admin/roles/new");
  await page.getByLabel("Title").fill(title);
  await page.getByLabel("Position on the application form").selectOption("DevOps Engineer");
  await page.getByRole("checkbox", { name: "London" }).check();
  await page.getByLabel("Employment type").selectOption({ label: "Full-time" });
  await page.getByLabel("Workplace").selectOption({ label: "Hybrid" });
  await page.getByLabel("From").fill("68000");
  await page.getByLabel("To", { exact: true }).fill("82000");
  await page.getByLabel("Currency").selectOption("GBP");
  await page.getByLabel("Paid").selectOption({ label: "a year" });
  await page.getByLabel("Posted on").fill("2026-01-05");
  await page.getByLabel("Closes after").fill("2099-12-31");
  await page
    .getByLabel("Description", { exact: true })
    .fill(
      "Give our client teams the metrics, traces and alerts they act on, and the dashboards that end arguments.\n\n## What you will do\n- Run Prometheus, Tempo and Grafana for four clients.\n- Turn noisy alerts into ones people trust.",
    );
  await page.getByRole("button", { name: "Save draft" }).click();
  await expect(page.getByRole("status")).toHaveText("Draft saved. It is not on the site until you publish it.");
  await confirmAction(page, "Publish", /Publish this role\?/);
  await expect(page.getByRole("status")).toContainText("Published.");

  // The site: listed, its page with one JobPosting, in the sitemap, within a minute.
  await within60s(request, "/career", (status, body) => status === 200 && body.includes(title));
  await within60s(request, `/career/${slug}`, (status) => status === 200);
  const list = await (await request.get("/career")).text();
  expect(postingsIn(list)).toEqual([]);
  const rolePage = await request.get(`/career/${slug}`);
  expect(rolePage.status()).toBe(200);
  const [posting, ...more] = postingsIn(await rolePage.text());
  expect(more).toEqual([]);
  expect(posting).toMatchObject({
    title,
    datePosted: "2026-01-05",
    validThrough: "2099-12-31T23:59:59Z",
    employmentType: "FULL_TIME",
    directApply: true,
    hiringOrganization: expect.objectContaining({ "@type": "Organization" }),
    jobLocation: [expect.objectContaining({ address: expect.objectContaining({ addressLocality: "London" }) })],
    baseSalary: expect.objectContaining({ currency: "GBP" }),
  });
  expect(String(posting!.description)).toContain("<li>Run Prometheus, Tempo and Grafana for four clients.</li>");
  // Each address is cached on its own for a few seconds: each gets the same minute.
  const inSitemap = new RegExp(`<loc>[^<]*/career/${slug}</loc>\\s*<lastmod>\\d{4}-\\d{2}-\\d{2}</lastmod>`);
  await within60s(request, "/sitemap.xml", (status, body) => status === 200 && inSitemap.test(body));

  // With JavaScript off, the page reads the same.
  const noScript = await browser.newContext({ javaScriptEnabled: false });
  const reader = await noScript.newPage();
  await reader.goto(`/career/${slug}`);
  await expect(reader.getByRole("heading", { level: 1 })).toHaveText(title);
  await expect(reader.getByRole("heading", { name: "What you will do" })).toBeVisible();
  await expect(reader.locator("#apply").getByLabel("Position")).toHaveValue("DevOps Engineer");
  await noScript.close();

  // A candidate applies from the role's page (scripts on: the page solves its proof of work).
  const candidateContext = await browser.newContext();
  await candidateContext.addInitScript(() => window.localStorage.setItem("cookiesDeclined", "true"));
  const candidate = await candidateContext.newPage();
  await candidate.goto(`/career/${slug}`);
  await candidate.locator("html[data-hydrated]").waitFor({ state: "attached" });
  const form = candidate.locator("#apply").getByRole("form", { name: "Job application form" });
  await form.getByLabel("First name").fill("Aoife");
  await form.getByLabel("Last name").fill("Ní Bhriain");
  await form.getByLabel("Email").fill("aoife.nibhriain@example.ie");
  await form.getByLabel("Phone").fill("+44 20 7946 0958");
  await form.getByLabel("Resume").setInputFiles({ name: "cv.pdf", mimeType: "application/pdf", buffer: pdf });
  await form.getByLabel("Cover letter").fill("Four years of running Prometheus and Grafana for a bank.");
  await form.getByRole("checkbox", { name: /I agree/ }).check();
  await form.getByRole("button", { name: "Submit Application" }).click();
  await expect(candidate.getByRole("status")).toContainText("Your application has been submitted successfully");
  await candidateContext.close();

  // HR's Hiring page counts them under "new" for this role.
  await page.goto("/admin/hiring");
  await expect(page.getByRole("link", { name: `1 applications: ${title}, new` })).toBeVisible();

  // HR closes the role: 410, gone from the list and the sitemap, within a minute.
  await page.goto("/admin/roles");
  await page.getByRole("row").filter({ hasText: title }).getByRole("link", { name: title }).click();
  await confirmAction(page, "Close role", /Close this role now\?/);
  await expect(page.getByRole("status")).toContainText("Closed");
  await within60s(request, `/career/${slug}`, (status) => status === 410);
  await within60s(request, "/career", (status, body) => status === 200 && !body.includes(title));
  await within60s(request, "/sitemap.xml", (status, body) => status === 200 && !body.includes(`/career/${slug}`));
  await context.close();

  // No build ran: every file under build/ is as it was.
  expect(buildFolderState()).toEqual(before);
});
