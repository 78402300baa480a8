/**
 * The forms' states as a visitor meets them (issue 28), in Chromium against the real server:
 * - with JavaScript, a sent form gives way to the same confirmation panel the no-JavaScript
 *   answer shows, and focus moves into it (every form of the contracts);
 * - the fields' focus ring is the brand blue, 3:1 or better against the page, in every state and
 *   in both colour schemes;
 * - the careers file picker names the chosen file with its size, and the select's state icon
 *   keeps clear of its chevron;
 * - /cookies-settings without JavaScript says nothing is measured and offers nothing dead; with
 *   it the switches work; in the dark the switches' edges and the "Essential" label are legible.
 */
import crypto from "node:crypto";
import type { Browser, Locator, Page } from "@playwright/test";
import { formDefinitions } from "../../contracts/forms/index";
import type { FormDefinition } from "../../contracts/forms/definition";
import { fileSize } from "../../app/components/forms/file-size";
import { formPagePath, sentWords } from "../../app/components/forms/sent-words";
import { cookieSettingsPage } from "../../app/content/company-pages";
import { contrast, hue, over, paint, parse, surface, surfaceUnder } from "../support/colour";
import { expect, test } from "./fixtures";

const kinds = Object.keys(formDefinitions) as (keyof typeof formDefinitions)[];
const pdf = Buffer.from("%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n");

async function open(browser: Browser, options: { javaScript?: boolean; colorScheme?: "light" | "dark" } = {}) {
  const context = await browser.newContext({
    javaScriptEnabled: options.javaScript ?? true,
    colorScheme: options.colorScheme ?? "light",
    reducedMotion: "reduce",
  });
  await context.addInitScript(() => window.localStorage.setItem("cookiesDeclined", "true"));
  const page = await context.newPage();
  return { page, close: () => context.close() };
}

const hydrated = (page: Page) => page.locator("html[data-hydrated]").waitFor({ state: "attached" });

/** The form that posts, by its definition's accessible name. */
const formOf = (page: Page, definition: FormDefinition) => page.getByRole("form", { name: definition.ariaLabel });

/** Fills every field of the definition with a valid value, by its kind of input. */
async function fill(form: Locator, definition: FormDefinition, tag: string) {
  for (const field of definition.fields) {
    const control = form.locator(`[name="${field.name}"]`);
    switch (field.input) {
      case "text":
        await control.fill(`Priya${tag}`);
        break;
      case "email":
        await control.fill(`priya.${tag}@northwind-logistics.test`);
        break;
      case "tel":
        await control.fill("4155550142");
        break;
      case "textarea":
        await control.fill("We would like a plan to move our route planning service to AWS this spring.");
        break;
      case "select": {
        const value = await control
          .locator("option:not([disabled])")
          .evaluateAll((options) => (options as HTMLOptionElement[]).find((o) => o.value)?.value ?? "");
        await control.selectOption(value);
        break;
      }
      case "file":
        await control.setInputFiles({ name: "cv.pdf", mimeType: "application/pdf", buffer: pdf });
        break;
      case "checkbox":
        if (!field.optional) await control.check();
        break;
    }
  }
}

/** The confirmation's heading and text, with an application's number (new for each send) made neutral. */
async function panelWords(panel: Locator) {
  const neutral = (text: string) =>
    text
      .replace(/APP-\d{4}-\d{6}/g, "APP-N")
      .replace(/\s+/g, " ")
      .trim();
  return {
    heading: neutral((await panel.getByRole("heading").textContent()) ?? ""),
    text: neutral((await panel.textContent()) ?? ""),
  };
}

test.describe("the sent panel", () => {
  test.describe.configure({ timeout: 60_000 });
  for (const kind of kinds) {
    const definition = formDefinitions[kind];
    test(`with JavaScript the ${kind} form is replaced by the no-JavaScript answer's panel, and focus moves into it`, async ({
      browser,
    }) => {
      const tag = crypto.randomBytes(3).toString("hex");
      // Without JavaScript: the server's answer page.
      const plain = await open(browser, { javaScript: false });
      await plain.page.goto(formPagePath(kind));
      await fill(formOf(plain.page, definition), definition, tag);
      await formOf(plain.page, definition).locator('button[type="submit"]').click();
      const answer = plain.page.getByRole("status");
      await expect(answer.getByRole("heading", { name: sentWords[kind].done })).toBeVisible();
      const expected = await panelWords(answer);
      await plain.close();

      // With JavaScript: the same panel in the form's place.
      const live = await open(browser);
      await live.page.goto(formPagePath(kind));
      await hydrated(live.page);
      const form = formOf(live.page, definition);
      await fill(form, definition, `${tag}js`);
      await form.locator('button[type="submit"]').click();
      const panel = form.getByRole("status");
      await expect(panel.getByRole("heading", { name: sentWords[kind].done })).toBeVisible();
      expect(await panelWords(panel)).toEqual(expected);
      // The form's fields and its button are gone: the panel took their place.
      await expect(form.locator("input:not([type=hidden]), select, textarea, button")).toHaveCount(0);
      expect(await panel.evaluate((el) => el.contains(document.activeElement))).toBe(true);
      await expect(panel).toBeInViewport();

      // Its way back, as on the answer page, brings the form back empty with focus on its first field.
      await panel.getByRole("link", { name: sentWords[kind].again }).click();
      await expect(form.getByRole("status")).toHaveCount(0);
      const first = form.locator(`[name="${definition.fields[0]!.name}"]`);
      await expect(first).toBeFocused();
      await expect(first).toHaveValue("");
      await live.close();
    });
  }
});

