// @vitest-environment happy-dom
import type { AuditPageAnswer } from "@contracts/console-answers";
import { cleanup, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { openPage } from "../../test-support/open-page";
import { serverAnswers } from "../../test-support/server-answers";
import { AuditPage, auditLoader } from "./AuditPage";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const person = "Ana Admin <admin@altivacloud.com>";
const answer = (page: number, hasMore: boolean): AuditPageAnswer => ({
  page,
  hasMore,
  people: [person],
  entries: [
    {
      id: page,
      at: "2027-03-01T09:30:00.000Z",
      staff_name: person,
      action: "erasure",
      submission_id: null,
      subject: `contact #${page}`,
      detail: null,
    },
  ],
});

describe("the audit log on its loader", () => {
  it("puts the action and the page in the address and the person in the entry's hidden state", async () => {
    const api = serverAnswers({ "POST audit": (body) => answer((body as { page: number }).page, true) });
    const user = userEvent.setup();
    const router = openPage({ path: "/audit", address: "/audit", load: auditLoader, element: <AuditPage /> });
    await user.selectOptions(await screen.findByLabelText("Action"), "erasure");
    await user.selectOptions(screen.getByLabelText("Person"), person);
    await user.click(screen.getByRole("button", { name: "Apply filters" }));
    await user.click(await screen.findByRole("button", { name: /Next/ }));
    expect(await screen.findByText("contact #2")).toBeTruthy();
    expect(router.state.location.search).toBe("?action=erasure&page=2");
    expect(router.state.location.state).toEqual({ hidden: { person } });
    expect(api.posted("audit").map((s) => s.body)).toEqual([
      { person: "", action: "", from: "", to: "", reference: "", page: 1 },
      { person, action: "erasure", from: "", to: "", reference: "", page: 1 },
      { person, action: "erasure", from: "", to: "", reference: "", page: 2 },
    ]);
  });
});
