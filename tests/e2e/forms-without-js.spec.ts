/**
 * The forms before and without JavaScript: the browser posts each form itself, the server stores
 * it as the script path does and answers with a page. These tests run their own server (the
 * real one, on the built site) so they can read everything it logs and its database, through
 * the operators' command line.
 */
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type APIRequestContext, type Browser, type Page } from "@playwright/test";
import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import {
  applicationMessages,
  contactMessages,
  oneLineMessage,
  resumeAgainMessage,
  successMessages,
} from "../../contracts/index";
import { freePort } from "../../server/test-support/ports";

const pdf = Buffer.from("%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n");

// One server for the file: its tests run in order in one worker.
test.describe.configure({ mode: "default" });

let server: ChildProcess;
let origin: string;
let dataDir: string;
const log: string[] = [];

test.beforeAll(async () => {
  const port = await freePort();
  origin = `http://127.0.0.1:${port}`;
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "forms-no-js-"));
  server = spawn(process.execPath, ["build/server/index.js"], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      // The production default: every request is logged, so a typed value in a URL would show.
      LOG_LEVEL: "info",
      RATE_LIMIT_MAX: "0",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  server.stdout!.on("data", (chunk: Buffer) => log.push(chunk.toString("utf8")));
  server.stderr!.on("data", (chunk: Buffer) => log.push(chunk.toString("utf8")));
  // At most 120 tries, 250 ms apart: the server starts in a few seconds even on a busy machine.
  for (let i = 0; i < 120; i++) {
    const up = await fetch(`${origin}/healthz`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) return;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`The server did not start:\n${log.join("")}`);
});

test.afterAll(async () => {
  server.kill("SIGTERM");
  await new Promise((r) => server.once("exit", r));
  fs.rmSync(dataDir, { recursive: true, force: true });
});

interface Row {
  kind: string;
  reference: string | null;
  first_name: string;
  last_name: string;
  email: string;
  phone: string | null;
  reason: string | null;
  position: string | null;
  feedback_type: string | null;
  message: string;
  spam: number;
}

/**
 * The operators' CLI as production runs it (`npm run admin`: the built build/server/cli.js, beside
 * the built server above), not tsx on the sources, which cost seconds a call on a loaded machine.
 */
const cli = "build/server/cli.js";

/** Every stored submission, as the operators' export gives it. */
function stored(): Row[] {
  const out = execFileSync(process.execPath, [cli, "export", "--format", "json"], {
    env: { ...process.env, DATA_DIR: dataDir },
    encoding: "utf8",
    stdio: ["ignore", "pipe", "ignore"],
  });
  return JSON.parse(out) as Row[];
}

/** Distinct values per test, so a search of the log or a URL finds exactly this visitor's words. */
function visitor() {
  const tag = crypto.randomBytes(4).toString("hex");
  return {
    firstName: `Ada${tag}`,
    lastName: `Lovelace${tag}`,
    email: `ada.${tag}@analytical.engine`,
    phone: `41555${String(crypto.randomInt(10_000, 99_999))}`,
    reason: `Migration ${tag}`,
    message: `Move our billing platform ${tag} to AWS.`,
  };
}

/** Records every address the page asks for or shows, to prove none carries a typed value. */
function watchUrls(page: Page): string[] {
  const urls: string[] = [];
  page.on("request", (r) => urls.push(r.url()));
  page.on("framenavigated", (f) => urls.push(f.url()));
  return urls;
}

function expectNowhere(values: string[], urls: string[]) {
  const haystacks = { urls: urls.join("\n"), log: log.join("") };
  for (const value of values) {
    for (const [where, text] of Object.entries(haystacks)) {
      expect(text.includes(value), `${where} holds "${value}"`).toBe(false);
      expect(text.includes(encodeURIComponent(value)), `${where} holds "${value}" encoded`).toBe(false);
    }
  }
}

