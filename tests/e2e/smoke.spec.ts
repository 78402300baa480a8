import { expect, test } from "@playwright/test";
import { pages, redirects } from "../../app/site/pages";

for (const page of pages) {
  test(`${page.path} is prerendered with its heading and canonical link`, async ({ request }) => {
    const res = await request.get(page.path);
    expect(res.status()).toBe(200);
    const html = await res.text();
    expect(html).toContain(page.label);
    expect(html).toMatch(new RegExp(`<link rel="canonical" href="[^"]*${page.path === "/" ? "/" : page.path}"`));
  });
}

for (const { from, to } of redirects) {
  test(`${from} redirects permanently to ${to}`, async ({ request }) => {
    const res = await request.get(from, { maxRedirects: 0 });
    expect(res.status()).toBe(301);
    expect(res.headers()["location"]).toBe(to);
  });
}

test("an unknown URL answers 404 with the not-found page", async ({ request }) => {
  const res = await request.get("/no-such-page");
  expect(res.status()).toBe(404);
  expect(await res.text()).toContain("Page not found");
});
