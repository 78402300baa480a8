/**
 * `npm run screenshots`: the site as people see it, for a person to look at. Writes PNGs into
 * reports/screenshots/ (ignored by git):
 *   pages/<route>-<width>-<scheme>.png   every route of the page table (plus one case study and one
 *                                        category), full page, at 375 and 1280 px, light and dark
 *   views/<route>-<width>-<scheme>-<top|middle|end>.png
 *                                        the same pages as a screen shows them, one viewport at a
 *                                        time, with the sticky header and the fixed contact bar
 *   states/…                             the cookie notice, the open mobile menu, and each form's
 *                                        error and success states, with JavaScript and without
 *
 * Builds first unless SCREENSHOTS_SKIP_BUILD=1; SCREENSHOTS_ROUTES=/,/contact narrows the pages.
 * Motion is reduced so that nothing is caught mid-animation. Pages and views are drawn in Inter,
 * as a visitor sees every page after the first (app/styles/web-font.ts); the states in the
 * fallback face, as a first page shows them.
 */
import { chromium, type Browser, type BrowserContextOptions, type Page } from "@playwright/test";
import { execSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { honeypotField } from "../contracts/constants";
import { webFontStyleId } from "../app/styles/web-font-storage";
import { chromiumArgs, findChromium } from "./browser";
import { siteRoutes, startLocalServer } from "./local-server";

const out = path.join("reports", "screenshots");
const widths = [375, 1280] as const;
const schemes = ["light", "dark"] as const;
const forms = ["/contact", "/career", "/feedback"] as const;

/** What a careful visitor types, by the field names the contracts give. */
const typed: Record<string, string> = {
  firstName: "Priya",
  lastName: "Raman",
  email: "priya.raman@northwind-logistics.co.uk",
  phone: "2075550142",
  reason: "Cloud migration",
  message: "We run our route planning on two ageing servers and would like a plan to move it to AWS.",
};
const resumePdf = Buffer.from("%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n");

const slug = (route: string) => route.slice(1).replaceAll("/", "_") || "home";

function contextOptions(width: number, scheme: (typeof schemes)[number], javaScriptEnabled = true) {
  return {
    viewport: { width, height: width < 768 ? 812 : 900 },
    colorScheme: scheme,
    reducedMotion: "reduce",
    javaScriptEnabled,
  } satisfies BrowserContextOptions;
}

const scrollStops: [number, string][] = [
  [0, "top"],
  [0.5, "middle"],
  [1, "end"],
];

async function newPage(browser: Browser, options: BrowserContextOptions, answeredNotice = true): Promise<Page> {
  const context = await browser.newContext(options);
  if (answeredNotice) await context.addInitScript(() => window.localStorage.setItem("cookiesDeclined", "true"));
  return context.newPage();
}

/** Fills the page's main form with valid values, chosen by field name; the honeypot stays empty. */
/** The page's form that sends (on /career the roles' filter, a GET form, comes first). */
const sendingForm = (page: Page) => page.locator('main form[method="post"]').first();

async function fillForm(page: Page) {
  const form = sendingForm(page);
  for (const field of await form.locator("input, select, textarea").all()) {
    const name = (await field.getAttribute("name")) ?? "";
    const type = (await field.getAttribute("type")) ?? "";
    if (name === honeypotField || type === "hidden" || !(await field.isVisible())) continue;
    const tag = await field.evaluate((el) => el.tagName);
    if (type === "checkbox") await field.check();
    else if (type === "file")
      await field.setInputFiles({ name: "cv.pdf", mimeType: "application/pdf", buffer: resumePdf });
    else if (tag === "SELECT") {
      const value = await field
        .locator("option:not([disabled])")
        .evaluateAll((options) => (options as HTMLOptionElement[]).find((o) => o.value)?.value ?? "");
      await field.selectOption(value);
    } else if (name in typed) await field.fill(typed[name] as string);
  }
  return form;
}

/** Submits the page's main form and waits for its outcome: the script's answer shown, or the next page. */
async function submit(page: Page, javaScript: boolean) {
  const button = sendingForm(page).locator('button[type="submit"]');
  if (!javaScript) {
    await Promise.all([page.waitForEvent("load"), button.click()]);
    return;
  }
  const answered = page.waitForResponse((r) => r.url().includes("/api/"), { timeout: 5_000 }).catch(() => null);
  await button.click();
  // An invalid form is answered in the page without a request; a valid one once the server has answered.
  if (await answered)
    await page.waitForFunction(
      () => !document.querySelector("main form [aria-busy='true'], main form button[disabled]"),
    );
}

/**
 * Waits for the page to fetch the brand face after it has loaded, then puts it to use at once, as
 * the site does at the next navigation.
 */
async function inBrandFace(page: Page) {
  const url = await page.waitForFunction(
    () => performance.getEntriesByType("resource").find((r) => /\/assets\/inter-[^/]+\.woff2$/.test(r.name))?.name,
  );
  await page.evaluate(
    async ({ src, styleId }) => {
      const face = new FontFace("Inter Variable", `url(${src})`, { weight: "100 900" });
      document.fonts.add(await face.load());
      // The face's style element names it in the font stack (--brand-face), as the head script
      // switches it on at the next navigation.
      (document.getElementById(styleId) as HTMLStyleElement).media = "all";
    },
    { src: await url.jsonValue(), styleId: webFontStyleId },
  );
}

async function shoot(page: Page, file: string, fullPage = true) {
  await page.screenshot({ path: path.join(out, file), fullPage });
  process.stdout.write(".");
}

if (!process.env.SCREENSHOTS_SKIP_BUILD) execSync("npm run build", { stdio: "inherit" });
fs.rmSync(out, { recursive: true, force: true });
fs.mkdirSync(path.join(out, "pages"), { recursive: true });
fs.mkdirSync(path.join(out, "states"), { recursive: true });
fs.mkdirSync(path.join(out, "views"), { recursive: true });

// Many submissions from one address: the limit is not what is being looked at.
const server = await startLocalServer({ RATE_LIMIT_MAX: "0", CONFIRMATION_EMAILS: "false" });
const browser = await chromium.launch({ executablePath: findChromium(), args: chromiumArgs });
let count = 0;
try {
  const routes = process.env.SCREENSHOTS_ROUTES
    ? process.env.SCREENSHOTS_ROUTES.split(",").map((r) => r.trim())
    : await siteRoutes(server.base);

  for (const width of widths)
    for (const scheme of schemes) {
      const page = await newPage(browser, contextOptions(width, scheme));
      for (const route of routes) {
        await page.goto(`${server.base}${route}`, { waitUntil: "networkidle" });
        await inBrandFace(page);
        // Scrolled through as a reader does: lazy images load, and each stop is a screenful.
        for (const [stop, name] of scrollStops) {
          await page.evaluate(
            (f) => window.scrollTo(0, (document.documentElement.scrollHeight - innerHeight) * f),
            stop,
          );
          await page.waitForLoadState("networkidle");
          await shoot(page, `views/${slug(route)}-${width}-${scheme}-${name}.png`, false);
        }
        await page.evaluate(() => window.scrollTo(0, 0));
        await shoot(page, `pages/${slug(route)}-${width}-${scheme}.png`);
        count++;
      }
      await page.context().close();
    }

  for (const width of widths) {
    // The cookie notice as a first-time visitor meets it.
    const fresh = await newPage(browser, contextOptions(width, "light"), false);
    await fresh.goto(`${server.base}/`, { waitUntil: "networkidle" });
    await shoot(fresh, `states/cookie-notice-${width}.png`, false);
    await fresh.context().close();

    for (const javaScript of [true, false]) {
      const mode = javaScript ? "js" : "nojs";
      const page = await newPage(browser, contextOptions(width, "light", javaScript));
      if (width < 768) {
        await page.goto(`${server.base}/`, { waitUntil: "networkidle" });
        await page.getByRole("button", { name: /menu/i }).first().click();
        await shoot(page, `states/menu-open-${mode}-${width}.png`, false);
      }
      for (const route of forms) {
        await page.goto(`${server.base}${route}`, { waitUntil: "networkidle" });
        await submit(page, javaScript);
        await shoot(page, `states/${slug(route)}-errors-${mode}-${width}.png`);
        await page.goto(`${server.base}${route}`, { waitUntil: "networkidle" });
        await fillForm(page);
        await submit(page, javaScript);
        await shoot(page, `states/${slug(route)}-sent-${mode}-${width}.png`, false);
      }
      await page.context().close();
    }
  }
} finally {
  await browser.close();
  server.stop();
}
console.log(
  `\n${count} page screenshots in ${out}/pages/ (and a screenful at the top, middle and end of each in ${out}/views/), the notice, menu and form states in ${out}/states/`,
);
