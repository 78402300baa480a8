/**
 * The post-render step on a small page, stylesheet and scripts of our own (PurgeCSS and PostCSS for real):
 * what it adds, where, and that it leaves every other byte as React rendered it.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import { afterAll, describe, expect, it } from "vitest";
import { INERT_MODULE_TYPE } from "./boot-loader";
import { inlineScriptHashes, postRenderer, sha256Source, sheetName, type PageBoot } from "./post-render";

const clientDir = fs.mkdtempSync(path.join(os.tmpdir(), "post-render-"));
afterAll(() => fs.rmSync(clientDir, { recursive: true, force: true }));
fs.mkdirSync(path.join(clientDir, "assets"));
fs.writeFileSync(
  path.join(clientDir, "assets", "root-1.css"),
  "h1{color:red}.unused-rule{color:blue}.dropdown-item{color:green}a:hover{color:pink}.shown{display:block}" +
    "table{border:0}.menu-open{display:flex}.is-invalid{color:red}.role-filter{gap:1px}.is-revealed{opacity:1}",
);
// What the islands' code names: the entry (reveal-on-scroll), the header's menu, the contact form's
// error state, and the career form's own class on a page without that form.
const scripts: Record<string, string> = {
  "islands-1.js": 'e.classList.add("is-revealed")',
  "jsx-2.js": "export const jsx=1",
  "island-site-header-3.js": 'm.classList.toggle("menu-open")',
  "island-contact-form-4.js": 'className:bad?"form-control is-invalid":"form-control"',
  "island-career-form-5.js": 'className:"role-filter"',
};
for (const [name, text] of Object.entries(scripts)) fs.writeFileSync(path.join(clientDir, "assets", name), text);

const boot: PageBoot = {
  entry: "/assets/islands-1.js",
  base: ["/assets/islands-1.js", "/assets/jsx-2.js"],
  islands: { "site-header": ["/assets/island-site-header-3.js"], "contact-form": [], "career-form": [] },
  scripts: {
    "site-header": ["/assets/island-site-header-3.js"],
    "contact-form": ["/assets/island-contact-form-4.js"],
    "career-form": ["/assets/island-career-form-5.js"],
  },
  forms: ["contact-form", "career-form"],
};

const head = `<head><meta charSet="utf-8"/><title>T</title><style>p{margin:0}</style><link rel="stylesheet" href="/assets/root-1.css"/></head>`;
const body =
  `<body><header><ul popover="auto"><li><a class="dropdown-item" href="/a" data-discover="true">A</a></li></ul></header>` +
  `<div data-island="site-header" style="display:contents"><a class="shown" href="/">Home</a></div>` +
  `<main><h1>Hello</h1><option value="London" selected="">London</option>` +
  `<div data-island="contact-form" style="display:contents"><form method="post"></form></div></main>` +
  `<script>var t=1;</script></body>`;
const page = `<!DOCTYPE html><html lang="en">${head}${body}</html>`;

describe("postRenderer", async () => {
  const finish = postRenderer({ clientDir, boot });
  const done = await finish(page);
  const { html } = done;

  it("puts the page's CSS inline in the stylesheet's place: the rules its markup and its islands' code use", () => {
    expect(html).toContain(
      `<style>h1{color:red}.dropdown-item{color:green}a:hover{color:pink}.shown{display:block}` +
        `.menu-open{display:flex}.is-invalid{color:red}.is-revealed{opacity:1}</style></head>`,
    );
  });

  it("drops React Router's route-discovery mark from its links: no client router reads it", () => {
    expect(html).toContain('<a class="dropdown-item" href="/a">A</a>');
    expect(html).not.toContain("data-discover");
  });

  it("names a sheet for its bytes: the same rules, the same file", () => {
    expect(sheetName("page", "h1{color:red}")).toBe(sheetName("page", "h1{color:red}"));
    expect(sheetName("page", "h1{color:red}")).toMatch(/^page-[\w-]{10}\.css$/);
    expect(sheetName("page", "h1{color:blue}")).not.toBe(sheetName("page", "h1{color:red}"));
  });

  it("links no stylesheet without a place to store the page's sheet, so none is applied after the first paint", () => {
    expect(html).not.toMatch(/<link[^>]*stylesheet/);
    expect(html).not.toContain("root-1.css");
  });

  it("keeps every byte outside its edits as React rendered it", () => {
    expect(html.startsWith(`<!DOCTYPE html><html lang="en"><head><meta charSet="utf-8"/><title>T</title>`)).toBe(true);
    const rendered = body.slice(0, -"</body>".length).replace(' data-discover="true"', "");
    expect(html).toContain(`${rendered}<script type="${INERT_MODULE_TYPE}"`);
    expect(html).toContain('<option value="London" selected="">London</option>');
  });

  it("starts the islands entry after the first paint, preloading the shell islands' chunks but not a form's", () => {
    const boots =
      /<script type="text\/x-module-after-paint" id="rr-boot" data-preload="([^"]*)">([^<]*)<\/script>/.exec(html);
    expect(JSON.parse(boots![1]!.replace(/&quot;/g, '"'))).toEqual([
      "/assets/islands-1.js",
      "/assets/jsx-2.js",
      "/assets/island-site-header-3.js",
    ]);
    expect(boots![2]).toBe('import "/assets/islands-1.js";');
    expect(html).toMatch(/<script>\(function\(\)\{var done[^<]*<\/script><\/body><\/html>$/);
  });

  it("hashes every inline script the browser runs, and the one the loader inserts", () => {
    expect(done.scriptHashes).toEqual([...inlineScriptHashes(html), sha256Source('import "/assets/islands-1.js";')]);
    expect(done.scriptHashes).toContain(sha256Source("var t=1;"));
    expect(done.scriptHashes).toHaveLength(3);
  });

  it("gives the same bytes for the same page, and brotli and gzip of exactly them", async () => {
    expect((await finish(page)).html).toBe(html);
    expect(zlib.brotliDecompressSync(done.br).toString("utf8")).toBe(html);
    expect(zlib.gunzipSync(done.gzip).toString("utf8")).toBe(html);
  });

  it("refuses a page with a module script, an island the build has no chunk for, or no single stylesheet", async () => {
    await expect(finish(page.replace("</main>", '</main><script type="module">x()</script>'))).rejects.toThrow(
      /module script/,
    );
    await expect(finish(page.replace('data-island="site-header"', 'data-island="unknown"'))).rejects.toThrow(
      /no chunk for the island "unknown"/,
    );
    await expect(finish(page.replace(/<link rel="stylesheet"[^>]*>/, ""))).rejects.toThrow(/one stylesheet/);
  });
});

describe("postRenderer at build: the page's sheet and a form's later sheet as files (decisions 085 and 061)", async () => {
  const stored: Record<string, string> = {};
  const store = (kind: string) => (css: string) => {
    const url = `/assets/${kind}-${Object.keys(stored).length + 1}.css`;
    stored[url] = css;
    return url;
  };
  const { html } = await postRenderer({ clientDir, boot, pageSheet: store("page"), laterSheet: store("form") })(page);

  it("links the page's sheet, render-blocking, in the stylesheet's place, and puts none of its rules inline", () => {
    expect(html).toMatch(
      /<style>p\{margin:0\}<\/style><link rel="stylesheet" href="\/assets\/page-\d\.css"\/><\/head>/,
    );
    expect(html).not.toContain("h1{color:red}");
    expect(html).not.toContain("root-1.css");
  });

  it("stores what the page uses before its form's code runs as the page's sheet, and the rest as the later sheet its boot script names", () => {
    const later = /id="rr-boot" data-preload="[^"]*" data-later-css="([^"]+)">/.exec(html)?.[1];
    const first = /<link rel="stylesheet" href="([^"]+)"/.exec(html)?.[1];
    expect(stored[first!]).toBe(
      "h1{color:red}.dropdown-item{color:green}a:hover{color:pink}.shown{display:block}" +
        ".menu-open{display:flex}.is-revealed{opacity:1}",
    );
    expect(stored[later!]).toBe(".is-invalid{color:red}");
    expect(Object.keys(stored)).toHaveLength(2);
  });

  it("keeps the form's rules in the page's sheet where no later sheet can be stored (the server's pages)", async () => {
    const sheets: string[] = [];
    const served = await postRenderer({ clientDir, boot, pageSheet: (css) => `/assets/page-x${sheets.push(css)}.css` })(
      page,
    );
    expect(sheets).toHaveLength(1);
    expect(sheets[0]).toContain(".is-invalid{color:red}");
    expect(served.html).toContain('<link rel="stylesheet" href="/assets/page-x1.css"/>');
    expect(served.html).not.toContain("data-later-css");
  });
});

describe("postRenderer, a plain inline <style> declaring a property only the stylesheet reads", async () => {
  // The brand face's style (web-font.ts) sets `--brand-face`, which only the stylesheet's font
  // stack reads: without JavaScript (in <noscript>) it must survive, or the face is never named.
  fs.writeFileSync(path.join(clientDir, "assets", "root-2.css"), "h1{font-family:var(--face,) serif}");
  const plain = `<noscript><style>html{--face:"Brand",;--unread:1px}</style></noscript>`;
  const { html } = await postRenderer({ clientDir, boot })(
    page.replace(
      `<link rel="stylesheet" href="/assets/root-1.css"/>`,
      `${plain}<link rel="stylesheet" href="/assets/root-2.css"/>`,
    ),
  );

  it("keeps the property the stylesheet reads, and drops the one nothing reads", () => {
    expect(html).toContain("h1{font-family:var(--face,) serif}");
    expect(html).toMatch(/<noscript><style>html\{--face:"Brand",;?\}<\/style><\/noscript>/);
    expect(html).not.toContain("--unread");
  });
});
