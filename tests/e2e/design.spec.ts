import AxeBuilder from "@axe-core/playwright";
import type { APIRequestContext, Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { themeStorageKey } from "../../app/components/layout/theme";
import { prerenderPaths } from "../../app/site/prerender";
import { careerPhoneHint } from "../../contracts/forms/application";
import { evaluateWithColour, type ColourMaths } from "../support/colour";

/**
 * How the site looks, checked as numbers: no fixed element over text, form controls whose edges
 * can be seen, the dark colour scheme on every page (axe included), and the theme toggle.
 */

async function sitemapRoutes(request: APIRequestContext): Promise<string[]> {
  const sitemap = await (await request.get("/sitemap.xml")).text();
  const routes = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1] as string).pathname);
  expect(routes.length).toBeGreaterThan(25);
  return routes;
}

/**
 * In the page: scrolls through it and returns, at each stop, the text boxes that a fixed or
 * sticky element covers in the viewport, as "<where>: element over text" lines. The stops are the
 * top, middle and end (`step` null), or every `step` pixels from the top to the end. At each stop
 * it waits for the scroll-to-top button to show past 300 px (or to go at or above), so the button
 * is checked where it shows. The walk runs in the page, one call per page, not three round trips
 * to the browser per stop.
 *
 * The sticky header is chrome and may cover what scrolls under it; so may a full-width bar fixed
 * to the bottom edge (with whatever sits inside its box), except at the end of the page, where the
 * page must have reserved its height.
 */
async function walkCoveredText({ step }: { step: number | null }): Promise<{ lines: string[]; stops: number }> {
  const visible = (el: Element) => {
    const style = getComputedStyle(el);
    const box = el.getBoundingClientRect();
    return style.display !== "none" && style.visibility !== "hidden" && box.width > 0 && box.height > 0;
  };
  const coveredText = (atEnd: boolean): string[] => {
    const overlays = [...document.querySelectorAll<HTMLElement>("body *")].filter((el) => {
      const position = getComputedStyle(el).position;
      return (position === "fixed" || position === "sticky") && visible(el) && !el.closest(".site-header");
    });
    const vw = window.innerWidth;
    const vh = window.innerHeight;
    const bottomBar = overlays.find((el) => {
      const r = el.getBoundingClientRect();
      return r.left <= 0 && r.right >= vw && Math.abs(r.bottom - vh) < 1 && r.height < vh / 4;
    });
    const barBox = bottomBar?.getBoundingClientRect();
    const inBar = (r: DOMRect) =>
      !!barBox && r.top >= barBox.top - 1 && r.bottom <= barBox.bottom + 1 && r.left >= barBox.left - 1;
    const checked = overlays.filter((el) => atEnd || !(el === bottomBar || inBar(el.getBoundingClientRect())));
    const found: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent?.trim();
      const parent = node.parentElement;
      if (!text || !parent || !visible(parent)) continue;
      if (overlays.some((o) => o.contains(parent)) || parent.closest(".site-header")) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      for (const r of range.getClientRects()) {
        // Visually hidden text (1 px, clipped) and boxes outside the viewport are not seen.
        if (r.width < 2 || r.height < 2 || r.bottom <= 0 || r.top >= vh || r.right <= 0 || r.left >= vw) continue;
        for (const o of checked) {
          const b = o.getBoundingClientRect();
          if (r.left < b.right - 0.5 && r.right > b.left + 0.5 && r.top < b.bottom - 0.5 && r.bottom > b.top + 0.5) {
            found.push(`.${o.className.toString().split(" ")[0]} over "${text.slice(0, 40)}"`);
          }
        }
      }
    }
    return [...new Set(found)];
  };
  /** Scrolls to `target` (clamped), then waits, frame by frame, for the scroll-to-top button's state. */
  const scrollTo = async (target: number) => {
    const max = document.documentElement.scrollHeight - window.innerHeight;
    window.scrollTo({ top: Math.max(0, Math.min(target, max)), behavior: "instant" });
    const y = window.scrollY;
    const shows = y > 300;
    for (const deadline = performance.now() + 10_000; ;) {
      const button = document.querySelector(".scroll-to-top");
      if (shows ? !!button && visible(button) : !button) break;
      if (performance.now() > deadline)
        throw new Error(`at y=${y} the scroll-to-top button did not ${shows ? "show" : "go"}`);
      await new Promise((done) => requestAnimationFrame(done));
    }
    return { y, atEnd: y >= max - 1 };
  };
  const lines: string[] = [];
  let stops = 0;
  if (step === null) {
    for (const where of ["top", "middle", "bottom"] as const) {
      const max = document.documentElement.scrollHeight - window.innerHeight;
      await scrollTo(where === "top" ? 0 : where === "middle" ? Math.round(max / 2) : max);
      stops++;
      for (const line of coveredText(where === "bottom")) lines.push(`${where}: ${line}`);
    }
    return { lines, stops };
  }
  for (let y = 0; ; y += step) {
    const at = await scrollTo(y);
    stops++;
    for (const line of coveredText(at.atEnd)) lines.push(`y=${at.y}: ${line}`);
    if (at.atEnd) return { lines, stops };
  }
}

