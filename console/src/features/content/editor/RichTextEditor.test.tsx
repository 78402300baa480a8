// @vitest-environment happy-dom
import type { RichTextDoc } from "@contracts/content/rich-text";
import { cleanup, render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { act } from "react";
import { afterEach, describe, expect, it } from "vitest";
import { RichTextEditor, type RichTextEditorProps } from "./RichTextEditor";
import { refusedLinkMessage } from "./LinkForm";

afterEach(cleanup);

const words: RichTextDoc = {
  type: "doc",
  content: [{ type: "paragraph", content: [{ type: "text", text: "Eight weeks to AWS" }] }],
};

/** A save the test answers when it wants: the states between are seen without waiting on a clock. */
function deferredSaves() {
  const calls: { doc: RichTextDoc; resolve: () => void; reject: (error: Error) => void }[] = [];
  const save = (doc: RichTextDoc) =>
    new Promise<void>((resolve, reject) => {
      calls.push({ doc, resolve, reject });
    });
  return { calls, save };
}

function open(props: Partial<RichTextEditorProps> = {}) {
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
async function selectAll(user: ReturnType<typeof userEvent.setup>, body: HTMLElement) {
  await user.click(body);
  await user.keyboard("{Control>}a{/Control}");
}

const last = (changes: RichTextDoc[]) => changes.at(-1);

describe("the rich-text editor", () => {
  it("shows the body it was given, with a named toolbar and no button pressed", () => {
    const { body } = open();
    expect(body.textContent).toBe("Eight weeks to AWS");
    const toolbar = screen.getByRole("toolbar", { name: "Formatting of body of the case study" });
    expect(toolbar).toBeTruthy();
    expect(screen.getByRole("button", { name: "Bold" }).getAttribute("aria-pressed")).toBe("false");
    expect(screen.getByRole("button", { name: "Bold" }).getAttribute("aria-keyshortcuts")).toBe("Control+B");
    expect(screen.getByRole("status").textContent).toBe("Saved");
  });

  it("makes the selection bold with the button, presses it, and hands out a valid doc", async () => {
    const { body, user, changes } = open();
    await selectAll(user, body);
    await user.click(screen.getByRole("button", { name: "Bold" }));
    expect(last(changes)).toEqual({
      type: "doc",
      content: [
        { type: "paragraph", content: [{ type: "text", text: "Eight weeks to AWS", marks: [{ type: "bold" }] }] },
      ],
    });
    expect(screen.getByRole("button", { name: "Bold" }).getAttribute("aria-pressed")).toBe("true");
  });

  it("makes the selection bold with Ctrl+B", async () => {
    const { body, user, changes } = open();
    await selectAll(user, body);
    await user.keyboard("{Control>}b{/Control}");
    expect(last(changes)?.content[0]).toMatchObject({ content: [{ marks: [{ type: "bold" }] }] });
  });

  it("turns the paragraph into a level-2 heading and presses Heading 2", async () => {
    const { body, user, changes } = open();
    await selectAll(user, body);
    await user.click(screen.getByRole("button", { name: "Heading 2" }));
    expect(last(changes)?.content[0]).toEqual({
      type: "heading",
      attrs: { level: 2 },
      content: [{ type: "text", text: "Eight weeks to AWS" }],
    });
    expect(screen.getByRole("button", { name: "Heading 2" }).getAttribute("aria-pressed")).toBe("true");
    expect(screen.getByRole("button", { name: "Heading 3" }).getAttribute("aria-pressed")).toBe("false");
  });

  it("links the selection to an https address typed without its scheme", async () => {
    const { body, user, changes } = open();
    await selectAll(user, body);
    await user.click(screen.getByRole("button", { name: "Link" }));
    await user.type(screen.getByRole("textbox", { name: "Link address" }), "aws.amazon.com/migration");
    await user.click(screen.getByRole("button", { name: "Apply link" }));
    expect(last(changes)?.content[0]).toEqual({
      type: "paragraph",
      content: [
        {
          type: "text",
          text: "Eight weeks to AWS",
          marks: [{ type: "link", attrs: { href: "https://aws.amazon.com/migration" } }],
        },
      ],
    });
    expect(screen.queryByRole("form", { name: "Link" })).toBeNull();
  });

  it.each(["javascript:alert(1)", " JaVaScRiPt:alert(1)", "data:text/html,<b>x</b>", "ftp://example.com/"])(
    "refuses the link %j with a message, and links nothing",
    async (typed) => {
      const { body, user, changes } = open();
      await selectAll(user, body);
      await user.keyboard("{Control>}k{/Control}");
      const address = screen.getByRole("textbox", { name: "Link address" });
      await user.type(address, typed);
      await user.click(screen.getByRole("button", { name: "Apply link" }));
      expect(screen.getByRole("alert").textContent).toBe(refusedLinkMessage);
      expect(address.getAttribute("aria-invalid")).toBe("true");
      expect(JSON.stringify(changes)).not.toContain("link");
    },
  );

  it("removes a link from the form, and Escape closes the form without a change", async () => {
    const linked: RichTextDoc = {
      type: "doc",
      content: [
        {
          type: "paragraph",
          content: [
            { type: "text", text: "AWS", marks: [{ type: "link", attrs: { href: "https://aws.amazon.com/" } }] },
          ],
        },
      ],
    };
    const { body, user, changes } = open({ value: linked });
    await selectAll(user, body);
    expect(screen.getByRole("button", { name: "Link" }).getAttribute("aria-pressed")).toBe("true");
    await user.click(screen.getByRole("button", { name: "Link" }));
    const address = screen.getByRole("textbox", { name: "Link address" }) as HTMLInputElement;
    expect(address.value).toBe("https://aws.amazon.com/");
    await user.keyboard("{Escape}");
    expect(screen.queryByRole("textbox", { name: "Link address" })).toBeNull();
    expect(changes).toEqual([]);
    await user.click(screen.getByRole("button", { name: "Link" }));
    await user.click(screen.getByRole("button", { name: "Remove link" }));
    expect(last(changes)?.content[0]).toEqual({ type: "paragraph", content: [{ type: "text", text: "AWS" }] });
  });

  it("makes a code block and sets its language from the list", async () => {
    const { body, user, changes } = open();
    await selectAll(user, body);
    await user.click(screen.getByRole("button", { name: "Code block" }));
    await user.selectOptions(screen.getByRole("combobox", { name: "Code language" }), "hcl");
    expect(last(changes)?.content[0]).toEqual({
      type: "codeBlock",
      attrs: { language: "hcl" },
      content: [{ type: "text", text: "Eight weeks to AWS" }],
    });
  });

  it("inserts an image from the picker as a figure with its id, alt text and caption", async () => {
    const { body, user, changes } = open({
      onPickImage: async () => ({ imageId: "racks", alt: "Racks of servers", caption: "The old data centre" }),
      imageSrc: (id) => `/admin/api/content/images/${id}/preview.webp`,
    });
    await user.click(body);
    await user.click(screen.getByRole("button", { name: "Image" }));
    await waitFor(() => expect(JSON.stringify(last(changes))).toContain('"type":"image"'));
    expect(last(changes)?.content).toContainEqual({
      type: "image",
      attrs: { imageId: "racks", alt: "Racks of servers", caption: "The old data centre" },
    });
    expect(screen.getByRole("img", { name: "Racks of servers" }).getAttribute("src")).toBe(
      "/admin/api/content/images/racks/preview.webp",
    );
  });

  it("refuses an image without alt text and says why", async () => {
    const { body, user, changes } = open({ onPickImage: async () => ({ imageId: "racks", alt: " " }) });
    await user.click(body);
    await user.click(screen.getByRole("button", { name: "Image" }));
    expect((await screen.findByRole("alert")).textContent).toMatch(/no alt text/);
    expect(changes).toEqual([]);
  });

  it("says Saving… while a draft is on its way, then Saved", async () => {
    const { body, user, saves } = open();
    await selectAll(user, body);
    await user.click(screen.getByRole("button", { name: "Italic" }));
    const status = screen.getByRole("status");
    expect(status.getAttribute("aria-live")).toBe("polite");
    expect(status.textContent).toBe("Saving…");
    await waitFor(() => expect(saves.calls).toHaveLength(1));
    saves.calls[0]!.resolve();
    await waitFor(() => expect(status.textContent).toBe("Saved"));
    expect(saves.calls[0]!.doc.content[0]).toMatchObject({ content: [{ marks: [{ type: "italic" }] }] });
  });

  it("says Not saved with the server's reason when the save fails", async () => {
    const { body, user, saves } = open();
    await selectAll(user, body);
    await user.click(screen.getByRole("button", { name: "Italic" }));
    await waitFor(() => expect(saves.calls).toHaveLength(1));
    saves.calls[0]!.reject(new Error("someone else changed this item; reload to see their version"));
    await waitFor(() =>
      expect(screen.getByRole("status").textContent).toBe(
        "Not saved: someone else changed this item; reload to see their version",
      ),
    );
  });

  it("saves the newest words after a change made while a save was on its way", async () => {
    const { body, user, saves } = open();
    await selectAll(user, body);
    await user.click(screen.getByRole("button", { name: "Italic" }));
    await waitFor(() => expect(saves.calls).toHaveLength(1));
    await user.click(screen.getByRole("button", { name: "Bold" }));
    saves.calls[0]!.resolve();
    // The first answer does not say Saved: newer words are still to go.
    await waitFor(() => expect(saves.calls).toHaveLength(2));
    expect(screen.getByRole("status").textContent).toBe("Saving…");
    saves.calls[1]!.resolve();
    await waitFor(() => expect(screen.getByRole("status").textContent).toBe("Saved"));
    expect(saves.calls[1]!.doc.content[0]).toMatchObject({
      content: [{ marks: [{ type: "bold" }, { type: "italic" }] }],
    });
  });
});

describe("the autosave's pause", () => {
  it("sends one save 1.5 s after the last of two changes, none before (the clock is the test's)", async () => {
    /** A clock the test moves: each pending run with the time it is due. */
    let now = 0;
    const due = new Map<number, { at: number; run: () => void }>();
    let next = 0;
    const timer = {
      set: (run: () => void, ms: number) => {
        due.set(++next, { at: now + ms, run });
        return next;
      },
      clear: (handle: unknown) => {
        due.delete(handle as number);
      },
    };
    const advance = (ms: number) =>
      act(() => {
        now += ms;
        for (const [handle, { at, run }] of [...due]) {
          if (at > now) continue;
          due.delete(handle);
          run();
        }
      });
    const saves = deferredSaves();
    render(<RichTextEditor value={words} label="Body" onAutosave={saves.save} autosaveTimer={timer} />);
    const user = userEvent.setup();
    await selectAll(user, screen.getByRole("textbox", { name: "Body" }));
    await user.click(screen.getByRole("button", { name: "Bold" }));
    await advance(1_000);
    await user.click(screen.getByRole("button", { name: "Italic" }));
    await advance(1_499);
    expect(saves.calls).toHaveLength(0);
    expect(screen.getByRole("status").textContent).toBe("Saving…");
    await advance(1);
    expect(saves.calls).toHaveLength(1);
    expect(saves.calls[0]!.doc.content[0]).toMatchObject({
      content: [{ marks: [{ type: "bold" }, { type: "italic" }] }],
    });
  });
});

describe("pasting into the editor", () => {
  it("keeps the format's parts of pasted HTML and drops scripts, handlers, styles and unsafe links", async () => {
    const { body, user, changes } = open({ value: { type: "doc", content: [{ type: "paragraph" }] } });
    await user.click(body);
    const html =
      '<h1 style="color:red">Title</h1><p onclick="alert(1)">Hello <a href="javascript:alert(1)">bad</a> ' +
      '<a href="https://example.com" target="_blank" class="x">good</a> <s>struck</s></p>' +
      '<script>alert(1)</script><img src="x" onerror="alert(1)"><table><tr><td>cell</td></tr></table>';
    const data = new DataTransfer();
    data.setData("text/html", html);
    data.setData("text/plain", "Title Hello bad good struck cell");
    const event = new Event("paste", { bubbles: true, cancelable: true }) as ClipboardEvent;
    Object.defineProperty(event, "clipboardData", { value: data });
    body.dispatchEvent(event);
    await waitFor(() => expect(changes.length).toBeGreaterThan(0));
    const stored = JSON.stringify(last(changes));
    expect(stored).not.toMatch(/script|onclick|onerror|style|javascript|target|class|"image"/);
    expect(stored).toContain('"href":"https://example.com"');
    // An h1 is the page's title, not the body's: its words stay, as a paragraph.
    expect(last(changes)?.content[0]).toEqual({ type: "paragraph", content: [{ type: "text", text: "Title" }] });
  });
});
