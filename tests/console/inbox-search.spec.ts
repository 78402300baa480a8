/**
 * The inbox search of issue 27 in Chromium, as sales uses it: "muller" finds the Müller enquiries,
 * the companies that wrote more than once show above the list, choosing one narrows the inbox to
 * it, and neither the words nor the domain ever reach the address bar. Looked at 375 and 1280 px.
 */
import { expect, test } from "@playwright/test";
import { check, enquire, signedIn } from "./helpers";

test("sales searches without accents, groups by company and narrows to one, the address never holding either", async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  // Letters only (names refuse digits), distinct per run: this run's people and company.
  const tag = [...String(Date.now()).slice(-6)].map((d) => "abcdefghij"[Number(d)]).join("");
  const company = `searchco-${tag}.example`;
  const jurgen = { firstName: "Jürgen", lastName: `Müller Searchpart${tag}`, email: `j.muller@${company}` };
  const anna = { firstName: "Anna", lastName: `Müller-Lang Searchpart${tag}`, email: `anna@${company}` };
  const petra = { firstName: "Petra", lastName: `Lang Searchpart${tag}`, email: `petra.lang@${company}` };
  // Another company's enquiry between Anna's and Petra's: Next from Petra in the whole inbox.
  const between = { firstName: "Otto", lastName: `Between Searchpart${tag}`, email: `otto@other-${tag}.example` };
  for (const person of [jurgen, anna, between, petra]) await enquire(request, person);

  const { page } = await signedIn(await browser.newContext(), "sales", "Search Seller");
  const urls: string[] = [];
  page.on("request", (r) => urls.push(r.url()));
  await page.goto("/admin");
  await page.getByLabel("Search").fill("muller");
  await page.getByRole("button", { name: "Apply filters" }).click();

  const list = page.getByRole("table");
  // A row's link is named by the person, after "Unread: " until this seller opens it (InboxViews.tsx).
  const nameOf = (p: { firstName: string; lastName: string }) => new RegExp(`(^|: )${p.firstName} ${p.lastName}$`);
  await expect(list.getByRole("link", { name: nameOf(jurgen) })).toBeVisible();
  await expect(list.getByRole("link", { name: nameOf(anna) })).toBeVisible();
  await expect(list.getByRole("link", { name: nameOf(petra) })).toHaveCount(0);

  // The Müllers' company wrote twice in this view: one group, which narrows the inbox to it.
  const group = page.getByRole("button", { name: `2 messages from ${company}` });
  await expect(group).toBeVisible();
  await check(page, "inbox-search-groups", 375);
  await check(page, "inbox-search-groups", 1280);
  await group.click();
  await expect(page.getByRole("status").filter({ hasText: `Only senders at ${company}` })).toBeVisible();
  await expect(list.getByRole("link")).toHaveCount(2);

  // Without the words, the domain alone: the company's three enquiries, Petra's too.
  await page.getByLabel("Search").fill("");
  await page.getByRole("button", { name: "Apply filters" }).click();
  await expect(list.getByRole("link", { name: nameOf(petra) })).toBeVisible();
  await expect(list.getByRole("link")).toHaveCount(3);
  await check(page, "inbox-search-domain", 375);

  // A record opened from this view moves within it: Next from Petra is Anna, not Otto between them.
  await list.getByRole("link", { name: nameOf(petra) }).click();
  await page.getByRole("link", { name: "Next submission" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toContainText(`${anna.firstName} ${anna.lastName}`);
  await page.goBack();
  await page.goBack();
  await expect(list.getByRole("link")).toHaveCount(3);

  // Back to the search: the words and the domain come back from the history entry.
  await page.goBack();
  await expect(page.getByLabel("Search")).toHaveValue("muller");
  await expect(list.getByRole("link")).toHaveCount(2);

  // At 1280 px again: at phone widths the groups wait behind "Search and filters" with the form.
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.getByRole("button", { name: "Show every sender" }).click();
  await expect(page.getByRole("button", { name: `2 messages from ${company}` })).toBeVisible();

  // Nothing searched or chosen was ever in an address: the page's, or any request's.
  for (const url of [page.url(), ...urls]) {
    expect(url).not.toMatch(/muller|m%C3%BCller|searchco/i);
  }
});
