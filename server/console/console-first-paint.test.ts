/**
 * The console's first paint (issue 44): on a slow connection the HTML itself shows the console's
 * frame and "Loading the staff console…" until the scripts take over, never a blank page; without
 * JavaScript it says the console needs it. The CSP (style-src 'self', script-src 'self') allows no
 * inline style or script, so the skeleton has none.
 */
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const html = fs.readFileSync(path.join(import.meta.dirname, "..", "..", "console", "index.html"), "utf8");
const root = html.slice(html.indexOf('<div id="root">'), html.indexOf("</body>"));

describe("the console's HTML before its scripts run", () => {
  it("draws the frame and a loading status inside the root React replaces", () => {
    expect(root).toContain('<p class="brand">Altiva Cloud staff console</p>');
    expect(root).toMatch(/<p class="loading" role="status">Loading the staff console…<\/p>/);
    // The no-JavaScript words only when scripts are off, not above the loading status meanwhile.
    expect(root).toMatch(/<noscript>\s*<p>The staff console needs JavaScript/);
  });
  it("has no inline style or script the console's CSP would refuse", () => {
    expect(html).not.toMatch(/<style|style="|<script(?![^>]*\bsrc=)/);
  });
});