async function fillContact(page: Page, v: ReturnType<typeof visitor>) {
  const form = page.getByRole("form", { name: "Contact form" });
  await form.getByLabel("First name").fill(v.firstName);
  await form.getByLabel("Last name").fill(v.lastName);
  await form.getByLabel("Email").fill(v.email);
  await form.getByLabel("Phone").fill(v.phone);
  await form.getByLabel("Reason for inquiry").fill(v.reason);
  await form.getByLabel("Message").fill(v.message);
  await form.getByRole("checkbox").check();
  return form;
}

async function fillApplication(page: Page, v: ReturnType<typeof visitor>) {
  const form = page.getByRole("form", { name: "Job application form" });
  await form.getByLabel("First name").fill(v.firstName);
  await form.getByLabel("Last name").fill(v.lastName);
  await form.getByLabel("Email").fill(v.email);
  await form.getByLabel("Phone").fill(v.phone);
  await form.getByLabel("Position").selectOption("Cloud Architect");
  await form.getByLabel("Resume").setInputFiles({ name: "cv.pdf", mimeType: "application/pdf", buffer: pdf });
  await form.getByLabel("Cover letter").fill(v.message);
  // The future-roles box is optional and stays unticked: only the policy's agreement is ticked.
  await form.getByRole("checkbox", { name: /^I agree/ }).check();
  return form;
}

async function fillFeedback(page: Page, v: ReturnType<typeof visitor>) {
  const form = page.getByRole("form", { name: "Feedback form" });
  await form.getByLabel("First name").fill(v.firstName);
  await form.getByLabel("Last name").fill(v.lastName);
  await form.getByLabel("Email").fill(v.email);
  await form.getByLabel("Phone (optional)").fill(v.phone);
  await form.getByLabel("Feedback type").selectOption("support");
  await form.getByLabel("Your feedback").fill(v.message);
  await form.getByRole("checkbox").check();
  return form;
}

/** A page whose scripts never arrive: what a visitor on a slow phone has before they load. */
async function scriptsHeldBack(browser: Browser) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.route("**/assets/*.js", () => {
    // Never answered: the scripts stay "loading" for the whole test.
  });
  return { page, close: () => context.close() };
}

async function noScript(browser: Browser, viewport = { width: 1280, height: 800 }) {
  const context = await browser.newContext({ javaScriptEnabled: false, viewport });
  return { page: await context.newPage(), close: () => context.close() };
}

