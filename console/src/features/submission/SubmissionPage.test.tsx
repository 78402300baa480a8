// @vitest-environment happy-dom
import type { SubmissionDetailAnswer } from "@contracts/console-answers";
import { cleanup, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { openPage } from "../../test-support/open-page";
import { seller } from "../../test-support/people";
import { serverAnswers } from "../../test-support/server-answers";
import { SubmissionPage } from "./SubmissionPage";
import { submissionLoader } from "./submission-loader";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const detail: SubmissionDetailAnswer = {
  submission: {
    id: 5,
    kind: "contact",
    reference: null,
    name: "Zoë Ångström",
    email: "zoe@example.com",
    fields: [{ label: "Message", value: "We want to move our billing platform to AWS.", multiLine: true }],
    ip: "203.0.113.9",
    user_agent: null,
    status: "new",
    created_at: "2027-03-01T09:30:00.000Z",
    deletion: null,
    future_roles: null,
    source: { path: null, referrer: null, campaign: null },
  },
  statuses: ["new", "in progress", "answered", "closed"],
  resume: null,
  messages: [],
  notes: [],
  role: null,
  decisionMails: [],
  replies: [],
};

const openSubmission = (address: string, hidden?: Record<string, string>) =>
  openPage({
    path: "/submissions/:id",
    address,
    hidden,
    staff: seller,
    load: submissionLoader,
    element: <SubmissionPage id={5} staff={seller} />,
  });

describe("a submission's page on its loader", () => {
  it("asks for the submission once (each ask is an audited view) and shows a status change in place", async () => {
    const api = serverAnswers({
      "GET submissions/5": () => detail,
      "POST submissions/5/neighbours": () => ({ previous: null, next: 6 }),
      "GET submissions/5/assignment": () => ({
        assignee: null,
        assignedAt: null,
        people: [{ id: 4, name: "Sam Seller" }],
      }),
      "POST submissions/5/status": () => ({ status: "in progress", deletion: null }),
    });
    const user = userEvent.setup();
    openSubmission("/submissions/5?status=new", { q: "Ångström" });
    expect(await screen.findByRole("heading", { level: 1, name: "Enquiry from Zoë Ångström" })).toBeTruthy();
    expect(screen.getByRole("link", { name: /Next submission/ }).getAttribute("href")).toBe(
      "/submissions/6?status=new",
    );
    expect(screen.getByText("Nobody owns this yet: it is listed under Unassigned.")).toBeTruthy();
    await user.selectOptions(screen.getByLabelText("Status"), "in progress");
    await user.click(screen.getByRole("button", { name: "Save status" }));
    expect(await screen.findByText("Status saved: in progress.")).toBeTruthy();
    expect(api.sent.filter((s) => s.path === "submissions/5")).toHaveLength(1);
    // The neighbours are those of the view it was opened from: its address and its search words.
    expect(api.posted("submissions/5/neighbours")[0]?.body).toEqual({ status: "new", q: "Ångström" });
  });

  it("does not take the focus on a fresh load, so the skip link stays the first stop", async () => {
    serverAnswers({
      "GET submissions/5": () => detail,
      "POST submissions/5/neighbours": () => ({ previous: null, next: null }),
      "GET submissions/5/assignment": () => ({ assignee: null, assignedAt: null, people: [] }),
    });
    openSubmission("/submissions/5");
    await screen.findByRole("heading", { level: 1, name: "Enquiry from Zoë Ångström" });
    expect(document.activeElement).toBe(document.body);
  });
});
