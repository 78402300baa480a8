/**
 * Consent that governs something real: nothing measured without it, everything the report needs
 * with it, a server-side record of each choice, and the browser's own refusal honoured. Against
 * the real server; what arrives is read from its database and its operator CLI.
 */
import { PassThrough } from "node:stream";
import path from "node:path";
import Database from "better-sqlite3";
import type { BrowserContext, BrowserContextOptions, Page, Request } from "@playwright/test";
import { analyticsPath, consentPath, cookiePolicyVersion } from "../../contracts/index";
import { spamChallengePath } from "../../contracts/spam-proof";
import { prerenderPaths } from "../../app/site/prerender";
import { runCli } from "../../server/cli/index";
import { baseURL } from "../../playwright.config";
import { expect, test } from "./fixtures";

const dataDir = path.resolve(process.env.E2E_DATA_DIR ?? `./data/e2e-${new URL(baseURL).port}`);
const db = () => new Database(path.join(dataDir, "site.db"), { readonly: true, fileMustExist: true });

interface EventRow {
  type: string;
  path: string;
  created_at: string;
  metric: string | null;
  form: string | null;
  step: string | null;
  utm_campaign: string | null;
  [column: string]: unknown;
}

function eventsSince(since: string): EventRow[] {
  const conn = db();
  try {
    return conn.prepare("select * from analytics_events where created_at >= ? order by id").all(since) as EventRow[];
  } finally {
    conn.close();
  }
}

function consentRecords(consentId: string) {
  const conn = db();
  try {
    return conn.prepare("select * from consent_records where consent_id = ? order by id").all(consentId) as {
      action: string;
      performance: number;
      marketing: number;
      policy_version: string;
    }[];
  } finally {
    conn.close();
  }
}

async function stats(): Promise<{
  pageViews: { path: string; views: number }[];
  campaigns: { campaign: string; views: number }[];
  forms: { form: string; shown: number; started: number; sent: number }[];
  vitals: { path: string; metric: string; samples: number }[];
}> {
  const out = new PassThrough();
  let json = "";
  out.on("data", (c) => (json += c));
  const code = await runCli(
    ["stats", "--days", "1", "--json", "-"],
    { DATA_DIR: dataDir, LOG_LEVEL: "silent" },
    {
      out,
      err: new PassThrough(),
      now: () => new Date(),
    },
  );
  expect(code).toBe(0);
  return JSON.parse(json);
}

/**
 * Waits until the page's first Web Vitals are in the collector's queue (it marks <html
 * data-measured> with the metrics reported so far): a visitor who leaves sooner is not measured.
 */
async function measuring(page: Page) {
  await page.locator('html[data-measured~="FCP"][data-measured~="TTFB"]').waitFor({ state: "attached" });
}

/** As the fixture's page.goto (pages of contexts made here lack it): returns once React has hydrated. */
async function open(page: Page, url: string) {
  await page.goto(url);
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
}

/** Every request a page makes, for the tests that must see none but the page's own files. */
function recordRequests(context: BrowserContext) {
  const requests: { url: URL; method: string; at: number }[] = [];
  context.on("request", (r: Request) => requests.push({ url: new URL(r.url()), method: r.method(), at: Date.now() }));
  return requests;
}

const notice = (page: Page) => page.getByRole("region", { name: "Cookie notice" });
const consentIdOf = (page: Page) =>
  page.evaluate(() => (JSON.parse(localStorage.getItem("cookieConsent") ?? "{}") as { consentId?: string }).consentId);

/** Unique values typed into the contact form: none of them may ever be stored as a measurement. */
const typed = {
  "First name": "Quillon",
  "Last name": "Vantrosky",
  Email: "quillon.vantrosky@altiva-e2e.test",
  Phone: "4155550177",
  "Reason for inquiry": "Zephyrine replatforming",
  Message: "Marigold-tapestry ledger migration for our warehouse systems.",
};

