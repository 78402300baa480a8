/**
 * A page whose form's rules wait in a later sheet (decisions 061 and 083) styles every element as
 * the site's whole stylesheet does, in every state of its form: the inline CSS plus the later sheet
 * keep the stylesheet's cascade, though the later sheet repeats only the inline rules an element
 * of the page could tie with. Each page is opened twice, as served and with its inline CSS swapped
 * for the whole stylesheet (the reference), and the computed style of every element of the body,
 * its ::before and ::after, and its ::placeholder, is compared state by state: as painted, then
 * with the form's errors and their summary (a field focused, the button hovered), filled, sending,
 * failed and sent; without JavaScript, as painted. Light at 375 px and dark at 1,280 px, so both
 * sides of the site's media queries are met.
 */
import fs from "node:fs";
import path from "node:path";
import type { Browser, Page } from "@playwright/test";
import { expect, test } from "./fixtures";

/** One page of each kind that holds the contact form past the first round trip: each has its own later sheet. */
const routes = ["/", "/services/cloudservice", "/technology/react"];

const assets = path.resolve("build/client/assets");
const wholeSheet = `/assets/${fs.readdirSync(assets).find((f) => /^root-[\w-]+\.css$/.test(f))}`;

/** The page as served, or (the reference) with its inline page CSS replaced by the whole stylesheet. */
async function open(
  browser: Browser,
  route: string,
  scheme: "light" | "dark",
  width: number,
  reference: boolean,
  javaScript = true,
) {
  const context = await browser.newContext({
    colorScheme: scheme,
    reducedMotion: "reduce",
    viewport: { width, height: 900 },
    javaScriptEnabled: javaScript,
  });
  await context.addInitScript(() => window.localStorage.setItem("cookiesDeclined", "true"));
  const page = await context.newPage();
  if (reference)
    await page.route(
      (url) => url.pathname === route,
      async (r) => {
        const response = await r.fetch();
        const html = await response.text();
        // The page's CSS is its largest <style>; the later sheet is left unnamed.
        const styles = [...html.matchAll(/<style>[\s\S]*?<\/style>/g)].map((m) => m[0]);
        const pageCss = styles.reduce((a, b) => (b.length > a.length ? b : a), "");
        const body = html
          .replace(pageCss, `<link rel="stylesheet" href="${wholeSheet}">`)
          .replace(/ data-later-css="[^"]*"/, "");
        const headers = { ...response.headers() };
        // The reference links a stylesheet of the site's own origin, which its CSP allows; its hashes stay.
        delete headers["content-length"];
        delete headers["content-encoding"];
        await r.fulfill({ response, body, headers });
      },
    );
  await page.goto(route);
  if (javaScript) await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  return { page, close: () => context.close() };
}

/**
 * Each element's computed style, and its pseudo-elements', as one string per element (every
 * property but the custom ones, whose unread ones the page's CSS drops by design).
 */
const snapshot = (page: Page) =>
  page.evaluate(() => {
    const els = [document.documentElement, ...document.body.querySelectorAll("*")];
    const names = [...getComputedStyle(document.body)].filter((p) => !p.startsWith("--"));
    const styleOf = (el: Element, pseudo: string | null) => {
      const s = getComputedStyle(el, pseudo);
      return names.map((n) => `${n}:${s.getPropertyValue(n)}`).join(";");
    };
    return els.map((el) => {
      const path = `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ""}${[...el.classList].map((c) => `.${c}`).join("")}`;
      const pseudos = ["::before", "::after", ...(el.matches("input, textarea") ? ["::placeholder"] : [])];
      return { path, own: styleOf(el, null), pseudo: pseudos.map((p) => `${p}{${styleOf(el, p)}}`).join("") };
    });
  });

