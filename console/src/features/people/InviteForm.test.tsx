// @vitest-environment happy-dom
import type { InvitationLinkAnswer } from "@contracts/console-answers";
import { cleanup, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { serverAnswers } from "../../test-support/server-answers";
import { InviteForm } from "./InviteForm";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const roles = [
  { name: "sales", label: "Sales" },
  { name: "hr", label: "HR" },
];

describe("inviting people", () => {
  it("keeps every link made on this visit on its own line: a second invitation does not take the first link away", async () => {
    let made = 0;
    const server = serverAnswers({
      // The first is e-mailed; the mail server refuses the second.
      "POST invitations": (): InvitationLinkAnswer => ({
        link: `https://www.altivacloud.com/admin/invitation#token-${++made}`,
        mailed: made === 1,
        mailProblem: made === 1 ? null : "the mail server refused the address",
      }),
    });
    const onInvited = vi.fn();
    const user = userEvent.setup();
    render(<InviteForm roles={roles} onInvited={onInvited} />);

    const invite = async (name: string, email: string, role: string) => {
      await user.type(screen.getByLabelText("Name"), name);
      await user.type(screen.getByLabelText("Work e-mail"), email);
      await user.selectOptions(screen.getByLabelText("Role"), role);
      await user.click(screen.getByRole("button", { name: "Create invitation link" }));
    };
    await invite("Siobhán Ó Briain", "siobhan@altivacloud.com", "HR");
    await screen.findByLabelText(/^Invitation link for Siobhán Ó Briain \(HR\)/);
    await invite("Tomás Reyes", "tomas@altivacloud.com", "Sales");
    const second = await screen.findByLabelText<HTMLInputElement>(/^Invitation link for Tomás Reyes \(Sales\)/);
    const first = screen.getByLabelText<HTMLInputElement>(/^Invitation link for Siobhán Ó Briain \(HR\)/);

    expect(server.posted("invitations").map((p) => p.body)).toEqual([
      { name: "Siobhán Ó Briain", email: "siobhan@altivacloud.com", role: "hr" },
      { name: "Tomás Reyes", email: "tomas@altivacloud.com", role: "sales" },
    ]);
    expect(onInvited).toHaveBeenCalledTimes(2);
    expect(first.value).toBe("https://www.altivacloud.com/admin/invitation#token-1");
    expect(second.value).toBe("https://www.altivacloud.com/admin/invitation#token-2");
    // Each line says whether its e-mail went.
    expect(screen.getByText("The invitation was e-mailed to siobhan@altivacloud.com.")).toBeTruthy();
    expect(
      screen.getByText(
        "The invitation was not e-mailed to tomas@altivacloud.com: the mail server refused the address. Send the link below to Tomás Reyes yourself.",
      ),
    ).toBeTruthy();
    // Newest first.
    expect(second.compareDocumentPosition(first) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();

    // Each line copies its own link.
    await user.click(screen.getByRole("button", { name: "Copy the link for Siobhán Ó Briain" }));
    expect(await navigator.clipboard.readText()).toBe("https://www.altivacloud.com/admin/invitation#token-1");
    expect(screen.getAllByText("Copied.")).toHaveLength(1);
  });
});