async function fillContact(page: Page) {
  const form = page.getByRole("form", { name: "Contact form" });
  for (const [label, value] of Object.entries(typed)) await form.getByLabel(label, { exact: true }).fill(value);
  await form.getByRole("checkbox").check();
  return form;
}

/** Three page views and a form interaction, each page loaded in full, then the last page left. */
async function browse(page: Page) {
  await page.goto("/");
  await page.goto("/services/ai");
  await page.goto("/contact");
  const form = page.getByRole("form", { name: "Contact form" });
  await form.getByLabel("First name", { exact: true }).fill("Quillon");
  await form.getByLabel("Email", { exact: true }).fill("quillon@altiva-e2e.test");
  await page.goto("about:blank");
}

const asset =
  /^\/(assets\/[\w.-]+\.(js|css|svg|png|webp|avif|jpg|woff2)|icons\/[\w.-]+\.svg|favicon\.svg|images\/[\w./-]+)$/;

test.describe("without consent nothing is measured", () => {
  const cases: { name: string; options: BrowserContextOptions; setup?: (context: BrowserContext) => Promise<void> }[] =
    [
      { name: "a visitor who has not chosen", options: {} },
      {
        name: "a visitor who rejected",
        options: {},
        setup: async (context) => {
          await context.addInitScript((version) => {
            localStorage.setItem("cookiesDeclined", "true");
            localStorage.setItem(
              "cookieConsent",
              JSON.stringify({
                consentId: "c0ffee00c0ffee00c0ffee00c0ffee00",
                action: "reject",
                performance: false,
                functional: false,
                marketing: false,
                policyVersion: version,
                browserRefusal: false,
                at: "2026-11-23T09:00:00.000Z",
              }),
            );
          }, cookiePolicyVersion);
        },
      },
      {
        // Chromium sends neither itself; a browser that does (Firefox, Brave) is played here.
        name: "a visitor whose browser sends Global Privacy Control, after clicking Accept",
        options: { extraHTTPHeaders: { "Sec-GPC": "1" } },
        setup: async (context) => {
          await context.addInitScript(() =>
            Object.defineProperty(Navigator.prototype, "globalPrivacyControl", { get: () => true }),
          );
        },
      },
    ];
  for (const c of cases) {
    test(`${c.name}: three page views and a form interaction request only page files`, async ({ browser }) => {
      const context = await browser.newContext(c.options);
      await c.setup?.(context);
      const requests = recordRequests(context);
      const page = await context.newPage();
      if (c.name.includes("Global Privacy Control")) {
        await open(page, "/");
        await notice(page).getByRole("button", { name: "Accept" }).click();
        await expect(notice(page)).toBeHidden();
      }
      await browse(page);
      const offPage = requests.filter(
        (r) =>
          r.url.protocol !== "about:" &&
          !(
            r.method === "GET" &&
            (r.url.pathname === "/" ||
              r.url.pathname === "/services/ai" ||
              r.url.pathname === "/contact" ||
              // The form's proof-of-work challenge, fetched when the form is touched: part of
              // sending it, carrying nothing about the visitor (docs/decisions/018-spam-defence.md).
              r.url.pathname === spamChallengePath ||
              asset.test(r.url.pathname))
          ),
      );
      if (c.name.includes("Global Privacy Control")) {
        // The click is a choice, so it is recorded; with measurement and marketing refused.
        expect(offPage.map((r) => `${r.method} ${r.url.pathname}`)).toEqual([`POST ${consentPath}`]);
      } else {
        expect(offPage.map((r) => `${r.method} ${r.url.pathname}`)).toEqual([]);
      }
      expect(requests.filter((r) => /collector|web-vitals/.test(r.url.pathname))).toEqual([]);
      expect(requests.filter((r) => r.url.pathname === analyticsPath)).toEqual([]);
      await context.close();
    });
  }

  test("a browser's refusal is shown on Cookie Settings, its switches stay off, and Accept records it", async ({
    browser,
  }) => {
    const context = await browser.newContext({ extraHTTPHeaders: { "Sec-GPC": "1" } });
    await context.addInitScript(() =>
      Object.defineProperty(Navigator.prototype, "globalPrivacyControl", { get: () => true }),
    );
    const page = await context.newPage();
    await open(page, "/cookies-settings");
    await expect(page.locator("#cookie-browser-refuses")).toContainText(
      "Your browser asked us not to track you (Global Privacy Control or Do Not Track)",
    );
    await expect(page.getByRole("switch", { name: "Performance" })).toBeDisabled();
    await expect(page.getByRole("switch", { name: "Marketing" })).toBeDisabled();
    await expect(page.getByRole("switch", { name: "Functional" })).toBeEnabled();
    await notice(page).getByRole("button", { name: "Accept" }).click();
    await expect(page.getByRole("switch", { name: "Performance" })).not.toBeChecked();
    await expect(page.getByRole("switch", { name: "Functional" })).toBeChecked();
    const id = (await consentIdOf(page))!;
    await expect.poll(() => consentRecords(id).length).toBe(1);
    expect(consentRecords(id)[0]).toMatchObject({ action: "accept", performance: 0, marketing: 0, browser_refusal: 1 });
    await context.close();
  });
});

