import { describe, expect, it } from "vitest";
import { deepestNesting, renderedDescription, roleDescriptionHtml, tooDeepMessage } from "./role-markdown";

describe("a role's description", () => {
  it("renders HR's Markdown: paragraphs, headings from level 2, lists, links", () => {
    const html = roleDescriptionHtml("Intro.\n\n# Duties\n- Ship\n- Review\n\n[Our blog](https://example.com/blog)");
    expect(html).toContain("<p>Intro.</p>");
    expect(html).toContain("<h2>Duties</h2>");
    expect(html).toContain("<li>Ship</li>");
    expect(html).toContain('<a href="https://example.com/blog" rel="nofollow noopener">Our blog</a>');
  });

  it("shows raw HTML as text and drops script links and images", () => {
    const html = roleDescriptionHtml(
      "<script>alert(1)</script>\n\nHi <img src=x onerror=alert(2)> [x](javascript:alert(3)) ![pic](https://e.com/a.png)",
    );
    expect(html).not.toMatch(/<script|<img|javascript:|onerror=alert\(2\)>/);
    expect(html).toContain("&lt;script&gt;");
    expect(html).toContain("pic");
  });

  it(`renders lists and quotes nested ${deepestNesting} deep, and refuses one level more, in any mix`, () => {
    const mixed = (levels: number) => Array.from({ length: levels }, (_, i) => (i % 2 ? "> " : "- ")).join("") + "x";
    expect(renderedDescription(mixed(deepestNesting))).toMatchObject({ ok: true });
    expect(renderedDescription(mixed(deepestNesting + 1))).toEqual({ ok: false, problem: tooDeepMessage });
  });
});
