import { expect, test } from "@playwright/test";
import { acceptInvitation, copyCredentials, database, invite, virtualAuthenticator } from "./helpers";

test("invite, create a passkey, sign out, sign in again with it", async ({ browser }) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  const link = invite(`grace.admin.${Date.now()}@altivacloud.com`, "admin", "Grace Okafor");
  const authenticator = await acceptInvitation(page, link);
  await expect(page.getByText("Grace Okafor · Administrator")).toBeVisible();
  // The spent link is gone from the address bar.
  expect(new URL(page.url()).hash).toBe("");
  expect(await authenticator.credentials()).toHaveLength(1);

  await page.getByRole("button", { name: "Sign out", exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Sign in" })).toBeVisible();
  expect((await page.request.get("/admin/api/me")).status()).toBe(401);

  // A new page, as after closing the browser: it gets the passkey copied to its own authenticator.
  const later = await context.newPage();
  await copyCredentials(authenticator, later);
  await later.goto("/admin");
  await later.getByRole("button", { name: "Sign in with a passkey" }).click();
  await expect(later.getByRole("heading", { level: 1, name: "Inbox" })).toBeVisible();
  await expect(later.getByText("Grace Okafor · Administrator")).toBeVisible();
  await context.close();
});

test("a second browser context with no passkey cannot sign in", async ({ browser }) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  const empty = await virtualAuthenticator(page);
  expect(await empty.credentials()).toHaveLength(0);
  await page.goto("/admin");
  await page.getByRole("button", { name: "Sign in with a passkey" }).click();
  await expect(page.getByText(/No passkey was used|cannot sign in here/)).toBeVisible();
  await expect(page.getByRole("heading", { level: 1, name: "Sign in" })).toBeVisible();
  expect((await page.request.get("/admin/api/me")).status()).toBe(401);
  await context.close();
});

test("a used or an expired invitation link is refused", async ({ browser }) => {
  const first = await browser.newContext();
  const link = invite(`once.${Date.now()}@altivacloud.com`, "sales", "Tomas Lind");
  await acceptInvitation(await first.newPage(), link);
  await first.close();

  const second = await browser.newContext();
  const page = await second.newPage();
  const authenticator = await virtualAuthenticator(page);
  await page.goto(link);
  await page.getByRole("button", { name: "Create passkey" }).click();
  await expect(
    page.getByText("This invitation link has been used, cancelled or has expired.", { exact: false }),
  ).toBeVisible();
  expect(await authenticator.credentials()).toHaveLength(0);

  // A link whose 24 hours have passed (moved back in the database, as a day's wait would).
  const expired = invite(`late.${Date.now()}@altivacloud.com`, "hr", "Late Arrival");
  const db = database();
  db.prepare("update invitations set expires_at = ? where used_at is null and email like 'late.%'").run(
    new Date(Date.now() - 1000).toISOString(),
  );
  db.close();
  const other = await second.newPage();
  const otherAuthenticator = await virtualAuthenticator(other);
  await other.goto(expired);
  await other.getByRole("button", { name: "Create passkey" }).click();
  await expect(
    other.getByText("This invitation link has been used, cancelled or has expired.", { exact: false }),
  ).toBeVisible();
  expect(await otherAuthenticator.credentials()).toHaveLength(0);
  expect((await other.request.get("/admin/api/me")).status()).toBe(401);
  await second.close();
});