test("at 1280 px no fixed element covers text, at the top, middle and end of every page", async ({ page, request }) => {
  test.setTimeout(240_000);
  const routes = await sitemapRoutes(request);
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.emulateMedia({ reducedMotion: "reduce" });
  await page.addInitScript(() => window.localStorage.setItem("cookiesDeclined", "true"));
  const covered: string[] = [];
  for (const route of routes) {
    await page.goto(route);
    const walked = await page.evaluate(walkCoveredText, { step: null });
    expect(walked.stops, route).toBe(3);
    covered.push(...walked.lines.map((line) => `${route} ${line}`));
  }
  expect(covered).toEqual([]);
});

/**
 * At 375 px (decision 066) every page React Router writes (the code's own list, prerenderPaths) is
 * stepped through from top to end a quarter of a screen at a time, in one page of one context,
 * with every FAQ answer open at once (the accordion's exclusive `name` lifted), since an open
 * answer is text a reader follows. The sticky header and the contact bar on the bottom edge frame
 * the screen: text scrolls under them as it scrolls off the screen, so they are checked where
 * nothing more can scroll into view (the top and the end of the page, `coveredText(atEnd)`); any
 * other fixed part, the scroll-to-top button outside the bar for one, must never cover a line.
 */
test("at 375 px no fixed element covers text, stepping a quarter screen through every page", async ({ page }) => {
  test.setTimeout(300_000);
  const routes = await prerenderPaths();
  const height = 740;
  await page.setViewportSize({ width: 375, height });
  await page.emulateMedia({ reducedMotion: "reduce" });
  await page.addInitScript(() => window.localStorage.setItem("cookiesDeclined", "true"));
  const covered: string[] = [];
  let faqAnswers = 0;
  let steps = 0;
  for (const route of routes) {
    await page.goto(route);
    faqAnswers += await page.evaluate(() => {
      const items = [...document.querySelectorAll<HTMLDetailsElement>("details.faq-item")];
      for (const d of items) {
        d.removeAttribute("name");
        d.open = true;
      }
      return items.length;
    });
    await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== "running"));
    const walked = await page.evaluate(walkCoveredText, { step: height / 4 });
    steps += walked.stops;
    covered.push(...walked.lines.map((line) => `${route} ${line}`));
  }
  // Home and the seven service pages have FAQs; each page was stepped through to its end.
  expect(faqAnswers).toBeGreaterThanOrEqual(8 * 3);
  expect(steps).toBeGreaterThan(routes.length * 4);
  expect(covered).toEqual([]);
});

/**
 * The contact bar never covers a form field reached from the keyboard (decision 066): on each form
 * page at 375 px, every field is focused in turn from the top, as Tab reaches it, and must show
 * whole between the header and the bar (html's scroll-padding keeps it above the bar); a text
 * area, which the browser scrolls to by its caret, its first line.
 */
