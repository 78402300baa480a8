// @vitest-environment happy-dom
import type { RichTextDoc } from "@contracts/content/rich-text";
import { Editor } from "@tiptap/core";
import { afterEach, describe, expect, it } from "vitest";
import { editorExtensions } from "./extensions";
import { storedDoc } from "./stored-doc";

/** Every node and mark of the format, as the store would hand it to the editor (marks in ProseMirror's order: link first). */
const everyNode: RichTextDoc = {
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
  ],
};

let editor: Editor | undefined;
afterEach(() => editor?.destroy());

describe("the editor's schema is the stored format's", () => {
  it("holds every node and mark of the format and gives the same doc back", () => {
    editor = new Editor({
      extensions: editorExtensions(
        () => null,
        () => {},
      ),
      content: everyNode,
    });
    expect(storedDoc(editor.getJSON())).toEqual({ ok: true, doc: everyNode });
  });

  it("turns a doc that does not fit the format into the reason, not a doc", () => {
    expect(storedDoc({ type: "doc", content: [{ type: "image", attrs: { imageId: "a1", alt: "" } }] })).toEqual({
      ok: false,
      reason: "Every image needs alt text.",
    });
  });
});
