import { expect, test } from "@playwright/test";
import { sourceFields } from "../../contracts/lead-source";
import { check, proofOfWork, signedIn } from "./helpers";

test("the submission page says where an enquiry was sent from and how the visit came", async ({ browser, request }) => {
  const stamp = Date.now();
  const altcha = await proofOfWork(request);
  const res = await request.post("/api/contact-us/create", {
    headers: { "X-Requested-With": "XMLHttpRequest" },
    data: {
      firstName: "Sorin",
      lastName: "Leadsource",
      email: `sorin.leadsource.${stamp}@example.com`,
      phone: "4155550142",
      reason: "Cloud migration",
      message: "We want to move our billing platform to AWS this quarter.",
      agree: true,
      altcha,
      [sourceFields.path]: "/services/cloudservice",
      [sourceFields.referrer]: "www.google.com",
      [sourceFields.campaign]: "spring",
    },
  });
  expect(res.status()).toBe(201);
  const context = await browser.newContext();
  const { page } = await signedIn(context, "sales", "Sela Sourcewatch");
  await page.getByRole("link", { name: "Sorin Leadsource" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Enquiry from Sorin Leadsource" })).toBeVisible();
  await expect(page.locator(".lead-source")).toHaveText(
    "Sent from /services/cloudservice · arrived from www.google.com · campaign spring",
  );
  for (const width of [375, 1280]) await check(page, "lead-source", width);
  await context.close();
});