test("at 375 px a field reached by Tab is never under the header or the contact bar", async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await page.emulateMedia({ reducedMotion: "reduce" });
  await page.addInitScript(() => window.localStorage.setItem("cookiesDeclined", "true"));
  const hidden: string[] = [];
  let fields = 0;
  for (const route of ["/contact", "/career", "/feedback"]) {
    await page.goto(route);
    const found = await page.evaluate(() => {
      const frames = [document.querySelector(".site-header"), document.querySelector(".contact-bar")].map((el) =>
        el!.getBoundingClientRect(),
      );
      const out: string[] = [];
      const controls = [
        ...document.querySelectorAll<HTMLElement>("main input:not([type=hidden]), main select, main textarea"),
      ].filter((el) => el.checkVisibility() && el.getBoundingClientRect().width > 2 && el.tabIndex >= 0);
      window.scrollTo({ top: 0, behavior: "instant" });
      for (const el of controls) {
        el.focus();
        const r = el.getBoundingClientRect();
        // A text area is brought into view by its caret, on its first line: that line must show.
        const bottom = el.tagName === "TEXTAREA" ? Math.min(r.bottom, r.top + 48) : r.bottom;
        for (const f of frames)
          if (r.top < f.bottom - 0.5 && bottom > f.top + 0.5) out.push(`${el.id || el.getAttribute("name")}`);
      }
      return { out, count: controls.length };
    });
    fields += found.count;
    hidden.push(...found.out.map((f) => `${route} #${f}`));
  }
  expect(fields).toBeGreaterThan(10);
  expect(hidden).toEqual([]);
});

/**
 * The form controls whose edge has less than 3:1 against the surface around them (WCAG 2.2,
 * 1.4.11), from computed styles: WCAG relative luminance, colours composited over the surfaces
 * beneath (the maths of support/colour.ts, handed in by evaluateWithColour).
 */
function controlEdges({ parse, over, contrast, behind }: ColourMaths): string[] {
  const out: string[] = [];
  const controls = document.querySelectorAll<HTMLElement>(
    "input:not([type=hidden]):not([type=file]), select, textarea, input[type=file]",
  );
  for (const el of controls) {
    const style = getComputedStyle(el);
    const box = el.getBoundingClientRect();
    if (style.display === "none" || style.visibility === "hidden" || box.width < 2 || el.closest("[aria-hidden=true]"))
      continue;
    if ((el as HTMLInputElement).disabled) continue; // WCAG exempts inactive controls
    const outside = behind(el.parentElement);
    const sides = ["Top", "Right", "Bottom", "Left"] as const;
    // The best-drawn edge counts (a control may use a bottom border only).
    let best = 0;
    for (const side of sides) {
      if (parseFloat(style.getPropertyValue(`border-${side.toLowerCase()}-width`)) < 1) continue;
      if (style.getPropertyValue(`border-${side.toLowerCase()}-style`) === "none") continue;
      const edge = over(parse(style.getPropertyValue(`border-${side.toLowerCase()}-color`)), outside);
      best = Math.max(best, contrast(edge, outside));
    }
    if (best < 3)
      out.push(`${el.tagName.toLowerCase()}#${el.id || (el as HTMLInputElement).name}: ${best.toFixed(2)}:1`);
  }
  return out;
}

for (const colorScheme of ["light", "dark"] as const) {
  test(`every form control's edge is 3:1 against its background in the ${colorScheme} scheme`, async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    await page.emulateMedia({ colorScheme, reducedMotion: "reduce" });
    await page.addInitScript(() => window.localStorage.setItem("cookiesDeclined", "true"));
    let seen = 0;
    const weak: string[] = [];
    for (const route of await sitemapRoutes(request)) {
      await page.goto(route);
      seen += await page.locator("main input:not([type=hidden]), main select, main textarea").count();
      for (const line of await evaluateWithColour(page, controlEdges)) weak.push(`${route} ${line}`);
      // Ticked and in its error state, the same holds.
      // The form that posts (the careers page also has its roles' filter, a GET form, above it).
      const form = page.locator('main form[method="post"]').first();
      // The home page's form takes its error states from its later sheet (decision 061).
      if (["/", "/contact", "/career", "/feedback"].includes(route)) {
        await form.locator("input[type=checkbox]").first().check();
        await form.locator('button[type="submit"]').click();
        await expect(form.locator(".is-invalid").first()).toBeVisible();
        for (const line of await evaluateWithColour(page, controlEdges)) weak.push(`${route} (errors) ${line}`);
      }
    }
    expect(seen).toBeGreaterThan(50);
    expect(weak).toEqual([]);
  });
}

const axeTags = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];

