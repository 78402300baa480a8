import fs from "node:fs";
import path from "node:path";
import matter from "gray-matter";
import type { Element } from "domhandler";
import { findAll, textContent } from "domutils";
import { parseDocument } from "htmlparser2";
import { marked } from "marked";
import { describe, expect, it } from "vitest";
import { plainText } from "../../contracts/content/rich-text-text";
import type { RichTextBlock, RichTextDoc } from "../../contracts/content/rich-text";
import { MarkdownImportError, richTextFromMarkdown } from "./rich-text-from-markdown";

const options = { siteOrigin: "https://www.altivacloud.com" };
const folder = path.resolve("app/content/case-studies");
const caseStudies = fs.readdirSync(folder).filter((f) => f.endsWith(".md"));

/** Every node of a doc, depth first. */
function nodes(doc: RichTextDoc): { type: string; [key: string]: unknown }[] {
  const out: { type: string }[] = [];
  const walk = (node: { type: string; content?: unknown[] }) => {
    out.push(node);
    for (const child of node.content ?? []) walk(child as { type: string; content?: unknown[] });
  };
  doc.content.forEach((block) => walk(block as RichTextBlock & { content?: unknown[] }));
  return out as { type: string }[];
}
const words = (text: string) => text.replace(/\s+/g, " ").trim();

describe("richTextFromMarkdown on today's case studies", () => {
  it("finds the case studies to import", () => {
    expect(caseStudies.length).toBeGreaterThanOrEqual(2);
  });

  it.each(caseStudies)("%s: every heading, list item and paragraph arrives with its words", (file) => {
    const { content } = matter(fs.readFileSync(path.join(folder, file), "utf8"));
    const doc = richTextFromMarkdown(content, options);
    const html = parseDocument(marked.parse(content, { async: false }));
    const elements = (name: string) => findAll((el: Element) => el.name === name, html.children);
    const all = nodes(doc);

    const headings = all.filter((n) => n.type === "heading") as Extract<RichTextBlock, { type: "heading" }>[];
    expect(headings.map((h) => plainText({ type: "doc", content: [h] }))).toEqual(elements("h2").map(textContent));
    expect(headings.length).toBeGreaterThan(0);
    expect(all.filter((n) => n.type === "listItem")).toHaveLength(elements("li").length);
    // marked draws a tight list item's words without a <p>; the format always has one.
    const outsideLists = doc.content.filter((b) => b.type === "paragraph");
    expect(outsideLists).toHaveLength(elements("p").length);
    expect(
      all.filter((n) => n.type === "text" && (n.marks as { type: string }[] | undefined)?.[0]?.type === "bold"),
    ).toHaveLength(elements("strong").length);
    expect(words(plainText(doc).replace(/\n/g, " "))).toBe(words(textContent(html)));
  });
});

describe("richTextFromMarkdown's mapping", () => {
  it("maps headings (h1 up to h2, h5 down to h4), marks, lists, quotes, code and rules", () => {
    const doc = richTextFromMarkdown(
      [
        "# Top",
        "##### Deep",
        "Some **bold**, *italic*, `code` and a [link](https://aws.amazon.com/).",
        "Next line.",
        "3. three",
        "4. four",
        "   - nested",
        "> quoted",
        "```typescript\nconst a = 1;\n```",
        "```cobol\nMOVE A TO B.\n```",
        "---",
      ].join("\n\n"),
      options,
    );
    expect(doc.content.map((b) => b.type)).toEqual([
      "heading",
      "heading",
      "paragraph",
      "paragraph",
      "orderedList",
      "blockquote",
      "codeBlock",
      "codeBlock",
      "horizontalRule",
    ]);
    expect(doc.content.slice(0, 2).map((b) => (b as { attrs: { level: number } }).attrs.level)).toEqual([2, 4]);
    expect(doc.content[2]).toEqual({
      type: "paragraph",
      content: [
        { type: "text", text: "Some " },
        { type: "text", text: "bold", marks: [{ type: "bold" }] },
        { type: "text", text: ", " },
        { type: "text", text: "italic", marks: [{ type: "italic" }] },
        { type: "text", text: ", " },
        { type: "text", text: "code", marks: [{ type: "code" }] },
        { type: "text", text: " and a " },
        { type: "text", text: "link", marks: [{ type: "link", attrs: { href: "https://aws.amazon.com/" } }] },
        { type: "text", text: "." },
      ],
    });
    expect(doc.content[4]).toMatchObject({ type: "orderedList", attrs: { start: 3 } });
    expect(doc.content[6]).toEqual({
      type: "codeBlock",
      attrs: { language: "typescript" },
      content: [{ type: "text", text: "const a = 1;" }],
    });
    expect(doc.content[7]).toMatchObject({ attrs: { language: null } });
  });

  it("makes a relative link absolute on the site's origin", () => {
    const doc = richTextFromMarkdown("See [our migration service](/services/migration).", options);
    expect(JSON.stringify(doc)).toContain('"href":"https://www.altivacloud.com/services/migration"');
  });

  it("takes an image with its id, alt and title as caption", () => {
    const doc = richTextFromMarkdown('![Racks of servers](/images/racks.webp "The old data centre")', {
      ...options,
      imageId: (src) => path.basename(src, ".webp"),
    });
    expect(doc.content).toEqual([
      { type: "image", attrs: { imageId: "racks", alt: "Racks of servers", caption: "The old data centre" } },
    ]);
  });

  it.each([
    ["raw HTML", "<div onclick='alert(1)'>hi</div>"],
    ["inline HTML", "Hello <img src=x onerror=alert(1)>"],
    ["a javascript: link", "[click](javascript:alert(1))"],
    ["an address that does not parse", "[click](http://[bad)"],
    ["a table", "| a | b |\n| - | - |\n| 1 | 2 |"],
    ["an entity", "Fish &amp; chips"],
    ["an image with no id to take", "![Servers](/images/racks.webp)"],
  ])("stops the import on %s, naming the text", (_name, markdown) => {
    expect(() => richTextFromMarkdown(markdown, options)).toThrow(MarkdownImportError);
  });
});
