/**
 * A page whose form's rules wait in a later sheet (decisions 061, 083 and 085) styles every element
 * as the site's whole stylesheet does, in every state of its form: the page's sheet plus the later
 * sheet keep the stylesheet's cascade, though the later sheet repeats only the page sheet's rules
 * an element of the page could tie with. Each page is opened twice, as served and with its page's
 * sheet swapped for the whole stylesheet (the reference), and the computed style of every element of the body,
 * its drawn ::before and ::after, and its ::placeholder, is compared state by state: as painted,
 * live with a field focused, with the form's errors and their summary (a field focused, the button
 * hovered), filled and sending, failed, and sent (by the real server); without JavaScript, as
 * painted. Light at 375 px and dark at 1,280 px, so both sides of the site's media queries are met.
 */
import fs from "node:fs";
import path from "node:path";
import type { Browser, Page } from "@playwright/test";
import { fillContact } from "./contact-form";
import { expect, test } from "./fixtures";

/**
 * Pages that hold the contact form: the home page, a service page, whose later sheet the
 * technology pages and the other service pages share (decision 083), and the contact page.
 */
// The contact form's three later sheets' pages. Each is compared in one scheme and width (light at
// 375, dark at 1,280): all pairings would cost about 25 s each of the site suite on two workers, for
// the same form and the same sheets.
const cases = [
  ["/", "light", 375],
  ["/services/cloudservice", "dark", 1280],
  ["/contact", "light", 1280],
] as const;

const assets = path.resolve("build/client/assets");
const wholeSheet = `/assets/${fs.readdirSync(assets).find((f) => /^root-[\w-]+\.css$/.test(f))}`;

/** The page as served, or (the reference) with its page's sheet replaced by the whole stylesheet. */
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
  // The whole stylesheet declares the brand face, which the served page switches on only once it
  // is cached (decision 044): both draw in the fallback faces, so text is measured alike.
  await context.route("**/*.woff2", (r) => r.abort());
  const page = await context.newPage();
  if (reference)
    await page.route(
      (url) => url.pathname === route,
      async (r) => {
        const response = await r.fetch();
        const html = await response.text();
        // The page's sheet (decision 085) is its one stylesheet link; the later sheet is left unnamed.
        const pageSheet = /<link rel="stylesheet" href="\/assets\/page-[^"]+"\/>/.exec(html)![0];
        const body = html
          .replace(pageSheet, `<link rel="stylesheet" href="${wholeSheet}">`)
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
 * Each element's computed style as one string: every computed value but the custom properties
 * (the page's CSS drops those nothing reads, by design), then its ::before and ::after when drawn
 * (`content` other than none) and an input's ::placeholder. The strings stay in the page under
 * `window.__styles`; the test reads a hash of each, and the strings only where two differ.
 */
const snapshot = (page: Page) =>
  page.evaluate(() => {
    const els = [document.documentElement, ...document.body.querySelectorAll("*")];
    const names = [...getComputedStyle(document.body)].filter((p) => !p.startsWith("--"));
    const styleOf = (s: CSSStyleDeclaration) => names.map((n) => `${n}:${s.getPropertyValue(n)}`).join(";");
    const styles = els.map((el) => {
      const pseudos = ["::before", "::after"].map((p) => {
        const s = getComputedStyle(el, p);
        return s.content === "none" ? `${p}{none}` : `${p}{${styleOf(s)}}`;
      });
      if (el.matches("input, textarea"))
        pseudos.push(`::placeholder{${styleOf(getComputedStyle(el, "::placeholder"))}}`);
      // The element's computed values (Typed OM), not its resolved ones: `margin: auto` stays
      // `auto`, so the comparison reads the cascade, not where layout happened to be.
      const own = [...el.computedStyleMap()]
        .filter(([n]) => !n.startsWith("--"))
        .map(([n, v]) => `${n}:${[...v].map(String).join(",")}`)
        .join(";");
      return `${own}${pseudos.join("")}`;
    });
    Object.assign(window, { __styles: styles });
    const hash = (text: string) => {
      let h = 0x811c9dc5;
      for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
      return h >>> 0;
    };
    return els.map((el, i) => ({
      path: `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ""}${[...el.classList].map((c) => `.${c}`).join("")}`,
      hash: hash(styles[i]!),
    }));
  });

type Snapshot = Awaited<ReturnType<typeof snapshot>>;

/** One element's style string, as `snapshot` wrote it. */
const styleAt = (page: Page, i: number) =>
  page.evaluate((i) => (window as Window & { __styles?: string[] }).__styles?.[i] ?? "", i);

/** The first few differences, each as the element and the properties whose values differ. */
async function differences(served: Page, a: Snapshot, reference: Page, b: Snapshot) {
  if (a.length !== b.length) return [`${a.length} elements served, ${b.length} in the reference`];
  const out: string[] = [];
  for (let i = 0; i < a.length && out.length < 8; i++) {
    if (a[i]!.path !== b[i]!.path) out.push(`element ${i}: ${a[i]!.path} served, ${b[i]!.path} in the reference`);
    else if (a[i]!.hash !== b[i]!.hash) {
      const split = (s: string) => s.split(/;|(?=::)/);
      const theirs = new Set(split(await styleAt(reference, i)));
      const ours = split(await styleAt(served, i)).filter((d) => !theirs.has(d));
      out.push(`${a[i]!.path}: ${ours.slice(0, 6).join("; ")}`);
    }
  }
  return out;
}

async function compare(served: Page, reference: Page): Promise<string[]> {
  const [a, b] = await Promise.all([snapshot(served), snapshot(reference)]);
  return differences(served, a, reference, b);
}

const form = (page: Page) => page.getByRole("form", { name: "Contact form" });

/** Its words change while it sends ("Sending..."): found by its type. */
const submit = (page: Page) => form(page).locator('button[type="submit"]');

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
    "errors and their summary, a field focused, the button hovered",
    async (page) => {
      await submit(page).click();
      await expect(form(page).locator(".is-invalid").first()).toBeVisible();
      await form(page).getByLabel("Email", { exact: true }).focus();
      await submit(page).hover();
    },
  ],
  [
    "sending",
    async (page) => {
      let release = () => {};
      const held = new Promise<void>((resolve) => (release = resolve));
      await fillContact(page);
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

for (const [route, scheme, width] of cases)
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
      expect.soft(await compare(served.page, reference.page), name).toEqual([]);
    }
    expect(await served.page.locator('link[href^="/assets/form-"]').count()).toBe(1);
    await served.close();
    await reference.close();

    const still = await open(browser, route, scheme, width, false, false);
    const stillReference = await open(browser, route, scheme, width, true, false);
    expect(await compare(still.page, stillReference.page), "without JavaScript").toEqual([]);
    await still.close();
    await stillReference.close();
    expect(seen).toHaveLength(states.length);
  });
