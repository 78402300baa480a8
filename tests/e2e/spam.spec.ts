/**
 * The spam defence as visitors meet it, in Chromium against the real server: a person typing
 * with JavaScript is accepted and notified (the proof of work ran unseen in the page), a person
 * without JavaScript sees the success page and the submission is held for review, and a script
 * posting the spec's JSON is told the same success but quarantined. No request leaves for
 * another host while a form is filled and sent. Read back from the server's database.
 */
import path from "node:path";
import crypto from "node:crypto";
import Database from "better-sqlite3";
import type { Page } from "@playwright/test";
import { successMessages } from "../../contracts/index";
import { baseURL } from "../../playwright.config";
import { fillLikeAPerson, formPages, visitorFor, type FormName } from "../support/human-visitor";
import { expect, test } from "./fixtures";

const dataDir = path.resolve(process.env.E2E_DATA_DIR ?? `./data/e2e-${new URL(baseURL).port}`);

interface Stored {
  id: number;
  spam: number;
  spam_verdict: string | null;
  spam_reasons: string | null;
  messages: number;
}

function storedByLastName(lastName: string): Stored | undefined {
  const db = new Database(path.join(dataDir, "site.db"), { readonly: true, fileMustExist: true });
  try {
    return db
      .prepare(
        `select id, spam, spam_verdict, spam_reasons,
                (select count(*) from outbox where submission_id = submissions.id) as messages
         from submissions where last_name = ?`,
      )
      .get(lastName) as Stored | undefined;
  } finally {
    db.close();
  }
}

/** Every request the page makes; the test fails if one goes to another origin. */
function watchHosts(page: Page): string[] {
  const urls: string[] = [];
  page.on("request", (r) => urls.push(r.url()));
  return urls;
}

const success = (form: FormName) => new RegExp(successMessages[form].replace(/[.*+?^${}()|[\]\\]/g, "\\$&"));

test.describe("a person with JavaScript", () => {
  for (const form of ["contact", "feedback", "application"] as const) {
    test(`typing the ${form} form at a person's pace is accepted and notified, with no request to another host`, async ({
      page,
    }) => {
      test.setTimeout(60_000);
      await page.addInitScript(() => window.localStorage.setItem("cookiesDeclined", "true"));
      const urls = watchHosts(page);
      const v = visitorFor(form, 1, crypto.randomBytes(3).toString("hex"));
      await page.goto(formPages[form].path);
      const f = await fillLikeAPerson(page, form, v);
      await expect(f.getByRole("status").or(page.getByRole("status")).first()).toContainText(success(form));
      const row = storedByLastName(v.lastName);
      expect(row).toMatchObject({ spam: 0, spam_verdict: null, spam_reasons: null });
      // The company's notification and the visitor's confirmation wait in the outbox.
      expect(row!.messages).toBe(2);
      // The proof's challenge came from the site itself; nothing else was asked of anyone.
      expect(urls.some((u) => u.includes("/api/spam-proof/challenge"))).toBe(true);
      expect(urls.filter((u) => new URL(u).origin !== baseURL)).toEqual([]);
    });
  }
});

test("a person without JavaScript sees the success page; the enquiry is held for review, not lost", async ({
  browser,
}) => {
  test.setTimeout(60_000);
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  const urls = watchHosts(page);
  const v = visitorFor("contact", 2, crypto.randomBytes(3).toString("hex"));
  await page.goto("/contact");
  await fillLikeAPerson(page, "contact", v);
  await expect(page.getByRole("heading", { name: "Message sent" })).toBeVisible();
  await expect(page.getByRole("status")).toContainText(successMessages.contact);
  const row = storedByLastName(v.lastName)!;
  expect(row).toMatchObject({ spam: 1, spam_verdict: "review", messages: 0 });
  expect(JSON.parse(row.spam_reasons!)).toEqual([
    {
      signal: "noscript",
      text: "sent without JavaScript, so without a proof of work or a time check: held for review",
    },
  ]);
  expect(urls.filter((u) => new URL(u).origin !== baseURL)).toEqual([]);
  await context.close();
});

test("a script posting the spec's JSON gets the same success, and is quarantined with its reason", async ({
  request,
}) => {
  const lastName = `Script${crypto.randomBytes(3).toString("hex")}`;
  const res = await request.post("/api/contact-us/create", {
    headers: { "X-Requested-With": "XMLHttpRequest", Origin: baseURL },
    data: {
      firstName: "Jon",
      lastName,
      email: "jon@mail.altiva-visitors.net",
      phone: "4155550100",
      reason: "Partnership",
      message: "We can help your company grow.",
      agree: true,
    },
  });
  expect(res.status()).toBe(201);
  expect(await res.json()).toEqual({ status: true, message: successMessages.contact });
  const row = storedByLastName(lastName)!;
  expect(row).toMatchObject({ spam: 1, spam_verdict: "spam", messages: 0 });
  expect(JSON.parse(row.spam_reasons!)[0].signal).toBe("proof");
});