for (const mode of ["JavaScript disabled", "scripts held back"] as const) {
  const open = (browser: Browser) => (mode === "JavaScript disabled" ? noScript(browser) : scriptsHeldBack(browser));

  test.describe(`with ${mode}`, () => {
    test("the contact form posts, is stored as the script path stores it, and shows the success page", async ({
      browser,
      request,
    }) => {
      const { page, close } = await open(browser);
      const urls = watchUrls(page);
      const v = visitor();
      await page.goto(`${origin}/contact`, { waitUntil: "domcontentloaded" });
      const form = await fillContact(page, v);
      const posted = page.waitForRequest((r) => r.url().startsWith(`${origin}/api/contact-us/create`));
      await form.getByRole("button", { name: "Book A Consultation" }).click();
      expect((await posted).method()).toBe("POST");
      await expect(page).toHaveURL(`${origin}/api/contact-us/sent#form-answer`);
      await expect(page.getByRole("heading", { name: "Message sent" })).toBeVisible();
      await expect(page.getByRole("status")).toContainText(successMessages.contact);
      await expect(page).toHaveTitle(/^Message sent: Contact Us/);

      const row = stored().find((r) => r.first_name === v.firstName)!;
      expect(row).toMatchObject({
        kind: "contact",
        last_name: v.lastName,
        email: v.email,
        // Stored as E.164: the visitor typed a US number without its country code.
        phone: `+1${v.phone}`,
        reason: v.reason,
        message: v.message,
        // Held for review: sent without JavaScript (docs/decisions/018-spam-defence.md).
        spam: 1,
      });
      // The same visitor through the script path: the stored rows agree field for field.
      const twin = { ...v, firstName: `${v.firstName}json`, agree: true };
      await postJson(request, "/api/contact-us/create", twin);
      const jsonRow = stored().find((r) => r.first_name === twin.firstName)!;
      const fields = (r: Row) => ({ ...r, id: 0, first_name: "", user_agent: "", created_at: "" });
      expect(fields(row)).toEqual(fields(jsonRow));

      expectNowhere(Object.values(v), urls);
      await close();
    });

    test("the careers form posts its resume and shows the application number", async ({ browser }) => {
      const { page, close } = await open(browser);
      const urls = watchUrls(page);
      const v = visitor();
      await page.goto(`${origin}/career`, { waitUntil: "domcontentloaded" });
      const form = await fillApplication(page, v);
      const posted = page.waitForRequest((r) => r.url().startsWith(`${origin}/api/job-application/apply`));
      await form.getByRole("button", { name: "Submit Application" }).click();
      const request = await posted;
      expect(request.method()).toBe("POST");
      expect(request.headers()["content-type"]).toMatch(/^multipart\/form-data; boundary=/);
      await expect(page).toHaveURL(`${origin}/api/job-application/received#form-answer`);
      const status = page.getByRole("status");
      await expect(status.getByRole("heading", { name: "Application received" })).toBeVisible();
      const line = status.getByText(successMessages.application);
      await expect(line).toHaveText(
        new RegExp(`^${successMessages.application} with application number APP-\\d{4}-\\d{6}$`),
      );
      const number = /APP-\d{4}-\d{6}/.exec((await line.textContent())!)![0];
      // The number reached the page without travelling in its address.
      expect(urls.join("\n")).not.toContain(number);

      const row = stored().find((r) => r.first_name === v.firstName)!;
      expect(row).toMatchObject({ kind: "application", reference: number, position: "Cloud Architect", spam: 1 });
      const out = path.join(dataDir, `${number}.pdf`);
      execFileSync(process.execPath, [cli, "resume", number, "--out", out], {
        env: { ...process.env, DATA_DIR: dataDir },
        stdio: "ignore",
      });
      expect(fs.readFileSync(out).equals(pdf)).toBe(true);

      expectNowhere(Object.values(v), urls);
      await close();
    });

    test("the feedback form posts and shows the spec's thank-you", async ({ browser }) => {
      const { page, close } = await open(browser);
      const urls = watchUrls(page);
      const v = visitor();
      await page.goto(`${origin}/feedback`, { waitUntil: "domcontentloaded" });
      const form = await fillFeedback(page, v);
      await form.getByRole("button", { name: "Send Feedback" }).click();
      await expect(page).toHaveURL(`${origin}/api/feedback/sent#form-answer`);
      await expect(page.getByRole("status")).toContainText(successMessages.feedback);
      const row = stored().find((r) => r.first_name === v.firstName)!;
      expect(row).toMatchObject({
        kind: "feedback",
        feedback_type: "support",
        message: v.message,
        phone: `+1${v.phone}`,
      });
      expectNowhere(Object.values(v), urls);
      await close();
    });
  });
}

async function postJson(request: APIRequestContext, url: string, body: object) {
  const res = await request.post(`${origin}${url}`, {
    data: body,
    headers: { "X-Requested-With": "XMLHttpRequest", Origin: origin },
  });
  expect(res.status()).toBe(201);
}

test("the contact section of the home page posts without JavaScript too", async ({ browser }) => {
  const { page, close } = await noScript(browser, { width: 375, height: 812 });
  const v = visitor();
  await page.goto(`${origin}/`);
  await fillContact(page, v);
  await page.getByRole("button", { name: "Book A Consultation" }).click();
  await expect(page.getByRole("status")).toContainText(successMessages.contact);
  await expect(page.getByRole("status")).toBeInViewport();
  expect(stored().filter((r) => r.first_name === v.firstName)).toHaveLength(1);
  await close();
});

