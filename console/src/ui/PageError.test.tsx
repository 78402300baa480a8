// @vitest-environment happy-dom
import { cleanup, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { submissionLoader } from "../features/submission/submission-loader";
import { SubmissionPage } from "../features/submission/SubmissionPage";
import { openPage } from "../test-support/open-page";
import { seller } from "../test-support/people";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** The server's refusals, as visible-submission.ts and http.ts give them. */
function refusing(status: number, body: Record<string, unknown>) {
  vi.stubGlobal(
    "fetch",
    vi.fn(async () => Response.json(body, { status })),
  );
}

const open = () =>
  openPage({
    path: "/submissions/:id",
    address: "/submissions/5",
    staff: seller,
    load: submissionLoader,
    element: <SubmissionPage id={5} staff={seller} />,
  });

describe("a submission's page that cannot be shown", () => {
  it("says so in the server's words, naming no role and blaming no access, with the way back to the inbox", async () => {
    const message = "This submission cannot be shown: it may have been erased, or it is not in your inbox.";
    refusing(403, { status: false, message, unavailable: true });
    open();
    expect((await screen.findByRole("heading", { level: 1 })).textContent).toBe("Submission not available");
    expect(screen.getByRole("alert").textContent).toBe(message);
    expect(document.title).not.toMatch(/role/i);
    expect(screen.getByRole("link", { name: "Back to the inbox" }).getAttribute("href")).toBe("/");
  });

  it("keeps saying that a role does not reach a page for other refusals", async () => {
    refusing(403, { status: false, message: "Your role does not give access to this." });
    open();
    expect((await screen.findByRole("heading", { level: 1 })).textContent).toBe("Not open to your role");
  });
});
