import { describe, expect, it } from "vitest";
import { bootAfterPaint, INERT_MODULE_TYPE } from "./boot-after-paint";
import { inlineScriptHashes, sha256Source } from "./site-files";

const boot = {
  entry: "/assets/islands-1.js",
  preload: ["/assets/islands-1.js", "/assets/island-site-header-2.js", "/assets/island-jsxRuntime-3.js"],
};
const entryImport = `import "/assets/islands-1.js";`;

// As Beasties leaves a page: the non-blocking stylesheet link, its <noscript> twin and the script
// that switches it on. React Router's scripts are not in the page (root.tsx leaves them out).
const sheet = `<link rel="stylesheet" href="/assets/root-4.css" media="print" data-beasties-media="all"><noscript><link rel="stylesheet" href="/assets/root-4.css"></noscript>`;
const beastiesScript = `<script>document.querySelectorAll('link[data-beasties-media]').forEach(function(l){l.media=l.getAttribute('data-beasties-media');l.removeAttribute('data-beasties-media')})</script>`;
const page = `<!DOCTYPE html><html lang="en"><head><title>T</title><style>h1{color:red}</style>${sheet}</head><body><main><h1>Hello</h1></main><script>var t=1;</script>${beastiesScript}</body></html>`;
const routerScript = `<script type="module" async>import * as route0 from "/assets/root-2.js";</script>`;

describe("bootAfterPaint", () => {
  const { html, extraScriptHashes } = bootAfterPaint(page, boot);

  it("starts no module in the initial parse: the islands entry waits, inert, for the loader", () => {
    expect(html).not.toContain('<link rel="modulepreload"');
    expect(html).not.toContain('<script type="module"');
    expect(html).toContain(`<script type="${INERT_MODULE_TYPE}" id="rr-boot"`);
  });

  it("keeps the preload list and the entry's import for the loader, and the loader last in <body>", () => {
    const attr = /data-preload="([^"]*)"/.exec(html)?.[1]?.replace(/&quot;/g, '"');
    expect(JSON.parse(attr ?? "null")).toEqual(boot.preload);
    expect(html).toContain(`>${entryImport}</script>`);
    expect(html).toMatch(/<script>\(function\(\)\{[^<]*PerformanceObserver[^<]*"paint"[^<]*<\/script><\/body>/);
  });

  it("leaves the full stylesheet disabled, so it is not fetched, for the loader to enable before the modules", () => {
    expect(html).toContain('<link rel="stylesheet" href="/assets/root-4.css" disabled data-after-paint>');
    expect(html).toContain('<noscript><link rel="stylesheet" href="/assets/root-4.css"></noscript>');
    expect(html).not.toContain("data-beasties-media");
    const loader = /<script>(\(function\(\)\{var done[^<]*)<\/script><\/body>/.exec(html)?.[1] ?? "";
    // Enables it and waits for it before the modules (the order is checked in Chromium by
    // tests/e2e/quality.spec.ts).
    expect(loader).toContain('querySelectorAll("link[data-after-paint]")');
    expect(loader).toContain("l.onload=l.onerror=");
  });

  it("allows the script the loader inserts, and hashes the loader like any inline script", () => {
    expect(extraScriptHashes).toEqual([sha256Source(entryImport)]);
    const inline = inlineScriptHashes(html);
    expect(inline).toHaveLength(2); // the page's own script and the loader; the inert script is not run as it stands
    expect(inline).not.toContain(sha256Source(entryImport));
  });

  it("refuses a page whose scripts it does not recognise", () => {
    expect(() => bootAfterPaint(page.replace("</main>", `</main>${routerScript}`), boot)).toThrow(
      /React Router's module script/,
    );
    expect(() => bootAfterPaint(page.replace(beastiesScript, ""), boot)).toThrow(/deferred stylesheet/);
  });
});