/** The focused element's ring: its outline and its box shadow, and the surface under it. */
async function ringOf(page: Page) {
  const focused = page.locator(":focus");
  const style = await focused.evaluate((el) => {
    const s = getComputedStyle(el);
    const root = getComputedStyle(document.documentElement);
    return {
      id: el.id,
      className: el.className,
      outlineStyle: s.outlineStyle,
      outlineWidth: parseFloat(s.outlineWidth),
      outlineColor: s.outlineColor,
      boxShadow: s.boxShadow,
      // The brand blue as the scheme draws it: the fill, and (lighter in the dark) as links.
      brand: [
        `rgb(${root.getPropertyValue("--bs-primary-rgb")})`,
        `rgb(${root.getPropertyValue("--bs-link-color-rgb")})`,
      ],
    };
  });
  return { ...style, surface: await surfaceUnder(focused) };
}

test.describe("the fields' focus ring", () => {
  test.describe.configure({ timeout: 90_000 });
  for (const colorScheme of ["light", "dark"] as const) {
    test(`is brand blue and 3:1 against the page on every field, plain, invalid and valid, in the ${colorScheme} scheme`, async ({
      browser,
    }) => {
      const { page, close } = await open(browser, { colorScheme });
      const seen: string[] = [];
      const weak: string[] = [];
      // Every form, so every kind of field: text, email, phone, select, file, text area, checkbox.
      for (const kind of kinds) {
        const definition = formDefinitions[kind];
        await page.goto(formPagePath(kind));
        await hydrated(page);
        const form = formOf(page, definition);
        const names = definition.fields.map((f) => f.name);
        const check = async (state: string) => {
          for (const name of names) {
            const control = form.locator(`[name="${name}"]`);
            // Reached from the keyboard, as the ring is for: Tab from the field before it.
            await control.focus();
            await page.keyboard.press("Shift+Tab");
            await page.keyboard.press("Tab");
            await expect(control).toBeFocused();
            const ring = await ringOf(page);
            const colour = parse(ring.outlineColor);
            const ratio = contrast(over(colour, ring.surface), ring.surface);
            seen.push(`${kind} ${name} ${state}`);
            if (ring.outlineStyle !== "solid" || ring.outlineWidth < 2)
              weak.push(`${kind} ${name} ${state}: outline ${ring.outlineStyle} ${ring.outlineWidth}px`);
            if (
              !ring.brand.map((c) => parse(c).join()).includes(colour.join()) ||
              hue(colour) < 200 ||
              hue(colour) > 235
            )
              weak.push(
                `${kind} ${name} ${state}: ${ring.outlineColor} is not the brand blue (${ring.brand.join(" or ")})`,
              );
            if (ratio < 3) weak.push(`${kind} ${name} ${state}: ${ratio.toFixed(2)}:1`);
            // No second ring in the state's colour beside it.
            if (ring.boxShadow !== "none") weak.push(`${kind} ${name} ${state}: box shadow ${ring.boxShadow}`);
          }
        };
        await check("plain");
        await form.locator('button[type="submit"]').click();
        await expect(form.locator(".is-invalid").first()).toBeVisible();
        await expect(form.locator(`[name="${names[0]}"].is-invalid`)).toHaveCount(1);
        await check("invalid");
        await fill(form, definition, "ring");
        // Not sent: a first field too long keeps the form here, with every other field now valid.
        await form.locator(`[name="${names[0]}"]`).fill("x".repeat(400));
        await form.locator('button[type="submit"]').click();
        // This send's answer, not the last one's: an optional field shows as valid since the first
        // try, so a visible `.is-valid` is no sign of it. Until the answer the check would race the
        // form's own move of focus to its first wrong field (a Tab then left the first field).
        await expect(form.locator(`.is-invalid:not([name="${names[0]}"])`)).toHaveCount(0);
        await expect(form.locator(`[name="${names[0]}"].is-invalid`)).toHaveCount(1);
        await check("valid");
      }
      expect(seen.length).toBeGreaterThanOrEqual(3 * kinds.length * 5);
      expect(weak).toEqual([]);
      await close();
    });
  }
});

