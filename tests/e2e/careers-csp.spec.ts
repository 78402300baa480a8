/**
 * A role published by HR, as the server renders it per request through React Router's server build
 * and the post-render step (decision 055), breaks no rule of its own Content-Security-Policy in
 * Chromium, with JavaScript and without: every inline script the page runs is hashed in its header.
 * The list and the 410 page too.
 */
import { expect, test, type Page } from "./fixtures";
import { publishRole, type RoleDraft } from "../support/publish-role";

const role: RoleDraft = {
  slug: "security-engineer-bengaluru",
  title: "Security Engineer",
  position: "DevOps Engineer",
  offices: ["Bengaluru"],
  employmentType: "FULL_TIME",
  workplace: "hybrid",
  salary: null,
  description: `Harden the platforms our clients run on.\n\n## What you will do\n- Review infrastructure code and threat models.`,
};

test.beforeAll(() => publishRole(role, 30));

/** Every CSP violation the page reports, from its first byte (the listener is in place before any script). */
async function violationsOn(page: Page, url: string): Promise<string[]> {
  const seen: string[] = [];
  page.on("console", (m) => {
    if (m.type() === "error" && /Content Security Policy/i.test(m.text())) seen.push(m.text());
  });
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (e) => {
      (window as unknown as { cspViolations: string[] }).cspViolations ??= [];
      (window as unknown as { cspViolations: string[] }).cspViolations.push(`${e.violatedDirective} ${e.blockedURI}`);
    });
  });
  const response = await page.goto(url);
  expect(response?.headers()["content-security-policy"]).toContain("script-src");
  await page.waitForLoadState("load");
  return seen;
}

for (const javaScriptEnabled of [true, false]) {
  test.describe(javaScriptEnabled ? "with JavaScript" : "without JavaScript", () => {
    test.use({ javaScriptEnabled });

    test("the role's page and the list break no rule of their CSP", async ({ page }) => {
      await expect
        .poll(async () => (await page.request.get(`/career/${role.slug}`)).status(), { timeout: 15_000 })
        .toBe(200);
      for (const url of [`/career/${role.slug}`, "/career", "/career?office=Bengaluru"]) {
        expect(await violationsOn(page, url), url).toEqual([]);
        if (javaScriptEnabled) {
          // The islands booted after the first paint: the page's scripts ran under the policy.
          await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
          expect(
            await page.evaluate(() => (window as unknown as { cspViolations?: string[] }).cspViolations ?? []),
            url,
          ).toEqual([]);
        }
      }
    });
  });
}
