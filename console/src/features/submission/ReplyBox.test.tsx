// @vitest-environment happy-dom
import type { ReplyAnswer, ReplyContextAnswer, ReplyPreviewAnswer } from "@contracts/reply-answers";
import { cleanup, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { serverAnswers } from "../../test-support/server-answers";
import { ReplyBox } from "./ReplyBox";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const context: ReplyContextAnswer = {
  recipient: "mara.lindqvist@northwind.example",
  phone: null,
  templates: [],
  answers: [],
};

function preview(body: unknown): ReplyPreviewAnswer {
  const { subject, text } = body as { subject: string; text: string };
  return {
    recipient: context.recipient,
    subject,
    text,
    quote: "On 1 March 2027 at 09:00 UTC, Mara wrote:\n> Hello",
    sent: 0,
  };
}

function sent(body: unknown): ReplyAnswer {
  const { subject, text } = body as { subject: string; text: string };
  return {
    id: 7,
    template: null,
    recipient: context.recipient,
    subject,
    text,
    quote: null,
    messageId: "<reply-7@altivacloud.com>",
    inReplyTo: null,
    queuedAt: "2027-03-01T09:30:00.000Z",
    queuedBy: "Sam Ortiz",
    status: "pending",
    attempts: 0,
    lastError: null,
    sentAt: null,
  };
}

describe("the reply box", () => {
  it("sends only what was previewed: a change to the words takes Send away until the next preview", async () => {
    const api = serverAnswers({
      "GET submissions/12/reply": () => context,
      "POST submissions/12/reply/preview": preview,
      "POST submissions/12/reply": sent,
    });
    const onSent = vi.fn();
    const user = userEvent.setup();
    render(<ReplyBox submissionId={12} name="Mara Lindqvist" replies={[]} onSent={onSent} />);

    await user.type(await screen.findByLabelText("Subject"), "Your migration question");
    await user.type(screen.getByLabelText("Text"), "Thank you, Mara.");
    await user.click(screen.getByRole("button", { name: "Preview the reply" }));
    expect(await screen.findByRole("button", { name: "Send reply" })).toBeTruthy();

    // Edited after the preview: the preview and its Send go.
    await user.type(screen.getByLabelText("Text"), " We can start in April.");
    expect(screen.queryByRole("button", { name: "Send reply" })).toBeNull();

    await user.click(screen.getByRole("button", { name: "Preview the reply" }));
    await user.click(await screen.findByRole("button", { name: "Send reply" }));
    expect(api.posted("submissions/12/reply")).toEqual([
      {
        method: "POST",
        path: "submissions/12/reply",
        body: {
          subject: "Your migration question",
          text: "Thank you, Mara. We can start in April.",
          template: null,
          sent: 0,
        },
      },
    ]);
    expect(onSent).toHaveBeenCalledTimes(1);
    const outcome = await screen.findByRole("status");
    expect(outcome.textContent).toContain("Reply queued for mara.lindqvist@northwind.example");
    expect(screen.getByText("What was sent")).toBeTruthy();
    // The Send button has gone with its preview: the focus stays with the outcome, not the page's top.
    await vi.waitFor(() => expect(document.activeElement).toBe(outcome));
  });

  it("shows the sender's answers as text, with the attachments that were not kept, and the preview with its quote", async () => {
    serverAnswers({
      "GET submissions/12/reply": () => ({
        ...context,
        answers: [
          {
            id: 3,
            sender: context.recipient,
            subject: "Re: We received your enquiry",
            text: "<b>300 VMs</b>, and Tuesday suits us.",
            attachmentsRefused: 2,
            sentAt: "2027-03-01T09:40:00.000Z",
            receivedAt: "2027-03-01T09:41:00.000Z",
          },
        ],
      }),
      "POST submissions/12/reply/preview": preview,
    });
    const user = userEvent.setup();
    render(<ReplyBox submissionId={12} name="Mara Lindqvist" replies={[]} onSent={() => {}} />);
    const list = await screen.findByRole("list", { name: "Their answers" });
    // Markup an answer carried is shown as the characters it is, never drawn.
    expect(list.textContent).toContain("<b>300 VMs</b>, and Tuesday suits us.");
    expect(list.querySelector("b")).toBeNull();
    expect(list.textContent).toContain(`from ${context.recipient}, received 1 Mar 2027, 09:41 UTC`);
    expect(list.textContent).toContain("It had 2 attachments, which were not kept");

    await user.type(screen.getByLabelText("Subject"), "Re: We received your enquiry");
    await user.type(screen.getByLabelText("Text"), "Thank you.");
    await user.click(screen.getByRole("button", { name: "Preview the reply" }));
    const shown = await screen.findByRole("group", { name: "Preview" });
    expect(shown.textContent).toContain("Thank you.\n\nOn 1 March 2027 at 09:00 UTC, Mara wrote:\n> Hello");
  });
});
