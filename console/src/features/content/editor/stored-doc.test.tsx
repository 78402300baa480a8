// @vitest-environment happy-dom
import { everyNode } from "@contracts/content/rich-text-sample";
import { Editor } from "@tiptap/core";
import { afterEach, describe, expect, it } from "vitest";
import { editorExtensions } from "./extensions";
import { storedDoc } from "./stored-doc";

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