test.describe("the careers form", () => {
  const definition = formDefinitions.application;
  const fileField = definition.fields.find((f) => f.input === "file")!;
  const selectField = definition.fields.find((f) => f.input === "select")!;

  test("the file picker names the chosen file with its size, and reads them with the field", async ({ browser }) => {
    const { page, close } = await open(browser);
    await page.goto(formPagePath("application"));
    await hydrated(page);
    const form = formOf(page, definition);
    const input = form.getByLabel(fileField.label, { exact: true });
    // The form's island comes alive when the form is in sight (decision 041).
    await form.scrollIntoViewIfNeeded();
    await page.locator('[data-island="career-form"][data-island-hydrated]').waitFor({ state: "attached" });
    await expect(form.getByText("No file chosen", { exact: false })).toBeVisible();
    const bytes = 245_000;
    await input.setInputFiles({
      name: "priya-raman-cv.pdf",
      mimeType: "application/pdf",
      buffer: Buffer.alloc(bytes, 37),
    });
    const chosen = form.locator(`#${await input.getAttribute("id")}-chosen`);
    await expect(chosen).toHaveText(`priya-raman-cv.pdf (${fileSize(bytes)})`);
    await expect(chosen).toBeVisible();
    // Read out with the input (its description), not only seen.
    expect((await input.getAttribute("aria-describedby"))!.split(" ")).toContain(await chosen.getAttribute("id"));
    // Another file replaces it.
    await input.setInputFiles({
      name: "cv-2026.docx",
      mimeType: "application/msword",
      buffer: Buffer.alloc(3_500_000, 1),
    });
    await expect(chosen).toHaveText(`cv-2026.docx (${fileSize(3_500_000)})`);
    // The input stays the control: reached by Tab from the field before it.
    await form.getByLabel(selectField.label, { exact: true }).focus();
    await page.keyboard.press("Tab");
    await expect(input).toBeFocused();
    await close();
  });

  test("without JavaScript the file picker is the browser's own input, styled, and it posts", async ({ browser }) => {
    const { page, close } = await open(browser, { javaScript: false });
    await page.goto(formPagePath("application"));
    const form = formOf(page, definition);
    const input = form.getByLabel(fileField.label, { exact: true });
    await expect(input).toBeVisible();
    // The browser's own name of the file shows (its text is not hidden behind a face).
    expect(await input.evaluate((el) => getComputedStyle(el).color)).not.toBe("rgba(0, 0, 0, 0)");
    await expect(form.locator(".file-picker__face")).toHaveCount(0);
    // Its button is drawn in the link blue and bold, not the browser's grey default.
    const button = await input.evaluate((el) => {
      const s = getComputedStyle(el, "::file-selector-button");
      return { color: s.color, weight: Number(s.fontWeight) };
    });
    const link = await page.evaluate(
      () => `rgb(${getComputedStyle(document.documentElement).getPropertyValue("--bs-link-color-rgb")})`,
    );
    expect(parse(button.color).join()).toBe(parse(link).join());
    expect(button.weight).toBeGreaterThanOrEqual(600);
    await close();
  });

  for (const colorScheme of ["light", "dark"] as const) {
    test(`the select's state icon keeps clear of its chevron and of the text, invalid and valid (${colorScheme})`, async ({
      browser,
    }) => {
      const { page, close } = await open(browser, { colorScheme });
      await page.goto(formPagePath("application"));
      await hydrated(page);
      const form = formOf(page, definition);
      const select = form.getByLabel(selectField.label, { exact: true });
      await form.locator('button[type="submit"]').click();
      await expect(select).toHaveClass(/is-invalid/);
      const states = [await iconsOf(select)];
      await fill(form, definition, "icons");
      await form.locator(`[name="${definition.fields[0]!.name}"]`).fill("x".repeat(400));
      await form.locator('button[type="submit"]').click();
      await expect(select).toHaveClass(/is-valid/);
      states.push(await iconsOf(select));
      for (const { boxes, textEnd } of states) {
        // Two icons: the chevron (right) and the state's (left of it), 12 px apart or more
        // (Bootstrap's own 8 px read as one blot).
        expect(boxes).toHaveLength(2);
        const [chevron, state] = [...boxes].sort((a, b) => b.left - a.left);
        expect(chevron!.left - state!.right).toBeGreaterThanOrEqual(12);
        // The text stops 8 px or more before the state icon.
        expect(state!.left - textEnd).toBeGreaterThanOrEqual(8);
      }
      await close();
    });
  }
});

