/**
 * Export from the inbox page in Chromium, for every role: clicking CSV and JSON downloads a file
 * holding the role's submissions with their status and notes, never another role's kinds and
 * never a quarantined submission. A form posted to the console from another site is refused.
 */
import fs from "node:fs";
import { expect, test, type Page } from "@playwright/test";
import { roleSees as maySee, readingRoleList as roles } from "../../server/console/staff-roles";
import { apply, check, enquire, origin, signedIn } from "./helpers";

type Exported = { email: string; kind: string; status: string; notes: { staff_name: string; body: string }[] };

async function download(page: Page, format: "CSV" | "JSON") {
  const [file] = await Promise.all([
    page.waitForEvent("download", { timeout: 15_000 }),
    page.getByRole("button", { name: `Export ${format}`, exact: true }).click(),
  ]);
  expect(file.suggestedFilename()).toMatch(new RegExp(`^submissions-\\d{4}-\\d{2}-\\d{2}\\.${format.toLowerCase()}$`));
  return fs.readFileSync((await file.path())!, "utf8");
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

test("each role exports its own submissions from the page, with status and notes, and no quarantined one", async ({
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const stamp = Date.now();
  const person = (first: string) => ({
    firstName: first,
    lastName: `Exporter ${stamp}`,
    email: `${first.toLowerCase()}.${stamp}@example.com`,
  });
  const applicant = person("Ottilie");
  const enquirer = person("Benedikt");
  await apply(request, applicant);
  await enquire(request, enquirer);
  // Scripts without the proof of work: quarantined, for admins' Quarantine pages only.
  const heldApplicant = person("Heldapplicant");
  const heldEnquirer = person("Heldenquirer");
  await apply(request, heldApplicant, undefined, { asScript: true });
  await enquire(request, heldEnquirer, { asScript: true });

  // An administrator handles both ordinary ones: a status and a note on each.
  const adminContext = await browser.newContext();
  const admin = await signedIn(adminContext, "admin", "Export Handler");
  const handled = [
    { who: applicant, kind: "application", status: "reviewing", note: `Portfolio checked ${stamp}` },
    { who: enquirer, kind: "contact", status: "answered", note: `Quote sent ${stamp}` },
  ];
  const headers = { Origin: origin };
  for (const h of handled) {
    const found = await admin.page.request.post("/admin/api/inbox", { data: { q: h.who.email }, headers });
    const [row] = ((await found.json()) as { data: { rows: { id: number }[] } }).data.rows;
    expect(row, h.who.email).toBeDefined();
    const id = row!.id;
    expect((await admin.page.request.post(`/admin/api/submissions/${id}/status`, { data: h, headers })).status()).toBe(
      200,
    );
    const note = await admin.page.request.post(`/admin/api/submissions/${id}/notes`, {
      data: { body: h.note },
      headers,
    });
    expect(note.status()).toBe(201);
  }
  await adminContext.close();

  for (const role of roles) {
    const context = await browser.newContext({ acceptDownloads: true });
    const { page } = await signedIn(context, role, `Export ${role}`);
    await expect(page.getByRole("button", { name: "Export CSV", exact: true })).toBeVisible();
    await check(page, `inbox-export-${role}`, 375);
    await page.setViewportSize({ width: 1280, height: 900 });

    const csv = await download(page, "CSV");
    const json = JSON.parse(await download(page, "JSON")) as Exported[];
    for (const h of handled) {
      const mine = json.filter((r) => r.email === h.who.email);
      if (maySee(role, h.kind as "application" | "contact")) {
        expect(mine, `${role}: ${h.kind}`).toHaveLength(1);
        expect(mine[0]).toMatchObject({ status: h.status, notes: [{ staff_name: "Export Handler", body: h.note }] });
        expect(csv, `${role}: ${h.kind} in CSV`).toMatch(
          // Status, notes, then the conversation (empty here: no reply was sent).
          new RegExp(
            `"${escape(h.who.email)}".*,"${h.status}","[^"]* Export Handler: ${escape(h.note)}",("[^"]*")?\\r\\n`,
          ),
        );
      } else {
        expect(mine, `${role}: ${h.kind}`).toEqual([]);
        expect(csv).not.toContain(h.who.email);
      }
    }
    for (const held of [heldApplicant, heldEnquirer]) {
      expect(csv, `${role}: quarantined`).not.toContain(held.email);
      expect(json.map((r) => r.email)).not.toContain(held.email);
    }
    await context.close();
  }
});

test("a form posted to the console's export from another site is refused, even in a signed-in browser", async ({
  browser,
}) => {
  const context = await browser.newContext({ acceptDownloads: true });
  const { page } = await signedIn(context, "admin", "Cross Site Target");
  const other = await context.newPage();
  // A page that is not the console (about:blank, as an attacker's page would be) posts the same form.
  await other.setContent(
    `<form method="post" action="${origin}/admin/api/export"><input name="format" value="csv"><button>Go</button></form>`,
  );
  const [answer] = await Promise.all([
    other.waitForResponse((r) => r.url() === `${origin}/admin/api/export`),
    other.getByRole("button", { name: "Go" }).click(),
  ]);
  expect(answer.status()).toBeGreaterThanOrEqual(400);
  expect(answer.headers()["content-disposition"]).toBeUndefined();
  // The console's own page still exports.
  await expect(download(page, "CSV")).resolves.toContain('"id","kind"');
  await context.close();
});
