/**
 * Pages hydrate only their islands (docs/decisions/041-islands.md): a page loads the islands entry
 * and the chunks of the islands it holds, nothing else, and a form's code arrives only when the
 * visitor starts using it, keeping what was typed while it loaded.
 */
import type { Page, Request, Route } from "@playwright/test";
import zlib from "node:zlib";
import { formIslandNames } from "../../app/islands/names";
import { prerenderPaths } from "../../app/site/prerender";
import { budgets } from "../../scripts/budgets";
import { expect, test } from "./fixtures";

const preloadsOf = (html: string): string[] =>
  JSON.parse((/data-preload="([^"]*)"/.exec(html)?.[1] ?? "[]").replace(/&quot;/g, '"')) as string[];
const hasForm = (html: string) => formIslandNames.some((name) => html.includes(`data-island="${name}"`));
/** A form island's own chunk (vite.islands.config.ts names chunks island-<name>-<hash>.js). */
const formChunk = (name: string) => new RegExp(`/assets/island-${name}-[\\w-]+\\.js$`);

/** Holds every request for the chunk until release() is called; counts the requests. */
async function holdChunk(page: Page, pattern: RegExp) {
  const requests: Request[] = [];
  let release!: () => void;
  const released = new Promise<void>((r) => (release = r));
  await page.route(pattern, async (route: Route) => {
    requests.push(route.request());
    await released;
    await route.continue();
  });
  return { requests, release };
}

test("a page without a form loads the islands entry and its shell islands' chunks, nothing more", async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const routes: string[] = [];
  for (const route of await prerenderPaths()) {
    const html = await (await request.get(route)).text();
    if (!hasForm(html)) routes.push(route);
  }
  // Policies, case studies, team, portfolio, about, the overview pages, the 404 stand-ins.
  expect(routes.length).toBeGreaterThan(10);
  for (const route of routes) {
    const scripts = new Map<string, number>();
    const onResponse = async (response: import("@playwright/test").Response) => {
      if (response.request().resourceType() !== "script") return;
      scripts.set(new URL(response.url()).pathname, zlib.gzipSync(await response.body(), { level: 9 }).length);
    };
    page.on("response", onResponse);
    await page.goto(route);
    await page.waitForLoadState("networkidle");
    page.off("response", onResponse);
    const html = await page.evaluate(() => document.getElementById("rr-boot")?.outerHTML ?? "");
    const preload = preloadsOf(html);
    expect(preload[0], route).toMatch(/^\/assets\/islands-[\w-]+\.js$/);
    // Every script fetched is the entry or a chunk the page preloads for its islands.
    expect([...scripts.keys()].sort(), route).toEqual([...preload].sort());
    const bytes = [...scripts.values()].reduce((a, b) => a + b, 0);
    expect(bytes, `${route}: ${scripts.size} scripts, ${bytes} B gzip`).toBeLessThanOrEqual(budgets.js);
  }
});

test("the home page's form code is fetched only on first use, and what was typed meanwhile survives hydration", async ({
  page,
}) => {
  const held = await holdChunk(page, formChunk("contact-form"));
  await page.goto("/");
  await page.waitForLoadState("networkidle");
  // The contact form is far below the fold: nothing of it has been asked for.
  expect(held.requests).toHaveLength(0);
  const island = page.locator('[data-island="contact-form"]');
  const first = island.getByLabel("First name", { exact: true });
  await first.focus();
  await expect.poll(() => held.requests.length).toBe(1);
  // Typed while the form's code is still on its way.
  await page.keyboard.type("Ada");
  await expect(island).not.toHaveAttribute("data-island-hydrated");
  held.release();
  await expect(island).toHaveAttribute("data-island-hydrated", "");
  await expect(first).toHaveValue("Ada");
  // The form is the script's now: a submit is checked in the page (no post), and the typed name stands.
  await island.getByRole("button", { name: "Book A Consultation" }).click();
  await expect(island.getByLabel("Email", { exact: true })).toHaveAttribute("aria-invalid", "true");
  await expect(first).not.toHaveAttribute("aria-invalid", "true");
  await expect(page).toHaveURL(/\/$/);
});

test("a submit made before the form's code has arrived waits for it and goes through the script", async ({ page }) => {
  const held = await holdChunk(page, formChunk("feedback-form"));
  await page.goto("/feedback");
  const island = page.locator('[data-island="feedback-form"]');
  const submit = island.locator('button[type="submit"]');
  await submit.click();
  await expect.poll(() => held.requests.length).toBe(1);
  await expect(island).not.toHaveAttribute("data-island-hydrated");
  held.release();
  await expect(island).toHaveAttribute("data-island-hydrated", "");
  // The page's own checks answered (no post to the API, whose answer page would replace this one).
  await expect(island.locator('[aria-invalid="true"]').first()).toBeVisible();
  await expect(page).toHaveURL(/\/feedback$/);
});

test("the reveal hides what is below the fold at once, with no transition until it scrolls into view", async ({
  page,
}) => {
  // Every transition that starts on a reveal element, in the page's order.
  await page.addInitScript(() => {
    const runs: string[] = [];
    (window as Window & { revealRuns?: string[] }).revealRuns = runs;
    document.addEventListener("transitionrun", (e) => {
      if ((e.target as Element).matches("[data-reveal]")) runs.push(e.propertyName);
    });
  });
  const runs = () =>
    page.evaluate(async () => {
      // Transition events are dispatched with the next frame.
      await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
      return (window as Window & { revealRuns?: string[] }).revealRuns ?? [];
    });
  await page.goto("/");
  // The reveal is armed in the task before the first island hydrates (app/islands/entry.ts).
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  const pending = page.locator("[data-reveal].reveal-pending").first();
  await expect(pending).toHaveCSS("opacity", "0");
  // A transition on the hiding ran 1.5 s on content nobody saw, and its start and end were long
  // tasks after the load (decision 082).
  expect(await runs()).toEqual([]);
  await pending.scrollIntoViewIfNeeded();
  await expect(pending).toHaveClass(/is-revealed/);
  expect(await runs()).toContain("opacity");
  await expect(pending).toHaveCSS("opacity", "1", { timeout: 5_000 });
});
