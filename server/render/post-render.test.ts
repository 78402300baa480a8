/**
 * The post-render step on a small page and stylesheet of our own (Beasties and PostCSS for real):
 * what it adds, where, and that it leaves every other byte as React rendered it.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import { afterAll, describe, expect, it } from "vitest";
import { INERT_MODULE_TYPE } from "./boot-loader";
import { inlineScriptHashes, postRenderer, sha256Source, type PageBoot } from "./post-render";

const clientDir = fs.mkdtempSync(path.join(os.tmpdir(), "post-render-"));
afterAll(() => fs.rmSync(clientDir, { recursive: true, force: true }));
fs.mkdirSync(path.join(clientDir, "assets"));
fs.writeFileSync(
  path.join(clientDir, "assets", "root-1.css"),
  "h1{color:red}.unused-rule{color:blue}.dropdown-item{color:green}a:hover{color:pink}.shown{display:block}",
);

const boot: PageBoot = {
  entry: "/assets/islands-1.js",
  base: ["/assets/islands-1.js", "/assets/jsx-2.js"],
  islands: { "site-header": ["/assets/island-site-header-3.js"], "contact-form": [] },
};

const head = `<head><meta charSet="utf-8"/><title>T</title><style>p{margin:0}</style><link rel="stylesheet" href="/assets/root-1.css"/></head>`;
const body =
  `<body><header><ul popover="auto"><li><a class="dropdown-item" href="/a">A</a></li></ul></header>` +
  `<div data-island="site-header" style="display:contents"><a class="shown" href="/">Home</a></div>` +
  `<main><h1>Hello</h1><option value="London" selected="">London</option>` +
  `<div data-island="contact-form" style="display:contents"><form method="post"></form></div></main>` +
  `<script>var t=1;</script></body>`;
const page = `<!DOCTYPE html><html lang="en">${head}${body}</html>`;

describe("postRenderer", async () => {
  const finish = postRenderer({ clientDir, boot });
  const done = await finish(page);
  const { html } = done;

  it("inlines the rules the markup uses, without closed popovers' rules or hover, before the stylesheet, disabled", () => {
    expect(html).toContain(
      `<style>h1{color:red}.shown{display:block}</style><link rel="stylesheet" href="/assets/root-1.css" disabled data-after-paint><noscript><link rel="stylesheet" href="/assets/root-1.css"></noscript></head>`,
    );
  });

  it("keeps every byte outside its edits as React rendered it", () => {
    expect(html.startsWith(`<!DOCTYPE html><html lang="en"><head><meta charSet="utf-8"/><title>T</title>`)).toBe(true);
    expect(html).toContain(`${body.slice(0, -"</body>".length)}<script type="${INERT_MODULE_TYPE}"`);
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
