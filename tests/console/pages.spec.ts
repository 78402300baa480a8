/**
 * Every console page as a person meets it: axe finds nothing at 1280 and 375 px, nothing scrolls
 * sideways, and a screenshot of each is written to reports/screenshots/console/ to look at. Also
 * the headers that keep the console out of caches and search engines, and the public bundle free
 * of console code.
 */
import fs from "node:fs";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { apply, check, enquire, signedIn, virtualAuthenticator } from "./helpers";

test("every console page: axe 0 at 1280 and 375 px, no sideways scrolling, screenshots", async ({
  browser,
  request,
}) => {
  // Twenty-two axe runs and full-page screenshots: over a minute on a shared two-core machine late in the suite.
  test.setTimeout(120_000);
  const stamp = Date.now();
  const number = await apply(request, {
    firstName: "Amara",
    lastName: "Okonkwo-Fitzgerald",
    email: `amara.${stamp}@example.com`,
  });
  await enquire(request, { firstName: "Lukas", lastName: "Brenner", email: `lukas.${stamp}@example.com` });

  const anonymous = await browser.newContext();
  const signInPage = await anonymous.newPage();
  await virtualAuthenticator(signInPage);
  await signInPage.goto("/admin");
  await expect(signInPage.getByRole("button", { name: "Sign in with a passkey" })).toBeVisible();
  for (const width of [1280, 375]) await check(signInPage, "sign-in", width);
  await anonymous.close();

  const context = await browser.newContext();
  const { page } = await signedIn(context, "admin", "Screenshot Admin");
  const invitation = await context.newPage();
  await invitation.goto(`/admin/invitation#${"a".repeat(43)}`);
  await expect(invitation.getByRole("button", { name: "Create passkey" })).toBeVisible();
  for (const width of [1280, 375]) await check(invitation, "invitation", width);

  await expect(page.getByRole("row").filter({ hasText: number })).toBeVisible();
  for (const width of [1280, 375]) await check(page, "inbox", width);

  await page.getByRole("row").filter({ hasText: number }).getByRole("link").click();
  await page.getByLabel("Note").fill("Good fit for the platform team; check notice period.");
  await page.getByRole("button", { name: "Add note" }).click();
  await expect(page.locator(".notes li")).toHaveCount(1);
  await page.getByRole("button", { name: "Erase this person" }).click();
  for (const width of [1280, 375]) await check(page, "submission", width);

  for (const [link, name] of [
    ["Hiring", "hiring"],
    ["Quarantine", "quarantine"],
    ["Outbox", "outbox"],
    ["Audit log", "audit"],
    ["People", "people"],
  ] as const) {
    await page.getByRole("link", { name: link, exact: true }).click();
    await expect(page.getByRole("heading", { level: 1, name: link })).toBeVisible();
    await expect(page.getByRole("heading", { level: 1, name: link })).toBeFocused();
    for (const width of [1280, 375]) await check(page, name, width);
  }
  // People, with a link just made (shown once) and waiting in the pending list.
  await page.getByLabel("Name").fill("Siobhán Ó Briain");
  await page.getByLabel("Work e-mail").fill(`siobhan.obriain.${stamp}@altivacloud.com`);
  await page.getByLabel("Role", { exact: true }).selectOption("hr");
  await page.getByRole("button", { name: "Create invitation link" }).click();
  await expect(page.getByRole("button", { name: "Cancel the invitation for Siobhán Ó Briain" })).toBeVisible();
  for (const width of [1280, 375]) await check(page, "people-invited", width);
  await context.close();
});

test("console answers are no-store and noindex with their own CSP; robots.txt disallows /admin; the sitemap leaves it out", async ({
  request,
}) => {
  for (const url of ["/admin", "/admin/audit", "/admin/api/me"]) {
    const res = await request.get(url);
    const h = res.headers();
    expect(h["cache-control"], url).toBe("no-store");
    expect(h["x-robots-tag"], url).toBe("noindex, nofollow");
    expect(h["content-security-policy"], url).toContain("script-src 'self';");
    expect(h["content-security-policy"], url).not.toContain("unsafe-inline");
    expect(h["x-frame-options"], url).toBe("DENY");
  }
  const html = await (await request.get("/admin")).text();
  expect(html).toContain('<meta name="robots" content="noindex, nofollow" />');
  const robots = await (await request.get("/robots.txt")).text();
  expect(robots).toMatch(/^Disallow: \/admin$/m);
  expect(await (await request.get("/sitemap.xml")).text()).not.toContain("/admin");
});

test("the public pages carry no console code", async () => {
  const assets = path.resolve("build/client/assets");
  const hits = fs
    .readdirSync(assets)
    .filter((f) => f.endsWith(".js"))
    .filter((f) =>
      /Sign in with a passkey|navigator\.credentials|admin\/api/.test(fs.readFileSync(path.join(assets, f), "utf8")),
    );
  expect(hits).toEqual([]);
});
