import { expect, test } from "./fixtures";
import { pages, redirects } from "../../app/site/pages";
import { collectionSamples } from "../../app/site/prerender";

/** Every page of the page table and one of each kind a collection adds, fetched as a crawler sees it: no JavaScript. */
for (const page of [...pages, ...collectionSamples().map((path) => ({ path }))]) {
  test(`${page.path} is prerendered with its heading, title, description and canonical link`, async ({ request }) => {
    const res = await request.get(page.path);
    expect(res.status()).toBe(200);
    const html = await res.text();
    expect(html).toMatch(/<h1[^>]*>[^<]+/);
    expect(html).toMatch(/<title>[^<]+<\/title>/);
    expect(html).toMatch(/<meta name="description" content="[^"]{20,}"\/?>/);
    expect(html).toMatch(/<meta name="keywords" content="[^"]+"\/?>/);
    const canonical = /<link rel="canonical" href="([^"]+)"\/?>/.exec(html)?.[1];
    expect(canonical && new URL(canonical).pathname).toBe(page.path);
  });
}

for (const { from, to } of redirects) {
  test(`${from} redirects permanently to ${to}`, async ({ request }) => {
    const res = await request.get(from, { maxRedirects: 0 });
    expect(res.status()).toBe(301);
    expect(res.headers()["location"]).toBe(to);
  });
}

test("a trailing slash redirects to the canonical address", async ({ request }) => {
  const res = await request.get("/about-us/", { maxRedirects: 0 });
  expect(res.status()).toBe(301);
  expect(res.headers()["location"]).toBe("/about-us");
});

test("an unknown URL answers 404 with a not-found page that links home", async ({ request, browser }) => {
  const res = await request.get("/no-such-page");
  expect(res.status()).toBe(404);
  const html = await res.text();
  expect(html).toContain("Page not found");
  expect(html).toMatch(/<a[^>]+href="\/"[^>]*>Go to the home page<\/a>/);
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto("/no-such-page");
  await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();
  await context.close();
});

test("folders are not listed", async ({ request }) => {
  expect((await request.get("/assets/")).status()).toBe(404);
});

test("sitemap.xml lists every public page and robots.txt points to it", async ({ request }) => {
  const xml = await (await request.get("/sitemap.xml")).text();
  for (const page of pages.filter((p) => p.sitemap)) {
    expect(xml).toMatch(new RegExp(`<loc>https?://[^<]+${page.path === "/" ? "/" : page.path}</loc>`));
  }
  const robots = await (await request.get("/robots.txt")).text();
  expect(robots).toMatch(/^Sitemap: https?:\/\/\S+\/sitemap\.xml$/m);
});
