// @vitest-environment happy-dom
import type { ErasurePlanAnswer, StaffAnswer } from "@contracts/console-answers";
import { cleanup, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ErasureSection } from "../features/submission/ErasureSection";
import { serverAnswers } from "../test-support/server-answers";
import { ConfirmBox } from "./ConfirmBox";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** A button that stays on the page and opens the box, as a template's Delete does. */
function DeleteTemplate(props: { onDelete: () => void }) {
  const [asking, setAsking] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setAsking(true)}>
        Delete “Pricing”
      </button>
      {asking && (
        <ConfirmBox
          id="q"
          danger
          question="Delete the reply template “Pricing”?"
          action="Delete the template"
          onConfirm={props.onDelete}
          onCancel={() => setAsking(false)}
        />
      )}
    </>
  );
}

describe("a confirmation box", () => {
  it("takes the focus on Cancel, so a second Enter cancels and does not delete", async () => {
    const onDelete = vi.fn();
    const user = userEvent.setup();
    render(<DeleteTemplate onDelete={onDelete} />);
    await user.click(screen.getByRole("button", { name: "Delete “Pricing”" }));
    expect(document.activeElement).toBe(screen.getByRole("button", { name: "Cancel" }));
    await user.keyboard("{Enter}");
    expect(onDelete).not.toHaveBeenCalled();
    expect(screen.queryByRole("group", { name: "Delete the reply template “Pricing”?" })).toBeNull();
  });

  it("closes on Escape and gives the focus back to the button that opened it", async () => {
    const onDelete = vi.fn();
    const user = userEvent.setup();
    render(<DeleteTemplate onDelete={onDelete} />);
    const opener = screen.getByRole("button", { name: "Delete “Pricing”" });
    await user.click(opener);
    expect(screen.getByRole("group", { name: "Delete the reply template “Pricing”?" })).toBeTruthy();
    await user.keyboard("{Escape}");
    expect(screen.queryByRole("group", { name: "Delete the reply template “Pricing”?" })).toBeNull();
    await vi.waitFor(() => expect(document.activeElement).toBe(opener));
    expect(onDelete).not.toHaveBeenCalled();
  });

  it("carries out the action only when it is chosen on purpose", async () => {
    const onDelete = vi.fn();
    const user = userEvent.setup();
    render(<DeleteTemplate onDelete={onDelete} />);
    await user.click(screen.getByRole("button", { name: "Delete “Pricing”" }));
    await user.keyboard("{Shift>}{Tab}{/Shift}{Enter}");
    expect(onDelete).toHaveBeenCalledOnce();
  });
});

const admin: StaffAnswer = {
  id: 1,
  email: "admin@altivacloud.com",
  name: "Ada Admin",
  role: "admin",
  roleLabel: "Administrator",
  permissions: ["submissions:read:contact", "submissions:erase", "submissions:erase:whole-person"],
};

const plan: ErasurePlanAnswer = {
  wholePerson: true,
  items: [
    {
      id: 12,
      kind: "contact",
      reference: "contact #12",
      created_at: "2027-03-01T09:00:00.000Z",
      quarantined: false,
      resume: null,
      notes: 1,
      messages: 2,
    },
  ],
};

describe("the erasure confirmation", () => {
  it("by keyboard: Enter twice does not erase, Escape cancels, and the erase button has the focus again", async () => {
    const server = serverAnswers({ "GET submissions/12/erase": () => plan });
    const onErased = vi.fn();
    const user = userEvent.setup();
    render(
      <ErasureSection
        id={12}
        staff={admin}
        name="Mara Lindqvist"
        email="mara@example.com"
        onErased={onErased}
        onFailed={vi.fn()}
      />,
    );
    screen.getByRole("button", { name: "Erase this person" }).focus();
    await user.keyboard("{Enter}");
    const cancel = await screen.findByRole("button", { name: "Cancel" });
    expect(document.activeElement).toBe(cancel);
    await user.keyboard("{Enter}");
    expect(server.posted("submissions/12/erase")).toEqual([]);
    expect(onErased).not.toHaveBeenCalled();
    await vi.waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole("button", { name: "Erase this person" })),
    );

    await user.keyboard("{Enter}");
    await screen.findByRole("button", { name: "Erase permanently" });
    await user.keyboard("{Escape}");
    expect(screen.queryByRole("button", { name: "Erase permanently" })).toBeNull();
    expect(server.posted("submissions/12/erase")).toEqual([]);
    await vi.waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole("button", { name: "Erase this person" })),
    );
  });
});