test("an invalid post returns the form with a summary, the spec's messages and the values kept; nothing is stored", async ({
  browser,
}) => {
  const { page, close } = await noScript(browser, { width: 375, height: 812 });
  const urls = watchUrls(page);
  const v = visitor();
  const before = stored().length;
  await page.goto(`${origin}/contact`);
  const form = await fillContact(page, v);
  await form.getByLabel("Last name").fill("");
  await form.getByLabel("Email").fill(`not-an-address-${v.firstName}`);
  await form.getByRole("button", { name: "Book A Consultation" }).click();

  await expect(page).toHaveURL(`${origin}/api/contact-us/create#form-answer`);
  await expect(page).toHaveTitle(/^Error: Contact Us/);
  const summary = page.getByRole("alert").filter({ hasText: "Your message has not been sent yet" });
  await expect(summary).toBeInViewport();
  await expect(summary.getByRole("link")).toHaveText([contactMessages.lastName, contactMessages.email]);
  const answered = page.getByRole("form", { name: "Contact form" });
  await expect(answered.getByLabel("Last name")).toHaveAttribute("aria-invalid", "true");
  await expect(answered.getByText(contactMessages.lastName, { exact: true })).toBeVisible();
  await expect(answered.getByText(contactMessages.email, { exact: true })).toBeVisible();
  await expect(answered.getByLabel("First name")).toHaveValue(v.firstName);
  await expect(answered.getByLabel("Email")).toHaveValue(`not-an-address-${v.firstName}`);
  await expect(answered.getByLabel("Message")).toHaveValue(v.message);
  await expect(answered.getByRole("checkbox")).toBeChecked();
  await summary.getByRole("link", { name: contactMessages.email }).click();
  await expect(page).toHaveURL(/#contact-page-contact-email$/);
  await expect(answered.getByLabel("Email")).toBeInViewport();
  expect(stored()).toHaveLength(before);

  // Corrected and sent again from the returned page, it is stored once.
  await answered.getByLabel("Last name").fill(v.lastName);
  await answered.getByLabel("Email").fill(v.email);
  await answered.getByRole("button", { name: "Book A Consultation" }).click();
  await expect(page.getByRole("status")).toContainText(successMessages.contact);
  expect(stored().filter((r) => r.first_name === v.firstName)).toHaveLength(1);
  expectNowhere([v.firstName, v.lastName, v.email, v.message, v.reason], urls);
  await close();
});

for (const width of [375, 1280]) {
  test(`the returned form and the confirmation have no WCAG A/AA violations at ${width} px`, async ({ browser }) => {
    // Scripts held back: the browser posts the form itself, and axe can still run on the answers.
    const { page, close } = await scriptsHeldBack(browser);
    await page.setViewportSize({ width, height: 800 });
    const axe = async () => {
      // The answer's title is parsed before its stylesheet (the site's file) has arrived, and axe
      // measures the layout as it stands: read unstyled, every link of the header and footer is a
      // small target. The load event waits for the stylesheet, as the first paint does.
      await page.waitForLoadState("load");
      return (
        await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]).analyze()
      ).violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
    };
    const v = visitor();
    await page.goto(`${origin}/contact`, { waitUntil: "domcontentloaded" });
    const form = await fillContact(page, v);
    await form.getByLabel("Email").fill("ada@");
    await form.getByRole("button", { name: "Book A Consultation" }).click();
    await expect(page).toHaveTitle(/^Error: /);
    expect(await axe()).toEqual([]);
    const answered = page.getByRole("form", { name: "Contact form" });
    await answered.getByLabel("Email").fill(v.email);
    await answered.getByRole("button", { name: "Book A Consultation" }).click();
    await expect(page).toHaveTitle(/^Message sent: /);
    expect(await axe()).toEqual([]);
    await close();
  });
}

test("a name holding a bidi override is refused with its message on the returned page; nothing is stored", async ({
  browser,
}) => {
  const { page, close } = await noScript(browser);
  const v = visitor();
  const before = stored().length;
  await page.goto(`${origin}/contact`);
  const form = await fillContact(page, v);
  await form.getByLabel("First name").fill(`${v.firstName}\u202efdp.exe`);
  await form.getByRole("button", { name: "Book A Consultation" }).click();
  await expect(page).toHaveTitle(/^Error: Contact Us/);
  const answered = page.getByRole("form", { name: "Contact form" });
  await expect(answered.getByText(oneLineMessage("First name"), { exact: true })).toBeVisible();
  await expect(answered.getByLabel("First name")).toHaveAttribute("aria-invalid", "true");
  expect(stored()).toHaveLength(before);
  await close();
});

