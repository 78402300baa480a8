import { expect, test } from "@playwright/test";
import { apply, origin, signedIn } from "./helpers";

test("sales gets 403 from every application and resume URL, in the console and by direct request", async ({
  browser,
  request,
}) => {
  const number = await apply(request, {
    firstName: "Noor",
    lastName: "Haddad",
    email: `noor.${Date.now()}@example.com`,
  });
  const context = await browser.newContext();
  const admin = await signedIn(context, "admin", "Role Checker");
  const found = await admin.page.request.post("/admin/api/inbox", { data: { q: number }, headers: { Origin: origin } });
  const id = ((await found.json()) as { data: { rows: { id: number }[] } }).data.rows[0]!.id;
  await context.close();

  const salesContext = await browser.newContext();
  const { page } = await signedIn(salesContext, "sales", "Sol Vendas");
  // The console: no application in the inbox, and the application's page says no, in the words an
  // erased or never-existing submission gets too.
  await expect(page.getByLabel("Kind")).not.toContainText("Application");
  await page.goto(`/admin/submissions/${id}`);
  await expect(page.getByRole("alert")).toHaveText(
    "This submission cannot be shown: it may have been erased, or it is not in your inbox.",
  );
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Submission not available");
  await page.getByRole("link", { name: "Back to the inbox" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Inbox");
  // Direct requests, with the session cookie.
  const headers = { Origin: origin };
  const answers = [
    await page.request.get(`/admin/api/submissions/${id}`),
    await page.request.get(`/admin/api/submissions/${id}/resume`),
    await page.request.post(`/admin/api/submissions/${id}/status`, { data: { status: "hired" }, headers }),
    await page.request.post(`/admin/api/submissions/${id}/notes`, { data: { body: "x" }, headers }),
    await page.request.post(`/admin/api/submissions/${id}/erase`, { data: { confirm: true }, headers }),
    await page.request.post("/admin/api/inbox", { data: { kind: "application" }, headers }),
    await page.request.post("/admin/api/export", { data: { kind: "application", format: "csv" }, headers }),
  ];
  expect(answers.map((a) => a.status())).toEqual([403, 403, 403, 403, 403, 403, 403]);
  await salesContext.close();
});

test("an unauthenticated request to any /admin/api/ URL gets 401", async ({ request }) => {
  const headers = { Origin: origin };
  const answers = [
    await request.get("/admin/api/me"),
    await request.get("/admin/api/submissions/1"),
    await request.get("/admin/api/submissions/1/resume"),
    await request.get("/admin/api/audit"),
    await request.get("/admin/api/people"),
    await request.get("/admin/api/outbox"),
    await request.get("/admin/api/anything/else"),
    await request.post("/admin/api/inbox", { data: {}, headers }),
    await request.post("/admin/api/export", { data: { format: "csv" }, headers }),
    await request.post("/admin/api/submissions/1/status", { data: { status: "new" }, headers }),
    await request.post("/admin/api/sign-out-everywhere", { data: {}, headers }),
  ];
  expect(answers.map((a) => a.status())).toEqual(answers.map(() => 401));
});

test("a cross-origin POST carrying a valid session cookie is refused", async ({ browser }) => {
  const context = await browser.newContext();
  const { page } = await signedIn(context, "admin", "Origin Checker");
  // The browser's own request from the console works...
  expect((await page.request.post("/admin/api/inbox", { data: {}, headers: { Origin: origin } })).status()).toBe(200);
  // ...the same cookie from another origin, or with no Origin at all, does not.
  for (const from of ["https://attacker.example", "http://127.0.0.1:1", "null"]) {
    const res = await page.request.post("/admin/api/sign-out-everywhere", { data: {}, headers: { Origin: from } });
    expect(res.status(), from).toBe(403);
  }
  // Still signed in: the refused requests changed nothing.
  expect((await page.request.get("/admin/api/me")).status()).toBe(200);
  await context.close();
});
