import fs from "node:fs";
import { expect, test } from "@playwright/test";
import type { QuarantineAnswer } from "../../contracts/console-answers";
import { apply, origin, pdfBytes, signedIn } from "./helpers";

test("hr finds an application by its number, downloads the resume, shortlists it and adds a note; the audit log shows it all by name", async ({
  browser,
  request,
}) => {
  const email = `ines.carvalho.${Date.now()}@example.com`;
  const number = await apply(
    request,
    {
      firstName: "Ines",
      lastName: "<b>Carvalho</b>",
      email,
      message: "<script>document.title='owned'</script> Six years of payment APIs.",
    },
    pdfBytes("resume of Ines"),
  );
  // Markup in the text quarantines it: HR sees it only once an administrator has released it.
  const releaseContext = await browser.newContext();
  const keeper = await signedIn(releaseContext, "admin", "Release Keeper");
  const held = (await (await keeper.page.request.get("/admin/api/quarantine")).json()) as {
    data: QuarantineAnswer;
  };
  const heldId = held.data.find((q) => q.email === email)!.id;
  const released = await keeper.page.request.post(`/admin/api/quarantine/${heldId}/release`, {
    data: { confirm: true },
    headers: { Origin: origin },
  });
  expect(released.status()).toBe(200);
  await releaseContext.close();
  const context = await browser.newContext({ acceptDownloads: true });
  const { page } = await signedIn(context, "hr", "Priya Nair");

  await page.getByLabel("Search").fill(number);
  await page.getByRole("button", { name: "Apply filters" }).click();
  const row = page.getByRole("row").filter({ hasText: number });
  await expect(row).toHaveCount(1);
  await row.getByRole("link").click();
  await expect(page.getByRole("heading", { level: 1, name: `Application ${number}` })).toBeVisible();
  // Fields are shown as text, never as markup.
  await expect(page.getByText("Ines <b>Carvalho</b>")).toBeVisible();
  await expect(page.getByText("<script>document.title='owned'</script> Six years of payment APIs.")).toBeVisible();
  expect(await page.title()).not.toBe("owned");

  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("link", { name: "Download resume" }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(`${number}-resume.pdf`);
  expect(
    fs
      .readFileSync((await download.path())!)
      .subarray(0, 5)
      .toString(),
  ).toBe("%PDF-");
  // The answer itself: an attachment, its detected type, no sniffing.
  const id = new URL(page.url()).pathname.split("/").at(-1);
  const direct = await page.request.get(`/admin/api/submissions/${id}/resume`);
  expect(direct.headers()["content-disposition"]).toBe(`attachment; filename="${number}-resume.pdf"`);
  expect(direct.headers()["content-type"]).toBe("application/pdf");
  expect(direct.headers()["x-content-type-options"]).toBe("nosniff");

  await page.getByLabel("Status").selectOption("shortlisted");
  await page.getByRole("button", { name: "Save status" }).click();
  await expect(page.getByText("Status saved: shortlisted.")).toBeVisible();
  // A stage, not a decision: the application still goes 12 months after arrival (decision 033).
  await expect(page.getByText("Deletion date", { exact: true }).locator("..")).toContainText(
    "12 months after arrival on",
  );

  await page.getByLabel("Note").fill("Strong on payments; invite to a second interview.");
  await page.getByRole("button", { name: "Add note" }).click();
  const note = page.locator(".notes li").filter({ hasText: "Strong on payments" });
  await expect(note).toContainText("Priya Nair");

  // An administrator reads the audit log.
  const adminContext = await browser.newContext();
  const admin = await signedIn(adminContext, "admin", "Audit Reader");
  await admin.page.getByRole("link", { name: "Audit log" }).click();
  await expect(admin.page.getByRole("heading", { level: 1, name: "Audit log" })).toBeVisible();
  const entries = admin.page.getByRole("row").filter({ hasText: number }).filter({ hasText: "Priya Nair" });
  for (const action of ["view", "resume download", "status", "note"]) {
    await expect(
      entries.filter({ has: admin.page.getByRole("cell", { name: action, exact: true }) }).first(),
    ).toBeVisible();
  }
  await expect(entries.filter({ hasText: "shortlisted" })).toHaveCount(1);
  await context.close();
  await adminContext.close();
});
