/** What the editor's component tests share: a body, a save the test answers, opening the editor. */
import type { RichTextDoc } from "@contracts/content/rich-text";
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { RichTextEditor, type RichTextEditorProps } from "./RichTextEditor";

export const words: RichTextDoc = {
  type: "doc",
  content: [{ type: "paragraph", content: [{ type: "text", text: "Eight weeks to AWS" }] }],
};

/** A save the test answers when it wants: the states between are seen without waiting on a clock. */
export function deferredSaves() {
  const calls: { doc: RichTextDoc; resolve: () => void; reject: (error: Error) => void }[] = [];
  const save = (doc: RichTextDoc) =>
    new Promise<void>((resolve, reject) => {
      calls.push({ doc, resolve, reject });
    });
  return { calls, save };
}

export function open(props: Partial<RichTextEditorProps> = {}) {
  const changes: RichTextDoc[] = [];
  const saves = deferredSaves();
  render(
    <RichTextEditor
      value={words}
      label="Body of the case study"
      onChange={(doc) => changes.push(doc)}
      onAutosave={saves.save}
      autosaveDelayMs={0}
      {...props}
    />,
  );
  const body = screen.getByRole("textbox", { name: "Body of the case study" });
  return { changes, saves, body, user: userEvent.setup() };
}

/** Selects the whole body through the editor's own keymap, as a writer's Ctrl+A does. */
export async function selectAll(user: ReturnType<typeof userEvent.setup>, body: HTMLElement) {
  await user.click(body);
  await user.keyboard("{Control>}a{/Control}");
}

export const last = (changes: RichTextDoc[]) => changes.at(-1);