test("a visitor who accepted: page views, the contact funnel and Web Vitals arrive, without a field value or a cookie", async ({
  browser,
}) => {
  const since = new Date(Date.now() - 1000).toISOString();
  const campaign = `e2e-${Date.now().toString(36)}`;
  const context = await browser.newContext();
  const page = await context.newPage();
  await open(page, `/?utm_source=e2e&utm_medium=test&utm_campaign=${campaign}`);
  const collector = page.waitForRequest((r) => /\/assets\/collector-[\w-]+\.js$/.test(r.url()));
  await notice(page).getByRole("button", { name: "Accept" }).click();
  await expect(notice(page)).toBeHidden();
  await collector;
  await measuring(page);
  await open(page, "/services/ai");
  await measuring(page);
  await open(page, "/contact");
  await measuring(page);
  const form = await fillContact(page);
  await form.getByRole("button", { name: "Book A Consultation" }).click();
  await expect(form.getByRole("status")).toContainText("Thank you for contacting us!");
  expect(await page.evaluate(() => document.cookie)).toBe("");
  expect(await context.cookies()).toEqual([]);
  // Leaving the page sends what it still holds: LCP, CLS and INP are final only then.
  await page.goto("about:blank");

  await expect
    .poll(
      () => {
        const rows = eventsSince(since);
        const vitals = new Set(rows.filter((r) => r.type === "vital").map((r) => `${r.path} ${r.metric}`));
        return ["/", "/services/ai", "/contact"]
          .flatMap((p) => ["LCP", "CLS", "FCP", "TTFB"].filter((m) => !vitals.has(`${p} ${m}`)).map((m) => `${p} ${m}`))
          .concat(vitals.has("/contact INP") ? [] : ["/contact INP"]);
      },
      { timeout: 15_000, message: "Web Vitals still missing" },
    )
    .toEqual([]);
  await expect
    .poll(
      () => eventsSince(since).filter((r) => r.type === "form" && r.form === "contact" && r.step === "success").length,
    )
    .toBeGreaterThanOrEqual(1);

  const rows = eventsSince(since);
  const views = rows.filter((r) => r.type === "pageview").map((r) => r.path);
  expect(views).toEqual(expect.arrayContaining(["/", "/services/ai", "/contact"]));
  expect(rows.find((r) => r.utm_campaign === campaign)).toMatchObject({
    path: "/",
    utm_source: "e2e",
    utm_medium: "test",
  });
  const steps = rows
    .filter((r) => r.type === "form" && r.form === "contact" && r.path === "/contact")
    .map((r) => r.step);
  expect(steps).toEqual(expect.arrayContaining(["shown", "started", "submit", "success"]));

  // Nothing typed is stored anywhere in the measurements, not even in part.
  const conn = db();
  const everything = JSON.stringify(conn.prepare("select * from analytics_events").all());
  conn.close();
  for (const value of Object.values(typed)) expect(everything).not.toContain(value);
  for (const fragment of ["Quillon", "Vantrosky", "altiva-e2e", "4155550177", "Zephyrine", "Marigold"])
    expect(everything).not.toContain(fragment);

  const report = await stats();
  expect(report.campaigns.find((c) => c.campaign === campaign)?.views).toBe(1);
  for (const p of ["/", "/services/ai", "/contact"]) {
    expect(report.pageViews.find((v) => v.path === p)?.views).toBeGreaterThanOrEqual(1);
    for (const m of ["LCP", "CLS", "FCP", "TTFB"])
      expect(report.vitals.find((v) => v.path === p && v.metric === m)?.samples).toBeGreaterThanOrEqual(1);
  }
  expect(report.vitals.find((v) => v.path === "/contact" && v.metric === "INP")?.samples).toBeGreaterThanOrEqual(1);
  const funnel = report.forms.find((f) => f.form === "contact")!;
  expect(funnel.sent).toBeGreaterThanOrEqual(1);
  expect(funnel.shown).toBeGreaterThanOrEqual(1);
  await context.close();
});