/**
 * The select's background icons as boxes (px from the padding box's left), from the computed
 * background-position-x and background-size, and where its text ends (the padding's edge).
 */
async function iconsOf(select: Locator) {
  const s = await select.evaluate((el) => {
    const c = getComputedStyle(el);
    return {
      x: c.backgroundPositionX,
      size: c.backgroundSize,
      images: c.backgroundImage,
      width: el.clientWidth,
      paddingRight: parseFloat(c.paddingRight),
    };
  });
  const images = s.images.split(/,\s*(?=url\()/).filter((i) => i.startsWith("url("));
  const widths = s.size.split(",").map((v) => parseFloat(v.trim().split(/\s+/)[0]!));
  const xs = s.x.split(/,\s*(?![^(]*\))/).map((v) => v.trim());
  const boxes = images.map((_, i) => {
    const w = widths[i]!;
    const x = xs[i]!;
    // calc(P% ± Npx), P%, or Npx: the offset within the room left beside the image.
    const m = /^(?:calc\()?(?:([\d.]+)%)?\s*(?:([+-])\s*)?(?:([\d.]+)px)?\)?$/.exec(x);
    if (!m) throw new Error(`unexpected background-position-x ${x}`);
    const percent = m[1] ? Number(m[1]) : 0;
    const px = m[3] ? Number(m[3]) * (m[2] === "-" ? -1 : 1) : 0;
    const left = ((s.width - w) * percent) / 100 + px;
    return { left, right: left + w };
  });
  return { boxes, textEnd: s.width - s.paddingRight };
}

test.describe("cookie settings", () => {
  test("without JavaScript: a plain statement, every switch locked, no Save button", async ({ browser }) => {
    const { page, close } = await open(browser, { javaScript: false });
    await page.goto("/cookies-settings");
    await expect(page.getByText(cookieSettingsPage.noScript)).toBeVisible();
    const switches = page.getByRole("switch");
    expect(await switches.count()).toBe(Object.keys(cookieSettingsPage.categories).length);
    for (const toggle of await switches.all()) await expect(toggle).toBeDisabled();
    await expect(page.getByRole("button", { name: "Save Preferences" })).toHaveCount(0);
    await expect(page.getByRole("form", { name: "Cookie preferences" }).getByRole("button")).toHaveCount(0);
    await close();
  });

  test("with JavaScript: the statement goes, the switches work and Save saves", async ({ browser }) => {
    const { page, close } = await open(browser);
    await page.goto("/cookies-settings");
    await hydrated(page);
    await expect(page.getByText(cookieSettingsPage.noScript)).toHaveCount(0);
    await expect(page.getByRole("switch", { name: cookieSettingsPage.categories.essential.title })).toBeDisabled();
    const performance = page.getByRole("switch", { name: cookieSettingsPage.categories.performance.title });
    await expect(performance).toBeEnabled();
    await performance.check();
    await page.getByRole("button", { name: "Save Preferences" }).click();
    await expect(page.getByRole("status")).toHaveText(cookieSettingsPage.saved);
    await page.reload();
    await hydrated(page);
    await expect(performance).toBeChecked();
    await close();
  });

  for (const javaScript of [true, false]) {
    test(`in the dark scheme${javaScript ? "" : " without JavaScript"}: every off switch's edge is 3:1 and "Essential" reads at 4.5:1`, async ({
      browser,
    }) => {
      const { page, close } = await open(browser, { colorScheme: "dark", javaScript });
      await page.goto("/cookies-settings");
      if (javaScript) await hydrated(page);
      const off = page.locator('[role="switch"]:not(:checked)');
      expect(await off.count()).toBeGreaterThanOrEqual(3);
      for (const toggle of await off.all()) {
        const border = parse(await toggle.evaluate((el) => getComputedStyle(el).borderTopColor));
        const under = await toggle.evaluate(paint);
        const ratio = contrast(over(border, surface(under), under.opacity), surface(under));
        expect(ratio, `${await toggle.getAttribute("id")} edge`).toBeGreaterThanOrEqual(3);
      }
      const essential = page.getByText(cookieSettingsPage.categories.essential.title, { exact: true });
      const colour = parse(await essential.evaluate((el) => getComputedStyle(el).color));
      const under = await essential.evaluate(paint);
      expect(contrast(over(colour, surface(under), under.opacity), surface(under))).toBeGreaterThanOrEqual(4.5);
      await close();
    });
  }
});