test("a returned application keeps every value but the resume, and says to choose it again", async ({ browser }) => {
  const { page, close } = await noScript(browser);
  const v = visitor();
  const before = stored().length;
  await page.goto(`${origin}/career`);
  const form = await fillApplication(page, v);
  await form.getByLabel("Phone").fill("12345");
  await form.getByRole("button", { name: "Submit Application" }).click();
  const summary = page.getByRole("alert").filter({ hasText: "Your application has not been submitted yet" });
  await expect(summary.getByRole("link")).toHaveText([applicationMessages.phone, resumeAgainMessage]);
  const answered = page.getByRole("form", { name: "Job application form" });
  await expect(answered.getByLabel("Position")).toHaveValue("Cloud Architect");
  await expect(answered.getByLabel("Cover letter")).toHaveValue(v.message);
  await expect(answered.getByLabel("Phone")).toHaveValue("12345");
  await expect(answered.getByText(resumeAgainMessage, { exact: true })).toBeVisible();
  expect(stored()).toHaveLength(before);
  await close();
});

test("a resume over 5 MB is refused with the site's page, not JSON, and nothing is stored", async ({ browser }) => {
  const { page, close } = await noScript(browser);
  const v = visitor();
  const before = stored().length;
  await page.goto(`${origin}/career`);
  const form = await fillApplication(page, v);
  await form
    .getByLabel("Resume")
    .setInputFiles({ name: "cv.pdf", mimeType: "application/pdf", buffer: Buffer.alloc(5 * 1024 * 1024 + 1, 0x25) });
  const answered = page.waitForResponse((r) => r.url().startsWith(`${origin}/api/job-application/apply`));
  await form.getByRole("button", { name: "Submit Application" }).click();
  expect((await answered).status()).toBe(413);
  const summary = page.getByRole("alert").filter({ hasText: "Your application has not been submitted yet" });
  await expect(summary).toContainText(applicationMessages.resumeTooLarge);
  await expect(page.getByRole("form", { name: "Job application form" })).toBeVisible();
  expect(stored()).toHaveLength(before);
  await close();
});

test("a filled honeypot is answered like a person but stored as spam", async ({ browser }) => {
  const { page, close } = await noScript(browser);
  const v = visitor();
  await page.goto(`${origin}/feedback`);
  const form = await fillFeedback(page, v);
  await form.locator('input[name="website"]').fill("cheap-pills.biz", { force: true });
  await form.getByRole("button", { name: "Send Feedback" }).click();
  await expect(page.getByRole("status")).toContainText(successMessages.feedback);
  expect(stored().find((r) => r.first_name === v.firstName)?.spam).toBe(1);
  await close();
});

test("a form post from another site is refused and stores nothing", async ({ request }) => {
  const before = stored().length;
  const res = await request.post(`${origin}/api/contact-us/create`, {
    form: { ...visitor(), agree: "on" },
    headers: { Origin: "https://attacker.test", "Sec-Fetch-Mode": "navigate", "Sec-Fetch-Dest": "document" },
    maxRedirects: 0,
  });
  expect(res.status()).toBe(403);
  expect(stored()).toHaveLength(before);
});

test("a script's form-encoded post still gets the JSON answer it got before", async ({ request }) => {
  const res = await request.post(`${origin}/api/contact-us/create`, {
    form: { ...visitor(), agree: "on" },
    headers: { Origin: origin, "X-Requested-With": "XMLHttpRequest", "Sec-Fetch-Mode": "cors" },
  });
  expect(res.status()).toBe(415);
  expect(await res.json()).toEqual({ status: false, message: "Unsupported content type." });
});