test("no Set-Cookie on any public page or on the measurement endpoints", async ({ request }) => {
  for (const route of await prerenderPaths()) {
    const res = await request.get(route);
    expect(res.headers()["set-cookie"], route).toBeUndefined();
  }
  const beacon = { headers: { "content-type": "text/plain;charset=UTF-8" } };
  const measured = await request.post(analyticsPath, {
    ...beacon,
    data: JSON.stringify({ events: [{ type: "pageview", path: "/", viewport: "xl", browser: "chrome" }] }),
  });
  expect(measured.status()).toBe(204);
  expect(measured.headers()["set-cookie"]).toBeUndefined();
  const refused = await request.post(analyticsPath, { ...beacon, data: "{}" });
  expect(refused.status()).toBe(400);
  expect(refused.headers()["set-cookie"]).toBeUndefined();
  const recorded = await request.post(consentPath, {
    ...beacon,
    data: JSON.stringify({
      consentId: "5eed5eed5eed5eed5eed5eed5eed5eed",
      action: "reject",
      performance: false,
      functional: false,
      marketing: false,
      policyVersion: cookiePolicyVersion,
      browserRefusal: false,
    }),
  });
  expect(recorded.status()).toBe(204);
  expect(recorded.headers()["set-cookie"]).toBeUndefined();
});

