import { describe, expect, it } from "vitest";
import { isSafeHref, type RichTextDoc, richTextDoc, richTextLimits } from "./rich-text";
import { cutAtWord, excerpt, plainText, readingMinutes } from "./rich-text-text";
import { everyNode } from "./rich-text-sample";

const text = (value: string, marks?: unknown[]) => ({ type: "text", text: value, ...(marks ? { marks } : {}) });
const para = (...content: unknown[]) => ({ type: "paragraph", content });
const doc = (...content: unknown[]) => ({ type: "doc", content });
const link = (href: unknown) => doc(para(text("read more", [{ type: "link", attrs: { href } }])));

const refused = (value: unknown) => expect(richTextDoc.safeParse(value).success).toBe(false);

describe("richTextDoc", () => {
  it("takes a body with every node and mark of the format", () => {
    expect(richTextDoc.parse(everyNode)).toEqual(everyNode);
  });

  it("refuses a script, an html or any unknown node type, at the top and inside a paragraph", () => {
    refused(doc({ type: "script", content: [text("alert(1)")] }));
    refused(doc({ type: "html", text: "<img src=x onerror=alert(1)>" }));
    refused(doc({ type: "htmlBlock", content: [] }));
    refused(doc(para({ type: "html", text: "<script>alert(1)</script>" })));
    refused(doc(para({ type: "image", attrs: { imageId: "a", alt: "inline images are not in the format" } })));
  });

  it.each([
    "javascript:alert(1)",
    "javascript://example.com/%0Aalert(1)",
    "JaVaScRiPt://example.com/%0Aalert(1)",
    "JaVaScRiPt:alert(1)",
    " javascript:alert(1)",
    "javascript :alert(1)",
    "java\tscript:alert(1)",
    "java\nscript:alert(1)",
    "\u0000javascript:alert(1)",
    "\u001fjavascript:alert(1)",
    "javascript\u0000:alert(1)",
    "&#106;avascript:alert(1)",
    "&#x6A;avascript:alert(1)",
    "javascript&colon;alert(1)",
    "%6Aavascript:alert(1)",
    "ｊavascript:alert(1)",
    "data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==",
    "DATA:text/html,<script>alert(1)</script>",
    "vbscript:msgbox(1)",
    "VBScript:msgbox(1)",
    "file:///etc/passwd",
    "ftp://example.com/file",
    "//evil.example/path",
    "/relative/path",
    "https:",
    "https://",
    "",
  ])("refuses the link %j", (href) => {
    refused(link(href));
    expect(isSafeHref(href)).toBe(false);
  });

  it.each([
    "https://example.com/a?b=c#d",
    "http://example.com",
    "HTTPS://EXAMPLE.COM/",
    "mailto:hello@altivacloud.com",
  ])("takes the link %j", (href) => {
    expect(richTextDoc.safeParse(link(href)).success).toBe(true);
  });

  it("refuses a link href that is not a string, or too long", () => {
    refused(link(42));
    refused(link(`https://example.com/${"a".repeat(richTextLimits.maxHrefLength)}`));
  });

  it("refuses attributes smuggled onto any node or mark (onerror, style, onclick, target)", () => {
    refused(doc({ type: "paragraph", attrs: { style: "background:url(javascript:alert(1))" }, content: [text("a")] }));
    refused(doc(para({ type: "text", text: "a", attrs: { onerror: "alert(1)" } })));
    refused(doc({ type: "image", attrs: { imageId: "a1", alt: "Servers", onerror: "alert(1)" } }));
    refused(doc({ type: "image", attrs: { imageId: "a1", alt: "Servers", src: "javascript:alert(1)" } }));
    refused(doc({ type: "heading", attrs: { level: 2, style: "color:red" }, content: [text("a")] }));
    refused(doc(para(text("a", [{ type: "link", attrs: { href: "https://example.com", onclick: "alert(1)" } }]))));
    refused(doc(para(text("a", [{ type: "link", attrs: { href: "https://example.com", target: "_blank" } }]))));
    refused(doc(para(text("a", [{ type: "bold", attrs: { style: "x" } }]))));
    refused(doc({ type: "codeBlock", attrs: { language: '" onmouseover="alert(1)' }, content: [text("x")] }));
    refused(doc({ type: "horizontalRule", attrs: { class: "x" } }));
  });

  it("refuses an image without alt text, a blank alt or an id that is a path", () => {
    refused(doc({ type: "image", attrs: { imageId: "a1" } }));
    refused(doc({ type: "image", attrs: { imageId: "a1", alt: "   " } }));
    refused(doc({ type: "image", attrs: { imageId: "../etc/passwd", alt: "Servers" } }));
  });

  it("refuses a heading level 1 or 5, an empty text node, a mark twice, code with another mark and a control character", () => {
    refused(doc({ type: "heading", attrs: { level: 1 }, content: [text("a")] }));
    refused(doc({ type: "heading", attrs: { level: 5 }, content: [text("a")] }));
    refused(doc(para(text(""))));
    refused(doc(para(text("a", [{ type: "bold" }, { type: "bold" }]))));
    refused(doc(para(text("a", [{ type: "code" }, { type: "bold" }]))));
    refused(doc(para(text("a\u0000b"))));
  });

  it("refuses a body nested 100,000 deep without overflowing the stack", () => {
    let node: unknown = para(text("deep"));
    for (let i = 0; i < 100_000; i++) node = { type: "blockquote", content: [node] };
    const result = richTextDoc.safeParse(doc(node));
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toMatch(/nest/);
  });

  it("refuses one level past the nesting limit and takes the limit itself", () => {
    const nested = (levels: number) => {
      let node: unknown = para(text("x"));
      for (let i = 1; i < levels; i++) node = { type: "blockquote", content: [node] };
      return doc(node);
    };
    // Depth counts nodes below the doc: the paragraph's text is one level under the paragraph.
    expect(richTextDoc.safeParse(nested(richTextLimits.maxDepth - 1)).success).toBe(true);
    refused(nested(richTextLimits.maxDepth + 1));
  });

  it("refuses too many nodes, a text node too long and too much text in all", () => {
    refused(doc(...Array.from({ length: richTextLimits.maxNodes }, () => para(text("a")))));
    refused(doc(para(text("a".repeat(richTextLimits.maxTextLength + 1)))));
    const long = "a".repeat(richTextLimits.maxTextLength);
    refused(doc(...Array.from({ length: richTextLimits.maxTotalText / long.length + 1 }, () => para(text(long)))));
  });
});

describe("the plain-text helpers", () => {
  it("give every block's words one a line, captions but not alt text", () => {
    const lines = plainText(everyNode).split("\n");
    expect(lines).toEqual([
      "Challenge",
      "Bold our site and npm",
      "one",
      "two",
      "Said well.",
      "const a = 1;",
      "plain",
      "The old data centre",
      "End.",
    ]);
  });

  it("cut an excerpt at a word with an ellipsis, and leave a short one whole", () => {
    expect(cutAtWord("Moving a logistics platform to AWS", 20)).toBe("Moving a logistics…");
    expect(cutAtWord("Short", 20)).toBe("Short");
    expect(excerpt(everyNode, 12)).toBe("Challenge…");
  });

  it("count reading minutes at 230 words a minute, one at least", () => {
    const words = (n: number) =>
      ({ type: "doc", content: [para(text(Array(n).fill("word").join(" ")))] }) as RichTextDoc;
    expect(readingMinutes(words(10))).toBe(1);
    expect(readingMinutes(words(1150))).toBe(5);
  });
});
