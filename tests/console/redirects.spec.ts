/**
 * Redirects in Chromium against the real server (decision 062): a page asked for and not found
 * shows on the dashboard; an administrator follows its "Create a redirect" link, finds the old
 * address filled in, adds the redirect and the site answers it with a 301 within the stamp's
 * seconds; a loop is refused in words, announced, with the focus back on the form; the page has no
 * axe violation at 375 and 1280 px, light and dark; a redirect is removed from the keyboard after
 * a confirmation, and the old address answers 404 again. The rules: server/redirects/*.test.ts.
 */
import { expect, test, type APIRequestContext } from "@playwright/test";
import { check, signedIn } from "./helpers";

/** The site's answer to a path: its status and Location, without following it. */
async function answer(request: APIRequestContext, path: string): Promise<[number, string | undefined]> {
  const res = await request.get(path, { maxRedirects: 0 });
  return [res.status(), res.headers()["location"]];
}

test("an admin creates a redirect from a page not found, is refused a loop, and removes it", async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const tag = String(Date.now()).slice(-6);
  const old = `/services/old-migration-offer-${tag}`;
  expect(await answer(request, old)).toEqual([404, undefined]);
  await request.get(old, { headers: { referer: "https://partner.example.org/links" }, maxRedirects: 0 });

  const context = await browser.newContext();
  const { page } = await signedIn(context, "admin", `Rita Redirects ${tag}`);
  await page.getByRole("navigation", { name: "Console" }).getByRole("link", { name: "Dashboard" }).click();
  const notFound = page.getByRole("region", { name: "Pages not found" });
  await notFound
    .getByRole("link", { name: `Create a redirect from ${old}` })
    .first()
    .click();
  await expect(page.getByRole("heading", { level: 1, name: "Redirects" })).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/redirects\?from=/);
  await expect(page.getByLabel("Old address")).toHaveValue(old);
  await page.getByLabel("New address").fill("/services/migration");
  await page.getByRole("button", { name: "Add redirect" }).click();
  await expect(page.getByRole("status")).toHaveText(
    `${old} now redirects to /services/migration. Every server answers it within a few seconds.`,
  );
  await expect(
    page.getByRole("row", { name: new RegExp(`^${old} /services/migration Added by Rita Redirects`) }),
  ).toBeVisible();
  // The site, within the issue's minute (the stamp makes it 5 s), the query passed on.
  await expect
    .poll(() => answer(request, `${old}/?utm_campaign=spring`), { timeout: 60_000, intervals: [1_000] })
    .toEqual([301, "/services/migration?utm_campaign=spring"]);

  // A loop: a → b, then b → a.
  const a = `/offers/spring-${tag}`;
  const b = `/offers/spring-sale-${tag}`;
  await page.getByLabel("Old address").fill(a);
  await page.getByLabel("New address").fill(b);
  await page.getByRole("button", { name: "Add redirect" }).click();
  await expect(page.getByRole("status")).toContainText(`${a} now redirects to ${b}`);
  await page.getByLabel("Old address").fill(b);
  await page.getByLabel("New address").fill(a);
  await page.getByRole("button", { name: "Add redirect" }).click();
  await expect(page.getByRole("status")).toHaveText(
    `This redirect would make a loop (${b} → ${a} → ${b}): a visitor would be sent round and never reach a page.`,
  );
  await expect(page.getByLabel("Old address")).toBeFocused();
  await expect(page.getByLabel("Old address")).toHaveAttribute("aria-invalid", "true");
  await check(page, "redirects", 375);
  await check(page, "redirects", 1280);
  await page.emulateMedia({ colorScheme: "dark" });
  await check(page, "redirects-dark", 375);
  await check(page, "redirects-dark", 1280);

  // Removed from the keyboard: the confirmation opens on Cancel, the action is a deliberate Tab away.
  await page.getByRole("button", { name: `Remove the redirect from ${old}` }).focus();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("button", { name: "Cancel" })).toBeFocused();
  await page.keyboard.press("Shift+Tab");
  await expect(page.getByRole("button", { name: "Remove the redirect", exact: true })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("status")).toHaveText(`${old} no longer redirects: it answers “not found” again.`);
  await expect(page.getByRole("row", { name: new RegExp(`^${old} `) })).toHaveCount(0);
  await expect.poll(() => answer(request, old), { timeout: 60_000, intervals: [1_000] }).toEqual([404, undefined]);
  await context.close();
});
