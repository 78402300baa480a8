// @vitest-environment happy-dom
import type { DueAnswer, StaffAnswer, StatusAnswer } from "@contracts/console-answers";
import { cleanup, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { serverAnswers } from "../../test-support/server-answers";
import { PageError } from "../../ui/PageError";
import { DuePage, dueLoader } from "./DuePage";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const hr: StaffAnswer = {
  id: 7,
  email: "hr@altivacloud.com",
  name: "Maya Hart",
  role: "hr",
  roleLabel: "HR",
  permissions: ["applications:retention"],
};
const deletion = { at: "2027-04-02T03:00:00.000Z", basis: "arrival" as const, reason: "Six months after it arrived." };
const row = (id: number, reference: string, name: string): DueAnswer["rows"][number] => ({
  id,
  reference,
  name,
  email: `${name.split(" ")[0]!.toLowerCase()}@example.com`,
  about: "Backend engineer",
  status: "new",
  created_at: "2026-10-02T09:00:00.000Z",
  consented: false,
  deletion,
  kept_until: "2028-10-02T09:00:00.000Z",
});
const due: DueAnswer = {
  days: 30,
  rows: [row(11, "APP-2026-000011", "Ana Ruiz"), row(12, "APP-2026-000012", "Ben Okafor")],
};
const kept: StatusAnswer = {
  status: "new",
  deletion: { at: "2028-10-02T09:00:00.000Z", basis: "consent", reason: "Kept for future roles." },
};

/** The page under a memory router with its loader and the console's one error element, as router.tsx builds it. */
function openDue() {
  const router = createMemoryRouter(
    [
      {
        path: "/due",
        loader: dueLoader,
        element: <DuePage staff={hr} />,
        errorElement: <PageError />,
        HydrateFallback: () => null,
      },
    ],
    { initialEntries: ["/due"] },
  );
  render(<RouterProvider router={router} />);
}

describe("the due-for-deletion page", () => {
  it("draws the list its loader brought, and a recorded consent takes that application off it", async () => {
    const api = serverAnswers({ "GET due": () => due, "POST submissions/11/future-roles": () => kept });
    const user = userEvent.setup();
    openDue();
    expect((await screen.findByText("2 applications")).textContent).toBe("2 applications");
    const [record] = screen.getAllByRole("button", { name: "They replied yes: record consent" });
    await user.click(record!);
    expect(api.posted("submissions/11/future-roles")[0]?.body).toEqual({ consent: true });
    expect(await screen.findByText("1 application")).toBeTruthy();
    expect(screen.queryByRole("link", { name: "APP-2026-000011" })).toBeNull();
    expect(screen.getByRole("link", { name: "APP-2026-000012" })).toBeTruthy();
  });

  it("leaves a failed load to the router's error element, with Try again", async () => {
    serverAnswers({});
    openDue();
    expect((await screen.findByRole("heading", { level: 1 })).textContent).toBe("This page could not be loaded");
    expect(screen.getByRole("alert").textContent).toBe("No answer for due.");
    expect(screen.getByRole("button", { name: "Try again" })).toBeTruthy();
  });
});
