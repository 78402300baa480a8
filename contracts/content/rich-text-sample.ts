/**
 * One body with every node and mark of the rich-text format (rich-text.ts), for the tests that
 * must see all of it: the format's own (contracts/content/rich-text.test.ts) and the editor's
 * round trip (console/…/editor/stored-doc.test.tsx). Marks stand in ProseMirror's order (link
 * first), so the editor hands the same doc back; a blockquote holds a blockquote, a code block
 * has no language and the last paragraph is empty, as the format allows.
 */
import type { RichTextDoc } from "./rich-text";

export const everyNode: RichTextDoc = {
  type: "doc",
  content: [
    { type: "heading", attrs: { level: 3 }, content: [{ type: "text", text: "Challenge" }] },
    {
      type: "paragraph",
      content: [
        { type: "text", text: "Bold", marks: [{ type: "bold" }] },
        { type: "hardBreak" },
        {
          type: "text",
          text: "our site",
          marks: [{ type: "link", attrs: { href: "https://example.com/a" } }, { type: "italic" }],
        },
        { type: "text", text: " and " },
        { type: "text", text: "npm", marks: [{ type: "code" }] },
      ],
    },
    {
      type: "bulletList",
      content: [
        {
          type: "listItem",
          content: [
            { type: "paragraph", content: [{ type: "text", text: "one" }] },
            {
              type: "orderedList",
              attrs: { start: 3 },
              content: [
                { type: "listItem", content: [{ type: "paragraph", content: [{ type: "text", text: "two" }] }] },
              ],
            },
          ],
        },
      ],
    },
    {
      type: "blockquote",
      content: [
        { type: "blockquote", content: [{ type: "paragraph", content: [{ type: "text", text: "Said well." }] }] },
      ],
    },
    { type: "codeBlock", attrs: { language: "typescript" }, content: [{ type: "text", text: "const a = 1;\n" }] },
    { type: "codeBlock", attrs: { language: null }, content: [{ type: "text", text: "plain" }] },
    { type: "image", attrs: { imageId: "img_01H8", alt: "A rack of servers", caption: "The old data centre" } },
    { type: "horizontalRule" },
    { type: "paragraph", content: [{ type: "text", text: "End." }] },
    { type: "paragraph" },
  ],
};