/** The first few differences, each as the element and the properties that differ. */
function differences(served: Awaited<ReturnType<typeof snapshot>>, reference: Awaited<ReturnType<typeof snapshot>>) {
  if (served.length !== reference.length)
    return [`${served.length} elements served, ${reference.length} in the reference`];
  const out: string[] = [];
  for (let i = 0; i < served.length && out.length < 8; i++) {
    const a = served[i]!;
    const b = reference[i]!;
    if (a.path !== b.path) out.push(`element ${i}: ${a.path} served, ${b.path} in the reference`);
    else if (a.own !== b.own || a.pseudo !== b.pseudo) {
      const split = (s: string) => s.split(/;|(?=::)/);
      const bs = new Set(split(b.own + b.pseudo));
      out.push(
        `${a.path}: ${split(a.own + a.pseudo)
          .filter((d) => !bs.has(d))
          .slice(0, 6)
          .join("; ")}`,
      );
    }
  }
  return out;
}

const form = (page: Page) => page.getByRole("form", { name: "Contact form" });

async function fill(page: Page) {
  const values = {
    "First name": "Ada",
    "Last name": "Lovelace",
    Email: "ada@example.com",
    Phone: "4155550142",
    "Reason for inquiry": "Cloud migration",
    Message: "We would like to move our billing platform to AWS.",
  };
  for (const [label, value] of Object.entries(values)) await form(page).getByLabel(label, { exact: true }).fill(value);
  await form(page).getByRole("checkbox").check();
}

const submit = (page: Page) => form(page).getByRole("button", { name: "Book A Consultation" });

/** The form's states, each reached from the last, on both pages alike. */
const states: [string, (page: Page, served: boolean) => Promise<void>][] = [
  ["as painted", async () => {}],
  [
    "live, a field focused",
    async (page, served) => {
      await form(page).getByLabel("First name", { exact: true }).focus();
      await page.locator("[data-island=contact-form][data-island-hydrated]").waitFor({ state: "attached" });
      if (served)
        await page.waitForFunction(() => [...document.styleSheets].some((s) => s.href?.includes("/assets/form-")));
    },
  ],
  [
    "errors, the summary, the button hovered",
    async (page) => {
      await submit(page).click();
      await expect(form(page).locator(".is-invalid").first()).toBeVisible();
      await submit(page).hover();
    },
  ],
  [
    "errors, a field focused",
    async (page) => {
      await form(page).getByLabel("Email", { exact: true }).focus();
    },
  ],
  ["filled", fill],
  [
    "sending",
    async (page) => {
      let release = () => {};
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route("**/api/contact-us/create", async (r) => {
        await held;
        await r.abort("failed");
      });
      (page as Page & { release?: () => void }).release = release;
      await submit(page).click();
      await expect(submit(page)).toBeDisabled();
    },
  ],
  [
    "failed",
    async (page) => {
      (page as Page & { release?: () => void }).release?.();
      await expect(form(page).getByRole("alert")).toHaveText("Error submitting the form. Please try again later.");
      await page.unroute("**/api/contact-us/create");
    },
  ],
  [
    "sent",
    async (page) => {
      await submit(page).click();
      await expect(form(page).getByRole("status")).toBeFocused();
    },
  ],
];

for (const route of routes)
  for (const [scheme, width] of [
    ["light", 375],
    ["dark", 1280],
  ] as const)
    test(`${route} in ${scheme} at ${width} px: every element styled as by the whole stylesheet, in each state of its form`, async ({
      browser,
    }) => {
      test.setTimeout(120_000);
      const served = await open(browser, route, scheme, width, false);
      const reference = await open(browser, route, scheme, width, true);
      expect(await reference.page.locator(`link[href="${wholeSheet}"]`).count()).toBe(1);
      const seen: string[] = [];
      for (const [name, step] of states) {
        await step(served.page, true);
        await step(reference.page, false);
        seen.push(name);
        expect(differences(await snapshot(served.page), await snapshot(reference.page)), name).toEqual([]);
      }
      expect(await served.page.locator('link[href^="/assets/form-"]').count()).toBe(1);
      await served.close();
      await reference.close();

      const still = await open(browser, route, scheme, width, false, false);
      const stillReference = await open(browser, route, scheme, width, true, false);
      expect(
        differences(await snapshot(still.page), await snapshot(stillReference.page)),
        "without JavaScript",
      ).toEqual([]);
      await still.close();
      await stillReference.close();
      expect(seen).toHaveLength(states.length);
    });
