/**
 * pageCss on a small sheet of our own (PurgeCSS, purgecss-from-html and Lightning CSS for real):
 * what the page, its head scripts and its islands' code name is kept, and only that.
 */
import { describe, expect, it } from "vitest";
import { parseSheet } from "./candidate-rules";
import { pageCss } from "./page-css";

const sheet = parseSheet(
  [
    ":root{--brand:blue;--unused:red}",
    "[data-bs-theme=dark]{--brand:navy}",
    "html.show-cookie-notice .cookie-notice{display:block}",
    ".cookie-notice{display:none}",
    ".btn{color:var(--brand)}",
    ".btn:hover{color:red}",
    ".menu.open{display:flex}",
    ".table{border:1px solid}",
    "dialog[open]{display:block}",
    "@keyframes spin{to{transform:rotate(1turn)}}",
    ".spinner{animation:spin 1s}",
    "@keyframes unused{to{opacity:0}}",
  ].join(""),
);

const html =
  `<!DOCTYPE html><html><head><script>document.documentElement.classList.add("show-cookie-notice");` +
  `document.documentElement.setAttribute("data-bs-theme","dark")</script></head>` +
  `<body><div class="cookie-notice">We use cookies</div><button class="btn">Go</button>` +
  `<nav class="menu">Menu</nav><p>Our table of prices, open every day.</p></body></html>`;

describe("pageCss", async () => {
  const css = await pageCss(sheet, html, ['m.classList.toggle("open")']);

  it("keeps the page's rules with the states a visitor brings about", () => {
    expect(css).toContain(".btn{color:var(--brand)}");
    expect(css).toContain(".btn:hover{color:red}");
    expect(css).toContain(".cookie-notice{display:none}");
  });

  it("keeps what the head scripts switch on before the first paint: the cookie notice, the dark theme", () => {
    expect(css).toContain("html.show-cookie-notice .cookie-notice{display:block}");
    expect(css).toContain("[data-bs-theme=dark]{--brand:navy}");
  });

  it("keeps a class an island's code adds to an element of the page", () => {
    expect(css).toContain(".menu.open{display:flex}");
  });

  it("drops what neither the page's elements nor its code name, though its prose uses the word", () => {
    expect(css).not.toContain(".table");
    expect(css).not.toContain("dialog");
    expect(css).not.toContain(".spinner");
    expect(css).not.toContain("@keyframes");
  });

  it("reads no class or element from the page's data scripts: structured data, speculation rules", async () => {
    const withData = html.replace(
      "</body>",
      `<script type="application/ld+json">{"text":"Our table is open"}</script>` +
        `<script type="speculationrules">{"where":{"selector_matches":"dialog"}}</script></body>`,
    );
    const kept = await pageCss(sheet, withData, []);
    expect(kept).not.toContain(".table");
    expect(kept).not.toContain("dialog");
    // An ordinary inline script still counts: it can set what it names.
    const scripted = html.replace("</body>", `<script>m.classList.add("table")</script></body>`);
    expect(await pageCss(sheet, scripted, [])).toContain(".table{border:1px solid}");
  });

  it("drops the custom properties nothing reads, and is minified", () => {
    expect(css).toContain(":root{--brand:blue}");
    expect(css).not.toContain("--unused");
    expect(css).not.toMatch(/\s\{|;\}/);
  });

  it("without the island's code, the class it adds goes", async () => {
    expect(await pageCss(sheet, html, [])).not.toContain(".menu.open");
  });
});
