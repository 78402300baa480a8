/**
 * A body renders inert whatever its fields hold: each field type is filled with hostile strings
 * (a script tag, an onerror attribute, a javascript: link), rendered by React's server renderer and
 * parsed back, and the parsed tree must hold no script, no event attribute and no scripted URL,
 * while the hostile words themselves reach the page as text.
 */
import type { RichTextDoc } from "@contracts/content/rich-text";
import type { Element } from "domhandler";
import { findAll, textContent } from "domutils";
import { parseDocument } from "htmlparser2";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { RichText } from "./RichText";

const hostile = [
  "<script>alert(1)</script>",
  '<img src=x onerror="alert(1)">',
  '"><svg onload=alert(1)>',
  "javascript:alert(1)",
];
const renderImage = (imageId: string, alt: string) => (
  <img src={`/media/${imageId}-800.webp`} alt={alt} width={800} height={450} loading="lazy" />
);

function render(doc: RichTextDoc) {
  const html = renderToStaticMarkup(
    <RichText doc={doc} renderImage={renderImage} siteOrigin="https://www.altivacloud.com" />,
  );
  return { html, root: parseDocument(html) };
}

/** No script or other active element, no on* or style attribute, no URL that runs script. */
function expectInert(root: ReturnType<typeof parseDocument>) {
  const elements = findAll(() => true, root.children) as Element[];
  expect(elements.length).toBeGreaterThan(0);
  for (const el of elements) {
    expect(["script", "iframe", "object", "embed", "svg", "style", "base", "form"]).not.toContain(el.name);
    for (const [name, value] of Object.entries(el.attribs)) {
      expect(name.startsWith("on"), `${el.name}[${name}]`).toBe(false);
      expect(name).not.toBe("style");
      if (["href", "src", "action", "formaction", "xlink:href"].includes(name)) {
        expect(value.trim().toLowerCase()).not.toMatch(/^(javascript|data|vbscript):/);
      }
    }
  }
}

const text = (value: string) => ({ type: "text" as const, text: value });

describe("RichText renders hostile strings inert", () => {
  it.each(hostile)("in a paragraph's text: %s", (value) => {
    const { root } = render({ type: "doc", content: [{ type: "paragraph", content: [text(value)] }] });
    expectInert(root);
    expect(textContent(root)).toBe(value);
  });

  it.each(hostile)("in a heading's text: %s", (value) => {
    const { root } = render({
      type: "doc",
      content: [{ type: "heading", attrs: { level: 3 }, content: [text(value)] }],
    });
    expectInert(root);
    expect(findAll((el) => el.name === "h3", root.children).map(textContent)).toEqual([value]);
  });

  it.each([
    "javascript:alert(1)",
    "JaVaScRiPt:alert(1)",
    " javascript:alert(1)",
    "java\tscript:alert(1)",
    "data:text/html,<script>alert(1)</script>",
    "vbscript:msgbox(1)",
    '" onmouseover="alert(1)',
  ])("in a link's href that skipped validation: %j keeps the words, drops the link", (href) => {
    const { root } = render({
      type: "doc",
      content: [
        {
          type: "paragraph",
          content: [{ type: "text", text: "Our results", marks: [{ type: "link", attrs: { href } }] }],
        },
      ],
    });
    expectInert(root);
    expect(findAll((el) => el.name === "a", root.children)).toEqual([]);
    expect(textContent(root)).toBe("Our results");
  });

  it.each(hostile)("in an image's alt text: %s", (value) => {
    const { root } = render({ type: "doc", content: [{ type: "image", attrs: { imageId: "servers", alt: value } }] });
    expectInert(root);
    const [img] = findAll((el) => el.name === "img", root.children);
    expect(img?.attribs.alt).toBe(value);
  });

  it.each(hostile)("in an image's caption: %s", (value) => {
    const { root } = render({
      type: "doc",
      content: [{ type: "image", attrs: { imageId: "servers", alt: "Racks of servers", caption: value } }],
    });
    expectInert(root);
    expect(findAll((el) => el.name === "figcaption", root.children).map(textContent)).toEqual([value]);
  });

  it.each(hostile)("in a code block's text and language: %s", (value) => {
    const { root } = render({
      type: "doc",
      // A language outside the list can only come from a body that skipped validation.
      content: [{ type: "codeBlock", attrs: { language: value as "bash" }, content: [text(value)] }],
    });
    expectInert(root);
    const [code] = findAll((el) => el.name === "code", root.children);
    expect(code?.attribs.class).toBeUndefined();
    expect(textContent(code!)).toBe(value);
  });

  it.each(hostile)("in a list item and a quote: %s", (value) => {
    const { root } = render({
      type: "doc",
      content: [
        {
          type: "bulletList",
          content: [{ type: "listItem", content: [{ type: "paragraph", content: [text(value)] }] }],
        },
        { type: "blockquote", content: [{ type: "paragraph", content: [text(value)] }] },
      ],
    });
    expectInert(root);
    expect(textContent(root)).toBe(value + value);
  });

  it("draws a node type the format does not have as nothing", () => {
    const { html } = render({
      type: "doc",
      content: [
        { type: "html", text: "<script>alert(1)</script>" } as never,
        { type: "paragraph", content: [text("kept")] },
      ],
    });
    expect(html).toBe('<div class="rich-text"><p>kept</p></div>');
  });
});

