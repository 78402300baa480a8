import { expect, test } from "@playwright/test";
import { strFromU8, unzipSync } from "fflate";
import fs from "node:fs";
import { apply, check, enquire, origin, pdfBytes, signedIn } from "./helpers";

test("an admin downloads a person's copy from its page; hr and sales get 403 and no menu entry", async ({
  browser,
  request,
}) => {
  const stamp = Date.now();
  const email = `philippa.copeland.${stamp}@example.com`;
  const person = { firstName: "Philippa", lastName: "Copeland", email };
  const resume = pdfBytes(`marker-resume-${stamp}`);
  const number = await apply(request, person, resume);
  await enquire(request, person);

  const context = await browser.newContext({ acceptDownloads: true });
  const { page } = await signedIn(context, "admin", "Ada Archivist");
  await page.getByRole("link", { name: "Copy of data" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Copy of a person’s data" })).toBeVisible();
  for (const width of [1280, 375]) await check(page, "peoples-copy", width);
  await page.getByLabel("Their e-mail address").fill(email);
  const downloading = page.waitForEvent("download");
  await page.getByRole("button", { name: "Download copy" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^peoples-copy-\d{4}-\d{2}-\d{2}\.zip$/);
  await expect(
    page.getByText(
      `Saved as ${download.suggestedFilename()}: 2 submission(s), 1 resume(s), 0 note(s), 0 consent record(s).`,
    ),
  ).toBeVisible();
  // A mistyped address is said to hold nothing, rather than passing as an empty copy.
  await page.getByLabel("Their e-mail address").fill(`philipa.copeland.${stamp}@example.com`);
  const empty = page.waitForEvent("download");
  await page.getByRole("button", { name: "Download copy" }).click();
  await empty;
  await expect(page.getByText("nothing is held under this address")).toBeVisible();
  // Nothing of the person in the address bar.
  expect(page.url()).toBe(`${origin}/admin/copy`);

  const files = unzipSync(new Uint8Array(fs.readFileSync((await download.path())!)));
  const submissions = Object.entries(files)
    .filter(([name]) => name.startsWith("submissions/"))
    .map(([, data]) => JSON.parse(strFromU8(data)) as { submission: { kind: string; reference: string | null } });
  expect(submissions.map((s) => s.submission.kind).sort()).toEqual(["application", "contact"]);
  const resumeFile = Object.keys(files).find((name) => name.startsWith(`resumes/${number}`))!;
  expect(Buffer.from(files[resumeFile]!).equals(resume)).toBe(true);

  // The copy is in the audit log, by application number.
  await page.getByRole("link", { name: "Audit log" }).click();
  await expect(page.getByRole("row").filter({ hasText: "copy" }).filter({ hasText: number })).toContainText(
    "Ada Archivist",
  );
  await context.close();

  for (const role of ["hr", "sales"] as const) {
    const other = await browser.newContext();
    const { page: theirs } = await signedIn(other, role, `Olly ${role}`);
    await expect(theirs.getByRole("link", { name: "Copy of data" })).toHaveCount(0);
    // Their own session and the console's Origin: refused for the role, not for the request.
    const res = await theirs.request.post("/admin/api/peoples-copy", {
      data: { email },
      headers: { Origin: origin },
    });
    expect(res.status(), role).toBe(403);
    await theirs.goto("/admin/copy");
    await expect(theirs.getByRole("heading", { level: 1, name: "Page not found" })).toBeVisible();
    await other.close();
  }
});
