import { expect, test } from "./fixtures";
import fs from "node:fs";
import path from "node:path";
import { prerenderPaths, renderedPerRequest } from "../../app/site/prerender";
import { footerColumn, pages, pagesIn, redirects } from "../../app/site/pages";
import { breaches, formatTable, measureRoute } from "../../scripts/budgets";
import { unreferencedFiles } from "../../scripts/unreferenced-files";

test("every route keeps its byte budgets (gzip: JS 20 KB before interaction, a form's code 60 KB on first use and first submit together, CSS 25 KB, HTML 20 KB, images 100 KB; fonts 64 KB)", async ({
  request,
}) => {
  const client = path.resolve("build/client");
  // Every prerendered page (the feeds are files, not pages), then the ones the server renders.
  const prerenderedPages = (await prerenderPaths()).filter((r) => !renderedPerRequest.includes(r));
  const rows = prerenderedPages.map((r) => measureRoute(client, r));
  // The pages the server renders per request, and one role's page, as it answers them (decision 055).
  const sitemap = await (await request.get("/sitemap.xml")).text();
  const role = /<loc>https?:\/\/[^<]+?(\/career\/[^<]+)<\/loc>/.exec(sitemap)?.[1];
  expect(role).toBeTruthy();
  for (const route of [...renderedPerRequest, role!]) {
    const html = await (await request.get(route)).text();
    // The page's sheet the server made for it, as plain bytes (measureRoute gzips them).
    const sheets = new Map<string, Buffer>();
    for (const [, url] of html.matchAll(/<link rel="stylesheet" href="(\/assets\/page-[^"]+)"/g))
      sheets.set(url!, await (await request.get(url!, { headers: { "Accept-Encoding": "identity" } })).body());
    rows.push(measureRoute(client, route, { html, sheets }));
  }
  console.log(formatTable(rows));
  expect(rows.length).toBeGreaterThan(pages.length);
  expect(rows.flatMap(breaches)).toEqual([]);
});

test("the build leaves no file that nothing loads: React Router's client entry, route chunks and loader data are gone", () => {
  const client = path.resolve("build/client");
  const assets = fs.readdirSync(path.join(client, "assets"));
  // The site's stylesheet: no page links it (each has a sheet of its own, decisions 061 and 085):
  // the server cuts it for each page it renders, and sends it for a page's sheet it does not hold. Nothing else may be left unreferenced.
  const sheets = assets.filter((f) => /^root-[\w-]+\.css$/.test(f)).map((f) => `assets/${f}`);
  expect(sheets).toHaveLength(1);
  expect(unreferencedFiles(client, sheets)).toEqual([]);
  expect(assets.filter((f) => f.startsWith("entry.client-"))).toEqual([]);
  // What the pages do load is still there: the islands entry the home page starts.
  const entry = /import "\/assets\/([^"]+\.js)"/.exec(fs.readFileSync(path.join(client, "index.html"), "utf8"))?.[1];
  expect(assets).toContain(entry);
});

test("a crawl from / finds no broken link, no alias link and no page missing from the sitemap", async ({ request }) => {
  test.setTimeout(120_000);
  const aliases = new Set<string>(redirects.map((r) => r.from));
  const sitemap = await (await request.get("/sitemap.xml")).text();
  const inSitemap = new Set([...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!).pathname));
  const queue = ["/", ...pages.map((p) => p.path)];
  const seen = new Set<string>();
  const problems: string[] = [];
  while (queue.length) {
    const url = queue.shift()!;
    if (seen.has(url)) continue;
    seen.add(url);
    const res = await request.get(url, { maxRedirects: 0 });
    if (res.status() !== 200) {
      problems.push(`${url}: HTTP ${res.status()}`);
      continue;
    }
    if (!(res.headers()["content-type"] ?? "").includes("text/html")) continue;
    if (!inSitemap.has(url)) problems.push(`${url}: not in sitemap.xml`);
    const html = await res.text();
    for (const m of html.matchAll(/<a [^>]*href="([^"#]*)(#[^"]*)?"/g)) {
      const href = m[1]!;
      if (!href.startsWith("/") || href.startsWith("//")) continue;
      if (aliases.has(href)) problems.push(`${url} links to the alias ${href}`);
      if (!seen.has(href)) queue.push(href);
    }
  }
  expect(problems).toEqual([]);
  expect(seen.size).toBeGreaterThanOrEqual(pages.length);
});

