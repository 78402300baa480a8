/**
 * An owner and a queue (issue 27), in Chromium against the real server and a real SMTP server
 * (smtp-sink.ts): the sales lead "Owner Lead" gives an enquiry to "Owner Colleague"; one e-mail
 * reaches the colleague with the link and nothing of the sender; the colleague finds it under
 * Mine, bold and said to be unread, opens it, comes back, and it is read; an administrator finds
 * the assignment in the audit log. The inbox's views and the owner control are looked at 375 and
 * 1280 px wide.
 */
import fs from "node:fs";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { check, enquire, signedIn } from "./helpers";

const sinkDir = process.env.SMTP_SINK_DIR!;

/** The messages the mail server received for this address, quoted-printable undone. */
function mailsTo(email: string): string[] {
  if (!fs.existsSync(sinkDir)) return [];
  return fs
    .readdirSync(sinkDir)
    .sort()
    .map((name) => fs.readFileSync(path.join(sinkDir, name)).toString("latin1"))
    .filter((raw) => raw.startsWith(`X-Envelope-To: ${email}\r\n`))
    .map((raw) =>
      Buffer.from(
        raw.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/g, (_m, h: string) => String.fromCharCode(parseInt(h, 16))),
        "latin1",
      ).toString("utf8"),
    );
}

test("a sales lead assigns an enquiry to a colleague, who finds it unread under Mine, reads it, and the audit log shows it", async ({
  browser,
  request,
}) => {
  test.setTimeout(150_000);
  const stamp = Date.now();
  // A name as long as a real one (the page's heading does not break inside a word).
  const tag = stamp
    .toString(36)
    .slice(-5)
    .replace(/\d/g, (d) => "abcdefghij"[Number(d)]!);
  const sender = { firstName: "Odessa", lastName: `Ownerby${tag}`, email: `odessa.${stamp}@ownerbyfreight.example` };
  await enquire(request, sender);

  // The colleague joins first: only people with access can be given an item.
  const colleague = await signedIn(await browser.newContext(), "sales", "Owner Colleague");
  const lead = await signedIn(await browser.newContext(), "sales", "Owner Lead");

  await lead.page.getByLabel("Search").fill(sender.lastName);
  await lead.page.getByRole("button", { name: "Apply filters" }).click();
  await lead.page.getByRole("link", { name: new RegExp(sender.lastName) }).click();
  await expect(lead.page.getByRole("heading", { level: 1, name: new RegExp(sender.lastName) })).toBeVisible();
  const id = Number(/\/admin\/submissions\/(\d+)/.exec(lead.page.url())![1]);

  await expect(lead.page.getByText("Nobody owns this yet")).toBeVisible();
  await lead.page.getByLabel("Give to").selectOption({ label: "Owner Colleague" });
  for (const width of [375, 1280]) await check(lead.page, "assignment-control", width);
  await lead.page.getByRole("button", { name: "Assign", exact: true }).click();
  await expect(lead.page.getByText("Assigned to Owner Colleague. They get an e-mail with a link to it.")).toBeVisible();
  await expect(lead.page.getByText(/^Owner Colleague, since /)).toBeVisible();

  // One e-mail to the colleague: the link, and nothing of the sender.
  await expect.poll(() => mailsTo(colleague.email).length, { timeout: 20_000 }).toBe(1);
  const mail = mailsTo(colleague.email)[0]!;
  expect(mail).toContain(`/admin/submissions/${id}`);
  expect(mail).toContain("Owner Lead gave you");
  for (const word of ["Odessa", sender.lastName, sender.email, "ownerbyfreight", "billing platform"]) {
    expect(mail).not.toContain(word);
  }

  // The colleague's inbox: under Mine, bold and said to be unread.
  const page = colleague.page;
  await page.goto("/admin");
  await page.getByRole("link", { name: /^Mine/ }).click();
  await expect(page).toHaveURL(/[?&]view=mine/);
  await expect(page.getByRole("link", { name: "Mine (1, 1 unread)" })).toHaveAttribute("aria-current", "page");
  const row = page.getByRole("row").filter({ hasText: sender.lastName });
  await expect(row.getByRole("link")).toHaveText(`Unread: Odessa ${sender.lastName}`);
  await expect(row.locator("strong")).toHaveCount(1);
  for (const width of [375, 1280]) await check(page, "inbox-views-mine", width);

  await row.getByRole("link").click();
  await expect(page.getByRole("heading", { level: 1, name: new RegExp(sender.lastName) })).toBeVisible();
  await expect(page.getByText("You, since")).toBeVisible();
  await page.goBack();
  await expect(page).toHaveURL(/[?&]view=mine/);
  await expect(row.getByRole("link")).toHaveText(`Odessa ${sender.lastName}`);
  await expect(row.locator("strong")).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Mine (1)" })).toBeVisible();

  // The lead's Unassigned view does not list it; All does.
  await lead.page.goto("/admin?view=unassigned");
  await expect(lead.page.getByRole("link", { name: /^Unassigned/ })).toHaveAttribute("aria-current", "page");
  await expect(lead.page.getByRole("row").filter({ hasText: sender.lastName })).toHaveCount(0);

  // An administrator finds the assignment in the audit log, by staff names.
  const admin = await signedIn(await browser.newContext(), "admin", "Owner Auditor");
  await admin.page.getByRole("link", { name: "Audit log", exact: true }).click();
  await admin.page.getByLabel("Action").selectOption("assignment");
  await admin.page.getByLabel("Person").selectOption({ label: "Owner Lead" });
  await admin.page.getByRole("button", { name: "Apply filters" }).click();
  const entry = admin.page.getByRole("row").filter({ hasText: `contact #${id}` });
  await expect(entry).toHaveCount(1);
  await expect(entry).toContainText("to Owner Colleague");
  await expect(entry).not.toContainText(sender.lastName);
});
