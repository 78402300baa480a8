import { expect, test, type Page } from "@playwright/test";
import { apply, signedIn } from "./helpers";

/** WCAG relative luminance and contrast ratio of two "rgb(r, g, b)" colours. */
function contrast(a: string, b: string): number {
  const luminance = (css: string) => {
    const [r, g, bl] = css
      .match(/[\d.]+/g)!
      .slice(0, 3)
      .map(Number) as [number, number, number];
    const lin = (c: number) => (c / 255 <= 0.03928 ? c / 255 / 12.92 : ((c / 255 + 0.055) / 1.055) ** 2.4);
    return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(bl);
  };
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/**
 * Tabs through the page; for each focused element, its outline and the colour it is drawn on:
 * the first opaque background among its ancestors (the ring sits outside the element).
 */
async function focusRings(page: Page) {
  const rings: { element: string; outline: string; style: string; width: number; behind: string }[] = [];
  await page.locator("body").focus();
  for (let i = 0; i < 80; i++) {
    await page.keyboard.press("Tab");
    const ring = await page.evaluate(() => {
      const el = document.activeElement;
      if (!el || el === document.body) return undefined;
      const style = getComputedStyle(el);
      let behind = "rgb(255, 255, 255)";
      for (let p = el.parentElement; p; p = p.parentElement) {
        const bg = getComputedStyle(p).backgroundColor;
        if (bg !== "rgba(0, 0, 0, 0)" && bg !== "transparent") {
          behind = bg;
          break;
        }
      }
      const label = `${el.tagName.toLowerCase()} ${(el.textContent ?? "").trim().slice(0, 30) || el.id}`;
      return {
        element: label,
        outline: style.outlineColor,
        style: style.outlineStyle,
        width: parseFloat(style.outlineWidth),
        behind,
      };
    });
    if (!ring) break;
    if (rings.some((r) => r.element === ring.element)) break;
    rings.push(ring);
  }
  return rings;
}

test("the focus ring reaches at least 3:1 against what it is drawn on, on every focusable element", async ({
  browser,
  request,
}) => {
  const number = await apply(request, {
    firstName: "Fiona",
    lastName: "Ringwald",
    email: `fiona.${Date.now()}@example.com`,
  });
  const context = await browser.newContext();
  const { page } = await signedIn(context, "admin", "Felix Focus");
  const pages = ["/admin", "/admin/copy", "/admin/people"];
  await page.getByRole("link", { name: "Fiona Ringwald" }).click();
  await expect(page.getByRole("heading", { level: 1, name: `Application ${number}` })).toBeVisible();
  pages.push(new URL(page.url()).pathname);
  for (const path of pages) {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    const rings = await focusRings(page);
    expect(rings.length, path).toBeGreaterThan(3);
    for (const r of rings) {
      expect(r.style, `${path}: ${r.element}`).toBe("solid");
      expect(r.width, `${path}: ${r.element}`).toBeGreaterThanOrEqual(2);
      expect(
        contrast(r.outline, r.behind),
        `${path}: ${r.element} (${r.outline} on ${r.behind})`,
      ).toBeGreaterThanOrEqual(3);
    }
  }
  await context.close();
});
