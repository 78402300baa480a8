import { describe, expect, it } from "vitest";
import { trimCriticalCss } from "./trim-critical-css";

describe("trimCriticalCss: custom properties", () => {
  const css =
    ':root{--a:red;--b:var(--c);--c:1px;--unused:blue;--img:url("data:image/png;base64,AAAA")}' +
    "@media (prefers-color-scheme:dark){:root{--unused:navy}}" +
    "[data-bs-theme=dark]{--a:white;--only-dark:0}" +
    "p{color:var(--a);border-width:var(--b)}.i{background:var(--img)}";

  it("keeps what the rules read, directly or through another property, in every block", () => {
    const out = trimCriticalCss(css, "<p>Hi</p>");
    expect(out).toContain("--a:red");
    expect(out).toContain("--a:white");
    expect(out).toContain("--b:var(--c)");
    expect(out).toContain("--c:1px");
    expect(out).toContain('--img:url("data:image/png;base64,AAAA")');
    expect(out).toContain("p{color:var(--a);border-width:var(--b)}");
  });

  it("drops what nothing reads, and the blocks that held nothing else", () => {
    const out = trimCriticalCss(css, "<p>Hi</p>");
    expect(out).not.toContain("--unused");
    expect(out).not.toContain("--only-dark");
    expect(out).not.toContain("prefers-color-scheme");
  });

  it("keeps what the page's style attributes read or set", () => {
    const out = trimCriticalCss(css, '<p style="color:var(--unused)">Hi</p><i style="--only-dark:1"></i>');
    expect(out).toContain("--unused:blue");
    expect(out).toContain("--unused:navy");
    expect(out).toContain("--only-dark:0");
  });
});

describe("trimCriticalCss: rules only an action switches on", () => {
  const css =
    ".btn{--btn-bg:blue;--btn-hover-bg:navy;background:var(--btn-bg)}" +
    ".btn:hover{background:var(--btn-hover-bg)}.btn:focus-visible{outline:3px solid}" +
    ".btn:disabled,.btn:active{opacity:.5}.check:indeterminate{color:red}" +
    ".form-control::file-selector-button{padding:0}";

  it("drops hover, active and indeterminate rules and what only they read, and keeps focus and disabled", () => {
    const out = trimCriticalCss(css, '<button class="btn">Go</button><input class="form-control">');
    expect(out).not.toContain(":hover");
    expect(out).not.toContain("--btn-hover-bg");
    expect(out).not.toContain(":indeterminate");
    expect(out).not.toContain(":active");
    expect(out).toContain(".btn:disabled{opacity:.5}");
    expect(out).toContain(".btn:focus-visible{outline:3px solid}");
    expect(out).toContain("--btn-bg:blue");
  });

  it("keeps a file input's button only on a page with a file input", () => {
    expect(trimCriticalCss(css, '<input class="form-control">')).not.toContain("file-selector-button");
    expect(trimCriticalCss(css, '<input class="form-control" type="file">')).toContain(
      ".form-control::file-selector-button{padding:0}",
    );
  });
});