test("without JavaScript every page shows its content, all navigation and the footer", async ({ browser }) => {
  test.setTimeout(120_000);
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  const navHrefs = [...pagesIn("services"), ...pagesIn("technology")].map((p) => p.path);
  const footerHrefs = (["services", "technology", "company", "policies"] as const).flatMap((c) =>
    footerColumn(c).map((p) => p.path),
  );
  for (const route of pages.map((p) => p.path)) {
    await page.goto(route);
    await expect(page.locator("main h1")).toBeVisible();
    expect((await page.locator("main").innerText()).length, route).toBeGreaterThan(200);
    const header = await page.locator("header a").evaluateAll((els) => els.map((a) => a.getAttribute("href")));
    for (const href of navHrefs) expect(header, `${route} header`).toContain(href);
    const footer = await page.locator("footer a").evaluateAll((els) => els.map((a) => a.getAttribute("href")));
    for (const href of footerHrefs) expect(footer, `${route} footer`).toContain(href);
  }
  await context.close();
});

test("the first paint waits for no JavaScript, and the page's sheet is all its CSS until its form is used", async ({
  page,
  request,
}) => {
  const html = await (await request.get("/")).text();
  // Decisions 061 and 085: the page's rules in one sheet of its own, linked render-blocking; no
  // stylesheet to fetch or enable after the first paint.
  const sheets = [...html.matchAll(/<link[^>]*rel="stylesheet"[^>]*>/g)].map((m) => m[0]);
  expect(sheets).toEqual([expect.stringMatching(/^<link rel="stylesheet" href="\/assets\/page-[\w-]{10}\.css"\/>$/)]);
  const pageSheet = /href="([^"]+)"/.exec(sheets[0]!)![1]!;
  expect(html).not.toContain('<link rel="modulepreload"');

  await page.goto("/");
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  const timing = await page.evaluate(() => ({
    paint: performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? Number.NaN,
    scripts: performance
      .getEntriesByType("resource")
      .filter((r) => r.name.endsWith(".js"))
      .map((r) => r.startTime),
    sheets: performance
      .getEntriesByType("resource")
      .filter((r) => r.name.endsWith(".css"))
      .map((r) => ({ path: new URL(r.name).pathname, end: r.responseEnd })),
    linked: [...document.styleSheets].flatMap((s) => (s.href ? [new URL(s.href).pathname] : [])),
  }));
  expect(timing.scripts.length).toBeGreaterThan(3);
  for (const start of timing.scripts) expect(start).toBeGreaterThanOrEqual(timing.paint);
  // The page's sheet, and nothing else, had arrived by the first paint.
  expect(timing.sheets.map((s) => s.path)).toEqual([pageSheet]);
  expect(timing.sheets[0]!.end).toBeLessThanOrEqual(timing.paint);
  expect(timing.linked).toEqual([pageSheet]);

  // Its form's own rules (error states, the sent answer) come with the form's code, on first use.
  const later = /data-later-css="(\/assets\/form-[\w-]+\.css)"/.exec(html)?.[1];
  expect(later).toBeDefined();
  await page.locator("form.contact-form input:not([type=hidden])").first().focus();
  await expect
    .poll(() =>
      page.evaluate(() => [...document.styleSheets].flatMap((s) => (s.href ? [new URL(s.href).pathname] : []))),
    )
    .toEqual([pageSheet, later]);
});

test("every icon on every page names a drawing in the served sprite", async ({ request }) => {
  const sprites = new Map<string, string>();
  const missing: string[] = [];
  let icons = 0;
  for (const route of await prerenderPaths()) {
    const html = await (await request.get(route)).text();
    for (const [, file, id] of html.matchAll(/<use href="(\/assets\/[^"#]+)#([^"]+)"/g)) {
      icons++;
      if (!sprites.has(file!)) {
        const res = await request.get(file!);
        expect(res.headers()["content-type"]).toContain("image/svg+xml");
        sprites.set(file!, await res.text());
      }
      if (!sprites.get(file!)!.includes(`<symbol id="${id}"`)) missing.push(`${route}: ${id}`);
    }
  }
  expect(icons).toBeGreaterThan(100);
  expect(missing).toEqual([]);
});
