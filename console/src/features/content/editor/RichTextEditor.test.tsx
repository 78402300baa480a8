// @vitest-environment happy-dom
import type { RichTextDoc } from "@contracts/content/rich-text";
import { cleanup, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { linkAddress, refusedLinkMessage } from "./LinkForm";
import { last, open, selectAll } from "./test-kit";

afterEach(cleanup);

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
});

describe("the address a writer types", () => {
  it.each([
    ["aws.amazon.com/migration", "https://aws.amazon.com/migration"],
    ["hello@altivacloud.com", "mailto:hello@altivacloud.com"],
    ["https://münchen.de/straße plan", "https://xn--mnchen-3ya.de/stra%C3%9Fe%20plan"],
    ["münchen.de", "https://xn--mnchen-3ya.de/"],
    // The parser's own reading: the check refuses it after.
    ["java\tscript:alert(1)", "java\tscript:alert(1)"],
    [" JaVaScRiPt:alert(1)", "JaVaScRiPt:alert(1)"],
  ])("%j is stored as %j", (typed, stored) => {
    expect(linkAddress(typed)).toBe(stored);
  });
});