test.describe("the dark colour scheme", () => {
  test.describe.configure({ mode: "parallel" });
  test.use({ colorScheme: "dark" });

  for (const width of [1280, 375]) {
    test(`at ${width} px every page is dark and axe finds no violations`, async ({ page, request }) => {
      test.setTimeout(300_000);
      await page.setViewportSize({ width, height: 900 });
      await page.emulateMedia({ colorScheme: "dark", reducedMotion: "reduce" });
      await page.addInitScript(() => window.localStorage.setItem("cookiesDeclined", "true"));
      const problems: string[] = [];
      for (const route of await sitemapRoutes(request)) {
        await page.goto(route);
        await page.evaluate(() =>
          document.querySelectorAll(".reveal-pending").forEach((el) => el.classList.add("is-revealed")),
        );
        const bg = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
        const [r = 255, g = 255, b = 255] = (bg.match(/\d+/g) ?? []).map(Number);
        if (!(r < 40 && g < 40 && b < 60)) problems.push(`${route}: body background ${bg}`);
        const result = await new AxeBuilder({ page }).withTags(axeTags).analyze();
        for (const v of result.violations)
          problems.push(`${route}: ${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
      }
      expect(problems).toEqual([]);
    });
  }

  test("follows the system without JavaScript", async ({ browser }) => {
    const context = await browser.newContext({ colorScheme: "dark", javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto("/contact");
    expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe("rgb(11, 18, 32)");
    await context.close();
  });
});

test.describe("the theme toggle", () => {
  test.use({ viewport: { width: 1280, height: 800 }, colorScheme: "light" });
  test.beforeEach(async ({ page }) => {
    await page.addInitScript(() => window.localStorage.setItem("cookiesDeclined", "true"));
  });
  const bodyBg = (page: Page) => page.evaluate(() => getComputedStyle(document.body).backgroundColor);

  test("overrides the system, is remembered across pages and reloads, and System forgets it", async ({ page }) => {
    await page.goto("/");
    const toggle = page.getByRole("banner").getByRole("group", { name: "Colour theme" });
    await expect(toggle.getByRole("button", { name: "System theme" })).toHaveAttribute("aria-pressed", "true");
    expect(await bodyBg(page)).toBe("rgb(255, 255, 255)");

    await toggle.getByRole("button", { name: "Dark theme" }).click();
    await expect(toggle.getByRole("button", { name: "Dark theme" })).toHaveAttribute("aria-pressed", "true");
    expect(await bodyBg(page)).toBe("rgb(11, 18, 32)");
    await page.goto("/about-us");
    expect(await bodyBg(page)).toBe("rgb(11, 18, 32)");
    await page.reload();
    expect(await bodyBg(page)).toBe("rgb(11, 18, 32)");
    await expect(toggle.getByRole("button", { name: "Dark theme" })).toHaveAttribute("aria-pressed", "true");

    // Light on a dark system.
    await page.emulateMedia({ colorScheme: "dark" });
    await toggle.getByRole("button", { name: "Light theme" }).click();
    expect(await bodyBg(page)).toBe("rgb(255, 255, 255)");
    await page.reload();
    expect(await bodyBg(page)).toBe("rgb(255, 255, 255)");

    await toggle.getByRole("button", { name: "System theme" }).click();
    expect(await bodyBg(page)).toBe("rgb(11, 18, 32)");
    expect(await page.evaluate((key) => localStorage.getItem(key), themeStorageKey)).toBeNull();
  });

  test("the first paint has the chosen theme: the page's own HTML and its sheet, before any script loads", async ({
    browser,
  }) => {
    // Only what the first paint waits for: the HTML with its head scripts, and the page's sheet
    // (decision 085). Every other file of the build, the scripts among them, is refused.
    const context = await browser.newContext({ colorScheme: "light" });
    await context.addInitScript((key) => localStorage.setItem(key, "dark"), themeStorageKey);
    await context.route(/\/assets\/(?!page-[\w-]+\.css$)/, (route) => route.abort());
    const page = await context.newPage();
    await page.goto("/services/cloudservice", { waitUntil: "domcontentloaded" });
    expect(await page.evaluate(() => document.styleSheets.length)).toBeGreaterThan(0);
    expect(await page.evaluate(() => document.documentElement.getAttribute("data-bs-theme"))).toBe("dark");
    expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe("rgb(11, 18, 32)");
    expect(await page.evaluate(() => getComputedStyle(document.querySelector(".site-header")!).backgroundColor)).toBe(
      "rgba(11, 18, 32, 0.92)",
    );
    await context.close();
  });
});

test.describe("forms", () => {
  test.beforeEach(async ({ page }) => {
    await page.addInitScript(() => window.localStorage.setItem("cookiesDeclined", "true"));
  });

  test("a failed submit lists every message above the form, in field order, each link focusing its field", async ({
    page,
  }) => {
    await page.goto("/career");
    const form = page.getByRole("form", { name: "Job application form" });
    await form.getByRole("button", { name: "Submit Application" }).click();
    const summary = form.locator(".form-error-summary");
    await expect(summary).toBeVisible();
    const links = summary.getByRole("link");
    const targets = await links.evaluateAll((els) => els.map((a) => a.getAttribute("href")!.slice(1)));
    const fieldsWithErrors = await form
      .locator(".is-invalid")
      .evaluateAll((els) => els.map((el) => el.id).filter(Boolean));
    expect(targets).toEqual(fieldsWithErrors);
    expect(targets.length).toBeGreaterThanOrEqual(7);
    // Each line is the field's own message.
    for (const id of targets) {
      const message = await form.locator(`#${id}-error`).textContent();
      await expect(summary.locator(`a[href="#${id}"]`)).toHaveText(message!);
    }
    await summary.locator('a[href="#career-message"]').click();
    await expect(form.locator("#career-message")).toBeFocused();
    // Below the sticky header, not under it.
    const [fieldTop, headerBottom] = await page.evaluate(() => [
      document.querySelector("#career-message")!.getBoundingClientRect().top,
      document.querySelector(".site-header")!.getBoundingClientRect().bottom,
    ]);
    expect(fieldTop).toBeGreaterThan(headerBottom);
  });

  test("required and optional fields are marked, and the careers phone hint states the rule", async ({ page }) => {
    await page.goto("/feedback");
    const feedback = page.getByRole("form", { name: "Feedback form" });
    await expect(feedback.getByText("All fields are required unless marked (optional).")).toBeVisible();
    await expect(feedback.getByLabel("Phone (optional)")).not.toHaveAttribute("required");
    await expect(feedback.getByLabel("Email")).toHaveAttribute("required");
    await page.goto("/career");
    const phone = page.getByRole("form", { name: "Job application form" }).getByLabel("Phone");
    await expect(phone).toHaveAttribute("required");
    await expect(phone).toHaveAccessibleDescription(careerPhoneHint);
  });
});

test.describe("the chrome at 375 px", () => {
  test.use({ viewport: { width: 375, height: 740 } });
  test.beforeEach(async ({ page }) => {
    await page.addInitScript(() => window.localStorage.setItem("cookiesDeclined", "true"));
  });

  test("the menu shows Contact without scrolling, and its close button and links are 44 px targets", async ({
    page,
  }) => {
    await page.goto("/");
    await page.getByRole("button", { name: "Open menu" }).click();
    const menu = page.getByRole("dialog", { name: "Menu" });
    await expect(menu).toBeVisible();
    const contact = menu.getByRole("link", { name: "Contact", exact: true });
    await expect(contact).toBeInViewport({ ratio: 1 });
    const close = await menu.getByRole("button", { name: "Close menu" }).boundingBox();
    expect(close!.width).toBeGreaterThanOrEqual(44);
    expect(close!.height).toBeGreaterThanOrEqual(44);
    for (const link of await menu.getByRole("link").all()) {
      expect((await link.boundingBox())!.height, (await link.textContent()) ?? "").toBeGreaterThanOrEqual(44);
    }
    // The groups open in place.
    await menu.getByText("Services", { exact: true }).click();
    await expect(menu.getByRole("link", { name: "Cloud Services" })).toBeVisible();
  });

  test("footer links are at least 24 px tall, and no strip of page shows between the last section and the footer", async ({
    page,
  }) => {
    await page.goto("/about-us");
    for (const link of await page.locator("footer nav a").all()) {
      expect((await link.boundingBox())!.height, (await link.textContent()) ?? "").toBeGreaterThanOrEqual(24);
    }
    const gap = await page.evaluate(() => {
      const main = document.querySelector("main")!.getBoundingClientRect();
      return document.querySelector("footer")!.getBoundingClientRect().top - main.bottom;
    });
    expect(gap).toBe(0);
  });
});
