// @vitest-environment happy-dom
import type { DecisionMailAnswer, DecisionPreviewAnswer } from "@contracts/console-answers";
import { cleanup, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { serverAnswers } from "../../test-support/server-answers";
import { DecisionMail } from "./DecisionMail";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const recipient = "ines.duarte@example.com";
let sent = 0;
const preview = (): DecisionPreviewAnswer => ({
  status: "not selected",
  recipient,
  subject: "Your application for Cloud Engineer",
  text: "Dear Inês,\n\nThank you for applying.",
  sent,
});
const queued = (): DecisionMailAnswer => {
  sent++;
  return {
    id: 3,
    template: "not selected",
    recipient,
    subject: "Your application for Cloud Engineer",
    text: "Dear Inês,\n\nThank you for applying.",
    queuedAt: "2027-03-01T09:30:00.000Z",
    queuedBy: "Hana Ruiz",
    status: "pending",
    attempts: 0,
    lastError: null,
    sentAt: null,
  };
};

describe("the decision e-mail", () => {
  it("after Send, the focus is on its outcome, not lost to the top of the page; a failed Send too", async () => {
    sent = 0;
    const server = serverAnswers({
      "POST submissions/9/decision-mail/preview": preview,
      "POST submissions/9/decision-mail": queued,
    });
    const onQueued = vi.fn();
    const user = userEvent.setup();
    render(<DecisionMail submissionId={9} status="not selected" onQueued={onQueued} />);
    await user.click(await screen.findByRole("button", { name: "Send e-mail" }));
    const outcome = await screen.findByText(/^E-mail queued for ines\.duarte@example\.com\./);
    expect(onQueued).toHaveBeenCalledOnce();
    expect(server.posted("submissions/9/decision-mail")).toHaveLength(1);
    await vi.waitFor(() => expect(document.activeElement).toBe(outcome.closest('[role="status"]')));

    // A second Send the server refuses: its message takes the focus the same way.
    serverAnswers({ "POST submissions/9/decision-mail/preview": preview });
    await user.click(await screen.findByRole("button", { name: "Send again" }));
    const refused = await screen.findByText("No answer for submissions/9/decision-mail.");
    await vi.waitFor(() => expect(document.activeElement).toBe(refused.closest('[role="status"]')));
  });
});
