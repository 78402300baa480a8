import { describe, expect, it } from "vitest";
import { dropUnreadProperties } from "./unread-properties";

describe("dropUnreadProperties", () => {
  const css =
    ':root{--a:red;--b:var(--c);--c:1px;--unused:blue;--img:url("data:image/png;base64,AAAA")}' +
    "@media (prefers-color-scheme:dark){:root{--unused:navy}}" +
    "[data-bs-theme=dark]{--a:white;--only-dark:0}" +
    "p{color:var(--a);border-width:var(--b)}.i{background:var(--img)}";

  it("keeps what the rules read, directly or through another property, in every block", () => {
    const out = dropUnreadProperties(css, "<p>Hi</p>");
    expect(out).toContain("--a:red");
    expect(out).toContain("--a:white");
    expect(out).toContain("--b:var(--c)");
    expect(out).toContain("--c:1px");
    expect(out).toContain('--img:url("data:image/png;base64,AAAA")');
    expect(out).toContain("p{color:var(--a);border-width:var(--b)}");
  });

  it("writes the properties it keeps without the space after the colon", () => {
    expect(dropUnreadProperties(":root{--a: 1px;--b: 2px}p{margin:var(--a)}", "<p>Hi</p>")).toBe(
      ":root{--a:1px}p{margin:var(--a)}",
    );
  });

  it("drops what nothing reads, and the blocks that held nothing else", () => {
    const out = dropUnreadProperties(css, "<p>Hi</p>");
    expect(out).not.toContain("--unused");
    expect(out).not.toContain("--only-dark");
    expect(out).not.toContain("prefers-color-scheme");
  });

  it("keeps what the page's style attributes read or set", () => {
    const out = dropUnreadProperties(css, '<p style="color:var(--unused)">Hi</p><i style="--only-dark:1"></i>');
    expect(out).toContain("--unused:blue");
    expect(out).toContain("--unused:navy");
    expect(out).toContain("--only-dark:0");
  });
});
