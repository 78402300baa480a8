import { expect, test } from "@playwright/test";

test("the built console's script and stylesheet are hashed, sent brotli or gzip as asked, and immutable; the page is no-store", async ({
  request,
}) => {
  const page = await request.get("/admin");
  expect(page.headers()["cache-control"]).toBe("no-store");
  const assets = [...(await page.text()).matchAll(/\/admin\/assets\/[^"]+/g)].map((m) => m[0]);
  expect(assets.filter((a) => a.endsWith(".js"))).toHaveLength(1);
  expect(assets.filter((a) => a.endsWith(".css"))).toHaveLength(1);
  for (const asset of assets) {
    // Vite's content hash in the name is what makes a year's caching safe.
    expect(asset).toMatch(/\/(index|favicon)-[\w-]{8}\.(js|css|svg)$/);
    const plain = await request.get(asset, { headers: { "Accept-Encoding": "identity" } });
    expect(plain.headers()["content-encoding"], asset).toBeUndefined();
    for (const encoding of ["br", "gzip"]) {
      const res = await request.get(asset, { headers: { "Accept-Encoding": encoding } });
      const h = res.headers();
      expect(h["content-encoding"], asset).toBe(encoding);
      expect(h["cache-control"], asset).toBe("public, max-age=31536000, immutable");
      expect(h.vary, asset).toBe("Accept-Encoding");
      // Playwright decodes the body: it must be the very file the plain answer carries.
      expect((await res.body()).equals(await plain.body()), asset).toBe(true);
    }
  }
});
