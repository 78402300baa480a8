import { expect, test, type Page } from "@playwright/test";
import { acceptInvitation, copyCredentials, invite, signedIn, virtualAuthenticator } from "./helpers";

/** Signs in on a fresh page that holds these passkeys; true when the inbox opens. */
async function signInWith(page: Page, from: Awaited<ReturnType<typeof virtualAuthenticator>>) {
  await copyCredentials(from, page);
  await page.goto("/admin");
  await page.getByRole("button", { name: "Sign in with a passkey" }).click();
  const inbox = page.getByRole("heading", { level: 1, name: "Inbox" });
  const refused = page.getByText("That passkey cannot sign in here.", { exact: false });
  await expect(inbox.or(refused)).toBeVisible();
  return inbox.isVisible();
}

test("a revoked person's passkeys, sessions and older invitation links stop working, and a new invitation does not revive them", async ({
  browser,
}) => {
  const adminContext = await browser.newContext();
  const { page: admin } = await signedIn(adminContext, "admin", "Grace Okafor");

  // Hana works in HR. Her laptop holds her passkey; a second link made before she joined, never
  // used, would make her an admin (none can be made once she has access).
  const hanaEmail = `hana.ruiz.${Date.now()}@altivacloud.com`;
  const hanaContext = await browser.newContext();
  const hana = await hanaContext.newPage();
  const hrLink = invite(hanaEmail, "hr", "Hana Ruiz");
  const olderLink = invite(hanaEmail, "admin", "Hana Ruiz");
  const laptop = await acceptInvitation(hana, hrLink);

  await admin.getByRole("link", { name: "People" }).click();
  await expect(admin.getByRole("heading", { level: 1, name: "People" })).toBeVisible();
  await expect(admin.getByText(`Hana Ruiz <${hanaEmail}> · Administrator`)).toBeVisible();
  await admin.getByRole("button", { name: "Revoke Hana Ruiz" }).click();
  // Asked first; the confirmation's Cancel takes the focus, so a second Enter revokes nobody.
  await expect(admin.getByRole("button", { name: "Cancel", exact: true })).toBeFocused();
  await admin.getByRole("button", { name: "Yes, revoke Hana Ruiz" }).click();
  await expect(admin.getByText("Hana Ruiz revoked.")).toBeVisible();
  await expect(admin.getByText(`Hana Ruiz <${hanaEmail}>`)).toHaveCount(0);

  // Her open session ends at its next request; her laptop's passkey no longer signs in.
  expect((await hana.request.get("/admin/api/me")).status()).toBe(401);
  const stolen = await hanaContext.newPage();
  expect(await signInWith(stolen, laptop)).toBe(false);

  // The older link was cancelled with her.
  const linkPage = await (await browser.newContext()).newPage();
  const linkAuthenticator = await virtualAuthenticator(linkPage);
  await linkPage.goto(olderLink);
  await linkPage.getByRole("button", { name: "Create passkey" }).click();
  await expect(linkPage.getByText("This invitation link has been used, cancelled or has expired.")).toBeVisible();
  expect(await linkAuthenticator.credentials()).toHaveLength(0);

  // She comes back through a new invitation made on the People page: a new passkey works, the old one still not.
  await admin.getByLabel("Name").fill("Hana Ruiz");
  await admin.getByLabel("Work e-mail").fill(hanaEmail);
  await admin.getByLabel("Role", { exact: true }).selectOption("hr");
  await admin.getByRole("button", { name: "Create invitation link" }).click();
  const link = await admin.getByLabel(/Invitation link for Hana Ruiz \(HR\)/).inputValue();
  expect(link).toMatch(/\/admin\/invitation#[\w-]{43}$/);
  await expect(admin.getByText(`Hana Ruiz <${hanaEmail}> · HR`)).toBeVisible();

  const back = await (await browser.newContext()).newPage();
  const newDevice = await acceptInvitation(back, link);
  await expect(back.getByText("Hana Ruiz · HR")).toBeVisible();
  expect(await signInWith(await hanaContext.newPage(), laptop)).toBe(false);
  expect(await signInWith(await (await browser.newContext()).newPage(), newDevice)).toBe(true);

  // The refused attempts are in the audit log.
  await admin.getByRole("link", { name: "Audit log" }).click();
  await expect(admin.getByRole("cell", { name: "sign-in refused" }).first()).toBeVisible();
  await adminContext.close();
});

test("revoking one passkey ends the session it opened; an admin cannot revoke their own last passkey", async ({
  browser,
}) => {
  const adminContext = await browser.newContext();
  const { page: admin, email: adminEmail } = await signedIn(adminContext, "admin", "Ines Duarte");
  const salesContext = await browser.newContext();
  const { page: sales } = await signedIn(salesContext, "sales", "Tomás Ferreira");

  await admin.getByRole("link", { name: "People" }).click();
  const own = admin.getByRole("region", { name: "Ines Duarte" });
  await expect(own.getByText(adminEmail)).toBeVisible();
  await expect(own.getByRole("button", { name: /Revoke passkey/ })).toHaveCount(0);

  const his = admin.getByRole("region", { name: "Tomás Ferreira" });
  await his.getByRole("button", { name: "Revoke passkey 1 of Tomás Ferreira" }).click();
  await his.getByRole("button", { name: "Cancel" }).click();
  await expect(his.getByRole("button", { name: "Revoke passkey 1 of Tomás Ferreira" })).toBeFocused();
  expect((await sales.request.get("/admin/api/me")).status()).toBe(200);

  await his.getByRole("button", { name: "Revoke passkey 1 of Tomás Ferreira" }).click();
  await his.getByRole("button", { name: "Yes, revoke passkey 1" }).click();
  await expect(admin.getByText("Passkey 1 of Tomás Ferreira revoked.")).toBeVisible();
  expect((await sales.request.get("/admin/api/me")).status()).toBe(401);
  await sales.reload();
  await expect(sales.getByRole("heading", { level: 1, name: "Sign in" })).toBeVisible();
  await adminContext.close();
  await salesContext.close();
});