describe("RichText's semantic HTML", () => {
  it("draws headings, marks, lists, quotes, code, figures and rules as their elements", () => {
    const { html } = render({
      type: "doc",
      content: [
        { type: "heading", attrs: { level: 2 }, content: [text("Challenge")] },
        {
          type: "paragraph",
          content: [
            { type: "text", text: "Bold", marks: [{ type: "bold" }, { type: "italic" }] },
            { type: "hardBreak" },
            { type: "text", text: "npm", marks: [{ type: "code" }] },
          ],
        },
        {
          type: "orderedList",
          attrs: { start: 3 },
          content: [{ type: "listItem", content: [{ type: "paragraph", content: [text("three")] }] }],
        },
        { type: "codeBlock", attrs: { language: "typescript" }, content: [text("const a = 1;")] },
        { type: "image", attrs: { imageId: "racks", alt: "Racks", caption: "The old data centre" } },
        { type: "horizontalRule" },
        { type: "paragraph" },
      ],
    });
    expect(html).toBe(
      '<div class="rich-text"><h2>Challenge</h2><p><strong><em>Bold</em></strong><br/><code>npm</code></p>' +
        '<ol start="3"><li><p>three</p></li></ol><pre><code class="language-typescript">const a = 1;</code></pre>' +
        '<figure class="rich-text__figure"><img src="/media/racks-800.webp" alt="Racks" width="800" height="450" loading="lazy"/>' +
        "<figcaption>The old data centre</figcaption></figure><hr/></div>",
    );
  });

  it("marks a link to another site and leaves the site's own and mail links plain, all rel=noopener", () => {
    const linked = (href: string) => ({
      type: "text" as const,
      text: "here",
      marks: [{ type: "link" as const, attrs: { href } }],
    });
    const { root } = render({
      type: "doc",
      content: [
        {
          type: "paragraph",
          content: [
            linked("https://aws.amazon.com/pricing/"),
            linked("https://www.altivacloud.com/services"),
            linked("mailto:hello@altivacloud.com"),
          ],
        },
      ],
    });
    const links = findAll((el) => el.name === "a", root.children);
    expect(links.map((a) => [a.attribs.href, a.attribs.rel, textContent(a)])).toEqual([
      ["https://aws.amazon.com/pricing/", "external noopener", "here (another site)"],
      ["https://www.altivacloud.com/services", "noopener", "here"],
      ["mailto:hello@altivacloud.com", "noopener", "here"],
    ]);
  });
});