test.describe("the consent record", () => {
  test("Accept, Cancel, Save and Withdraw each make one record with the policy version", async ({ page }) => {
    await page.goto("/");
    await notice(page).getByRole("button", { name: "Cancel" }).click();
    const id = (await consentIdOf(page))!;
    expect(id).toMatch(/^[0-9a-f]{32}$/);
    await expect.poll(() => consentRecords(id).map((r) => r.action)).toEqual(["reject"]);

    await page.goto("/cookies-settings");
    await expect(page.getByTestId("consent-id")).toHaveText(id);
    await page.getByRole("switch", { name: "Performance" }).check();
    await page.getByRole("button", { name: "Save Preferences" }).click();
    await expect.poll(() => consentRecords(id).map((r) => r.action)).toEqual(["reject", "save"]);
    await page.getByRole("button", { name: "Withdraw consent" }).click();
    await expect(page.getByRole("status")).toHaveText(
      "Your consent has been withdrawn. Nothing is measured from now on.",
    );
    await expect.poll(() => consentRecords(id).map((r) => r.action)).toEqual(["reject", "save", "withdraw"]);

    await page.evaluate(() => localStorage.clear());
    await page.goto("/");
    await notice(page).getByRole("button", { name: "Accept" }).click();
    const second = (await consentIdOf(page))!;
    await expect.poll(() => consentRecords(second).map((r) => r.action)).toEqual(["accept"]);
    for (const r of [...consentRecords(id), ...consentRecords(second)])
      expect(r.policy_version).toBe(cookiePolicyVersion);
  });

  test("Cookie Settings shows the consent id and the date of the choice", async ({ page }) => {
    await page.goto("/cookies-settings");
    await expect(page.getByText("You have not made a choice on this device yet.")).toBeVisible();
    await notice(page).getByRole("button", { name: "Accept" }).click();
    const id = (await consentIdOf(page))!;
    await expect(page.getByTestId("consent-id")).toHaveText(id);
    const today = new Date().toLocaleDateString("en-GB", {
      day: "numeric",
      month: "long",
      year: "numeric",
      timeZone: "UTC",
    });
    await expect(page.getByText(`Chosen on ${today}`)).toBeVisible();
  });

  test("withdrawing on Cookie Settings stops measurement at once", async ({ browser }) => {
    const context = await browser.newContext();
    const requests = recordRequests(context);
    const page = await context.newPage();
    await open(page, "/cookies-settings");
    const collector = page.waitForRequest((r) => /\/assets\/collector-[\w-]+\.js$/.test(r.url()));
    await notice(page).getByRole("button", { name: "Accept" }).click();
    await expect(page.getByTestId("consent-id")).toBeVisible();
    await collector;
    await expect(page.getByRole("switch", { name: "Performance" })).toBeChecked();
    // Measurements are queued now (the page view, FCP, TTFB); withdrawing must drop them unsent.
    const withdrawnAt = Date.now();
    await page.getByRole("button", { name: "Withdraw consent" }).click();
    await expect(page.getByRole("switch", { name: "Performance" })).not.toBeChecked();
    await page.goto("/cookies");
    await page.goto("/contact");
    await page.getByRole("form", { name: "Contact form" }).getByLabel("First name", { exact: true }).fill("Quillon");
    await page.goto("about:blank");
    const sent = requests.filter((r) => r.url.pathname === analyticsPath);
    expect(sent.filter((r) => r.at >= withdrawnAt)).toEqual([]);
    await context.close();
  });

  test("a choice made under an older Cookie Policy brings the notice back, and measures nothing", async ({
    browser,
  }) => {
    const context = await browser.newContext();
    await context.addInitScript(() => {
      if (sessionStorage.getItem("seeded")) return;
      sessionStorage.setItem("seeded", "1");
      localStorage.setItem("cookiesAccepted", "true");
      localStorage.setItem(
        "cookieConsent",
        JSON.stringify({
          consentId: "0123456789abcdef0123456789abcdef",
          action: "accept",
          performance: true,
          functional: true,
          marketing: true,
          policyVersion: "2026-10-01",
          browserRefusal: false,
          at: "2026-10-02T08:00:00.000Z",
        }),
      );
    });
    const requests = recordRequests(context);
    const page = await context.newPage();
    await open(page, "/");
    await expect(notice(page)).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem("cookiesAccepted"))).toBeNull();
    await open(page, "/cookies-settings");
    await expect(
      page.getByText("Our Cookie Policy has changed since your last choice, so please choose again."),
    ).toBeVisible();
    await expect(page.getByRole("switch", { name: "Performance" })).not.toBeChecked();
    expect(requests.filter((r) => r.url.pathname === analyticsPath || /collector/.test(r.url.pathname))).toEqual([]);
    // Answering again keeps the consent id, so the new record joins the old ones.
    await notice(page).getByRole("button", { name: "Accept" }).click();
    expect(await consentIdOf(page)).toBe("0123456789abcdef0123456789abcdef");
    await context.close();
  });
});
