import { describe, expect, it } from "vitest";
import { pages, redirects } from "../app/site/pages";
import { prerenderList } from "../app/site/prerender";
import { notFoundPage } from "../server/site-manifest";
import { inlineScriptHashes, robotsTxt, sha256Source, siteManifest, sitemapXml } from "./site-files";

describe("sitemap.xml", () => {
  it("lists every sitemap page of the page table with an absolute URL", () => {
    const xml = sitemapXml(["/case-studies/example"], "2026-01-01");
    for (const page of pages.filter((p) => p.sitemap)) {
      expect(xml).toMatch(new RegExp(`<loc>https?://[^<]+${page.path === "/" ? "/" : page.path}</loc>`));
    }
    expect(xml).toContain("/case-studies/example</loc>");
    expect(xml.match(/<url>/g)).toHaveLength(pages.filter((p) => p.sitemap).length + 1);
  });
});

describe("robots.txt", () => {
  it("points to the sitemap", () => {
    expect(robotsTxt()).toMatch(/^Sitemap: https?:\/\/\S+\/sitemap\.xml$/m);
  });
  it("keeps crawlers out of the staff console, which is not in the sitemap either", () => {
    expect(robotsTxt()).toMatch(/^Disallow: \/admin$/m);
    expect(sitemapXml()).not.toContain("/admin");
  });
});

describe("inlineScriptHashes", () => {
  it("hashes executable inline scripts only", () => {
    const html =
      '<script>alert(1)</script><script type="module">x()</script><script src="/a.js"></script>' +
      '<script type="application/ld+json">{"a":1}</script>';
    const hashes = inlineScriptHashes(html);
    expect(hashes).toHaveLength(2);
    // sha256("alert(1)") in base64, as browsers compute it
    expect(hashes).toContain("'sha256-bhHHL3z2vDgxUt0W3dWQOrprscmda2Y5pLsLg4GF+pI='");
  });

  it("hashes speculation rules, which the browser checks against script-src", () => {
    const rules = '{"prerender":[{"where":{"href_matches":"/*"},"eagerness":"moderate"}]}';
    expect(inlineScriptHashes(`<script type="speculationrules">${rules}</script>`)).toEqual([sha256Source(rules)]);
  });
});

describe("site manifest", () => {
  it("carries every prerendered page, feed, the page table's redirects and the 404 stand-ins, each once", async () => {
    const manifest = await siteManifest();
    expect(manifest.redirects).toEqual(redirects.map(({ from, to }) => ({ from, to })));
    const standIns = [manifest.notFound, ...manifest.notFoundUnder.map((s) => s.page)];
    expect(manifest.feeds).toEqual(["/case-studies/feed.xml", "/insights/feed.xml"]);
    expect(manifest.atomFeeds).toEqual(["/insights/feed.xml"]);
    expect([...manifest.pages, ...manifest.feeds, ...standIns].sort()).toEqual((await prerenderList()).sort());
    expect(manifest.pages).toEqual(expect.arrayContaining(pages.map((p) => p.path)));
  });

  it("picks the category stand-in, the case-study stand-in, or the general 404 page", async () => {
    const manifest = await siteManifest();
    expect(notFoundPage(manifest, "/case-studies/category/nope")).toBe("/case-studies/category/__missing");
    expect(notFoundPage(manifest, "/case-studies/nope")).toBe("/case-studies/__missing");
    expect(notFoundPage(manifest, "/nowhere")).toBe("/404");
  });
});
