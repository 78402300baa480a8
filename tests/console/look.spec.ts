/**
 * What a screenshot review of the console found, held: a dark scheme when the system asks for one
 * (axe 0 in it at 375 and 1280 px), the inbox's view tabs one line each at 375 px and their counts
 * there at first draw, the Details card as tall as its content beside a longer Handling card, a
 * way back from a submission the person's role does not reach, a favicon, and the skip link first
 * on a freshly opened submission. Screenshots of each state go to /tmp/s39-shots to look at.
 */
import fs from "node:fs";
import { expect, test, type Page } from "@playwright/test";
import { apply, check, enquire, signedIn } from "./helpers";

const shots = "/tmp/s39-shots";
async function shot(page: Page, name: string, width: number) {
  await page.setViewportSize({ width, height: 900 });
  fs.mkdirSync(shots, { recursive: true });
  await page.screenshot({ path: `${shots}/${name}-${width}.png`, fullPage: true });
}

for (const scheme of ["light", "dark"] as const) {
  test(`the console in the ${scheme} scheme: tabs on one line, cards their own height, a way back, axe 0`, async ({
    browser,
    request,
  }) => {
    test.setTimeout(180_000);
    const stamp = Date.now();
    // One name per scheme: both tests share the server's database.
    const lastName = scheme === "dark" ? "Ångström-Nyx" : "Ångström";
    await enquire(request, { firstName: "Zoë", lastName, email: `zoe.${stamp}@example.com` });
    const application = await apply(request, {
      firstName: "José",
      lastName: "Núñez",
      email: `jose.${stamp}@example.com`,
    });
    const context = await browser.newContext({ colorScheme: scheme });
    const { page } = await signedIn(context, "sales", `Look ${scheme}`);
    await page.setViewportSize({ width: 375, height: 900 });

    // The page's own colours follow the scheme.
    const background = await page.evaluate(() => getComputedStyle(document.documentElement).backgroundColor);
    expect(background).toBe(scheme === "dark" ? "rgb(17, 22, 29)" : "rgb(245, 247, 250)");

    // Each view tab is one line at 375 px, with its count from the first draw.
    const unassigned = page
      .getByRole("navigation", { name: "Views" })
      .getByRole("link", { name: /^Unassigned \(\d+\)$/ });
    await expect(unassigned).toBeVisible();
    for (const tab of await page.getByRole("navigation", { name: "Views" }).getByRole("link").all()) {
      expect((await tab.boundingBox())!.height, (await tab.textContent()) ?? "").toBeLessThanOrEqual(44);
    }
    await shot(page, `inbox-${scheme}`, 375);
    for (const width of [375, 1280]) await check(page, `inbox-${scheme}`, width);

    // A submission opened afresh: the skip link is the first stop, and the cards keep their own height.
    await page
      .getByRole("row")
      .filter({ hasText: `Zoë ${lastName}` })
      .getByRole("link")
      .click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Enquiry from Zoë ${lastName}`);
    await page.reload();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Enquiry from Zoë ${lastName}`);
    await page.keyboard.press("Tab");
    await expect(page.getByRole("link", { name: "Skip to content" })).toBeFocused();
    // The skip link shows only while focused, over the menu's first links; the checks below are of
    // the page as it is read, so the focus leaves it (axe's target-size counts a covered link).
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await page.setViewportSize({ width: 1280, height: 900 });
    const details = (await page.locator("section[aria-labelledby=h-details]").boundingBox())!;
    const handling = (await page.locator("section[aria-labelledby=h-handling]").boundingBox())!;
    expect(details.height).toBeLessThan(handling.height - 100);
    for (const width of [375, 1280]) {
      await shot(page, `submission-${scheme}`, width);
      await check(page, `submission-${scheme}`, width);
    }

    // An application, which sales does not read: said so, with the way back to the inbox.
    const admin = await signedIn(await browser.newContext(), "admin", `Finder ${scheme}`);
    const found = await admin.page.request.post("/admin/api/inbox", {
      data: { q: application },
      headers: { Origin: new URL(page.url()).origin },
    });
    const id = ((await found.json()) as { data: { rows: { id: number }[] } }).data.rows[0]!.id;
    await page.goto(`/admin/submissions/${id}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Submission not available");
    for (const width of [375, 1280]) {
      await shot(page, `not-yours-${scheme}`, width);
      await check(page, `not-yours-${scheme}`, width);
    }
    await page.getByRole("link", { name: "Back to the inbox" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Inbox");

    // The tab's icon: the console's own, served from its assets.
    const icon = await page.locator('link[rel="icon"]').getAttribute("href");
    const answer = await page.request.get(icon!);
    expect(answer.status()).toBe(200);
    expect(answer.headers()["content-type"]).toBe("image/svg+xml");
    await context.close();
  });
}
