/**
 * Issue 27's sales lead at work on a phone: sixty-two enquiries, seven of them from one company,
 * accented names. At 375 × 667 the first result sits in the first screen with the filters folded
 * behind one button; the search finds the company by part of its domain; and Back from a record
 * restores the filters and the page, while the search words never reach an address.
 */
import { expect, test } from "@playwright/test";
import { check, enquire, signedIn } from "./helpers";

const phone = { width: 375, height: 667 };

test("a sales lead on a phone: first result in the first screen, filters folded, Back keeps filters and page", async ({
  browser,
  request,
}) => {
  test.setTimeout(240_000);
  // Letters only (names refuse digits), distinct per run.
  const tag = [...String(Date.now()).slice(-6)].map((d) => "abcdefghij"[Number(d)]).join("");
  const company = `tidewater${tag}freight.com`;
  const firstNames = ["Zoë", "Łukasz", "Ingrid", "Siobhán", "Mateus", "Aiko", "Dvořák", "Renée", "Oğuz", "Tomás"];
  const lastNames = [
    "Brontë",
    "Wójcik",
    "Sørensen",
    "Ní Bhriain",
    "Conceição",
    "Tanaka",
    "Novák",
    "Lefèvre",
    "Çelik",
    "Ibáñez",
  ];
  for (let i = 0; i < 62; i++) {
    const first = firstNames[i % firstNames.length]!;
    const last = `${lastNames[(i * 3) % lastNames.length]!} Phonelead${tag}`;
    const fromCompany = i % 9 === 0; // 0, 9, …, 54: seven of them
    // The others write from free-mail addresses, as most small clients do: no company groups them.
    const plain = first.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase().replace(/\W/g, "");
    const email = fromCompany ? `person${i}@${company}` : `${plain}.${tag}${i}@gmail.com`;
    await enquire(request, { firstName: first, lastName: last, email });
  }

  const { page } = await signedIn(await browser.newContext(), "sales", "Phone Lead");
  const urls: string[] = [];
  page.on("request", (r) => urls.push(r.url()));
  await page.setViewportSize(phone);
  await page.goto("/admin");
  // The fold keeps its own state while the inbox stays; a page opened again starts folded.
  const openFilters = async () => {
    const toggle = page.locator("button.filter-fold");
    if ((await toggle.getAttribute("aria-expanded")) === "false") await toggle.click();
  };

  // The first result is in the first screen; the filters wait behind their button.
  const rows = page.getByRole("table").locator("tbody tr");
  await expect(rows.first()).toBeVisible();
  const first = await rows.first().boundingBox();
  expect(first!.y, "the first result starts inside the first screen").toBeLessThan(phone.height - 80);
  const fold = page.getByRole("button", { name: "Search and filters" });
  await expect(fold).toHaveAttribute("aria-expanded", "false");
  await expect(page.getByLabel("Search")).toBeHidden();
  // The first screen as the phone shows it, to look at beside the full-page one check() writes.
  await page.screenshot({ path: "reports/screenshots/console/sales-inbox-first-screen-375.png" });
  await check(page, "sales-inbox-folded", 375);

  // Opened: a search by part of the company's domain finds its seven, and the group says so.
  await fold.click();
  await expect(page.getByLabel("Search")).toBeVisible();
  await page.getByLabel("Search").fill(`tidewater${tag}`);
  await page.getByRole("button", { name: "Apply filters" }).click();
  await expect(rows).toHaveCount(7);
  await expect(page.getByRole("button", { name: `7 messages from ${company}` })).toBeVisible();
  await expect(page.locator("button.filter-fold")).toHaveText("Hide search and filters (1 applied)");

  // Open one and come back: the search is there again, from the history entry, not the address.
  await rows.first().getByRole("link").click();
  await expect(page.getByRole("heading", { level: 1 })).toContainText(`Phonelead${tag}`);
  await page.goBack();
  await expect(rows).toHaveCount(7);
  await expect(page.getByLabel("Search")).toHaveValue(`tidewater${tag}`);

  // A status filter and page 2 (62 new enquiries at 25 a page), then a record, then Back.
  await openFilters();
  await page.getByRole("button", { name: "Clear" }).click();
  // A person reads the cleared list first. (A status chosen before it came was once put back to
  // none when it arrived, and the Apply left /admin as it was: useFilters.ts now keeps it.)
  await expect(page.locator("button.filter-fold")).not.toContainText("applied");
  await expect(rows).toHaveCount(25);
  await openFilters();
  await page.getByLabel("Status").selectOption("new");
  await page.getByRole("button", { name: "Apply filters" }).click();
  // The filtered first page has arrived before Next is pressed (a person reads it first).
  await expect(page).toHaveURL(/[?&]status=new/);
  await page.getByRole("button", { name: "Next page" }).click();
  await expect(page).toHaveURL(/[?&]status=new/);
  await expect(page).toHaveURL(/[?&]page=2/);
  const onPageTwo = (await rows.first().getByRole("link").textContent())!.replace(/^Unread: /, "");
  await rows.first().getByRole("link").click();
  // The inbox stays shown until the submission's page has its data: Back is pressed once it is there.
  await expect(page).toHaveURL(/\/submissions\/\d+/);
  await expect(page.getByRole("heading", { level: 1 })).not.toHaveText("Inbox");
  await page.goBack();
  await expect(page).toHaveURL(/[?&]page=2/);
  await expect(page.getByLabel("Status")).toHaveValue("new");
  await expect(rows.first().getByRole("link")).toHaveText(onPageTwo);
  await check(page, "sales-inbox-page-two", 1280);

  // Nothing searched was ever in an address: the page's, or any request's.
  for (const url of [page.url(), ...urls]) expect(url).not.toContain(`tidewater${tag}`);
});
