// @vitest-environment happy-dom
/** The editor's autosave, its pause, and a paste stripped to the format. */
import { cleanup, render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { act } from "react";
import { afterEach, describe, expect, it } from "vitest";
import { RichTextEditor } from "./RichTextEditor";
import { deferredSaves, last, open, selectAll, words } from "./test-kit";

afterEach(cleanup);

describe("the editor's autosave", () => {
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
