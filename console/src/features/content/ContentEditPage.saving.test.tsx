// @vitest-environment happy-dom
/**
 * The content editor's saving, on its loader with the API answered from a table: the autosave's
 * status line, a new item's first save, and the conflict when someone else saved first.
 */
import type { ConflictAnswer, ItemAnswer } from "@contracts/content/items";
import { cleanup, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { item, opened, openEditor, savedStatus } from "./edit-page-harness";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("the content editor's autosave", () => {
  it("says Saving… after a change, sends the draft with its version after the pause, then Saved at the company's time", async () => {
    const { api, elapse, user } = openEditor({
      "GET content/case-studies/7": () => item(),
      "POST content/case-studies/7": (body) =>
        item({ version: 4, draft: (body as { data: ItemAnswer["draft"] }).data }),
    });
    await opened();
    const title = screen.getByLabelText<HTMLInputElement>("Title");
    await user.type(title, " flow");
    const status = savedStatus();
    expect(status.getAttribute("aria-live")).toBe("polite");
    expect(status.textContent).toBe("Saving…");
    // Nothing is sent before the pause has passed.
    expect(api.posted("content/case-studies/7")).toHaveLength(0);
    await elapse();
    await waitFor(() => expect(status.textContent).toBe("Saved at 14:02"));
    const sent = api.posted("content/case-studies/7");
    expect(sent).toHaveLength(1);
    expect(sent[0]!.body).toMatchObject({ version: 3, data: { title: "Rebuilding a retail checkout flow" } });

    // The next save carries the version the first one answered.
    await user.type(title, "s");
    await elapse();
    await waitFor(() => expect(api.posted("content/case-studies/7")).toHaveLength(2));
    expect(api.posted("content/case-studies/7")[1]!.body).toMatchObject({ version: 4 });
  });
});

describe("a new item", () => {
  it("is created at its first save, its address following the title, and later saves carry its id and version", async () => {
    const { api, elapse, user } = openEditor(
      {
        "POST content/case-studies": (body) =>
          item({ version: 1, draft: (body as { data: ItemAnswer["draft"] }).data, slug: "rebuilding-a-checkout" }),
        "GET content/case-studies/7": () => item({ version: 1 }),
        "POST content/case-studies/7": (body) =>
          item({ version: 2, draft: (body as { data: ItemAnswer["draft"] }).data }),
      },
      "/content/case-studies/new",
    );
    await opened();
    const title = screen.getByLabelText<HTMLInputElement>("Title");
    await user.type(title, "Rebuilding a checkout");
    expect(screen.getByLabelText<HTMLInputElement>("Address").value).toBe("rebuilding-a-checkout");
    await elapse();
    await waitFor(() => expect(api.posted("content/case-studies")).toHaveLength(1));
    expect(api.posted("content/case-studies")[0]!.body).toMatchObject({
      data: { title: "Rebuilding a checkout", slug: "rebuilding-a-checkout" },
    });
    await waitFor(() => expect(savedStatus().textContent).toBe("Saved at 14:02"));

    await user.type(title, " flow");
    await elapse();
    await waitFor(() => expect(api.posted("content/case-studies/7")).toHaveLength(1));
    expect(api.posted("content/case-studies/7")[0]!.body).toMatchObject({
      version: 1,
      data: { title: "Rebuilding a checkout flow", slug: "rebuilding-a-checkout-flow" },
    });
    await waitFor(() => expect(savedStatus().textContent).toBe("Saved at 14:02"));
  });
});

describe("the content editor's conflict", () => {
  const theirs = item({
    version: 5,
    draft: { title: "Rebuilding a retail checkout, by Max", slug: "retail-checkout-rebuild" },
    updatedBy: { id: 9, name: "Max Writer" },
    updatedAt: "2026-11-28T13:55:00.000Z",
  });
  const conflict: ConflictAnswer = {
    status: false,
    message:
      "Max Writer changed this item at 13:55 UTC on 28 November 2026, after you opened it. Your change was not saved: copy what you wrote, reload to see their version, and add yours to it.",
    conflict: { by: { id: 9, name: "Max Writer" }, at: "2026-11-28T13:55:00.000Z", version: 5 },
  };

  it("names who changed the item and when, stops saving, and loads their version while keeping the person's words to copy", async () => {
    let served = false;
    const { api, elapse, user } = openEditor({
      "GET content/case-studies/7": () => {
        const answer = served ? theirs : item();
        served = true;
        return answer;
      },
      "POST content/case-studies/7": () => Response.json(conflict, { status: 409 }),
    });
    await opened();
    const title = screen.getByLabelText<HTMLInputElement>("Title");
    await user.clear(title);
    await user.type(title, "Checkout rebuilt in six weeks");
    await elapse();

    const notice = await screen.findByRole("alert", { name: "Someone else changed this item" });
    expect(notice.textContent).toContain("Max Writer changed this item at 13:55 UTC on 28 November 2026");
    expect(savedStatus().textContent).toBe("Not saved: someone else changed this item. See below.");
    // The person's words are still in the form, and no further change is sent over theirs.
    expect(title.value).toBe("Checkout rebuilt in six weeks");
    await user.type(title, "!");
    await elapse();
    expect(api.posted("content/case-studies/7")).toHaveLength(1);

    await user.click(within(notice).getByRole("button", { name: "Load their version" }));
    await waitFor(() => expect(title.value).toBe("Rebuilding a retail checkout, by Max"));
    const kept = screen.getByRole<HTMLTextAreaElement>("textbox", { name: "Your version as text" });
    expect(kept.value).toContain("Title: Checkout rebuilt in six weeks!");
    expect(screen.queryByRole("alert", { name: "Someone else changed this item" })).toBeNull();

    // Saving goes on from their version.
    await user.type(title, ".");
    await elapse();
    await waitFor(() => expect(api.posted("content/case-studies/7")).toHaveLength(2));
    expect(api.posted("content/case-studies/7")[1]!.body).toMatchObject({ version: 5 });
  });
});
