// @vitest-environment happy-dom
import type { QuarantinedAnswer } from "@contracts/console-answers";
import { cleanup, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createMemoryRouter, RouterProvider, type LoaderFunctionArgs } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { serverAnswers } from "../../test-support/server-answers";
import { QuarantinePage, quarantineLoader } from "./QuarantinePage";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const held = (id: number, name: string, verdict: QuarantinedAnswer["verdict"]): QuarantinedAnswer => ({
  id,
  kind: "contact",
  reference: null,
  createdAt: "2027-03-01T09:30:00.000Z",
  verdict,
  name,
  email: `${name.toLowerCase()}@example.com`,
  reasons: [{ signal: "honeypot", text: "The hidden field was filled in." }],
});
const spam = held(21, "Spammer", "spam");
const review = held(22, "Nojs", "review");

/** The page under a memory router, its loader given the address's query as router.tsx gives it. */
function openQuarantine(address: string) {
  const loader = ({ request }: LoaderFunctionArgs) => quarantineLoader(0, new URL(request.url).searchParams);
  const router = createMemoryRouter(
    [{ path: "/quarantine", loader, element: <QuarantinePage />, HydrateFallback: () => null }],
    { initialEntries: [address] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

describe("the quarantine list", () => {
  it("loads the verdict chosen under Show, and the address keeps the choice", async () => {
    const api = serverAnswers({
      "GET quarantine": () => [spam, review],
      "GET quarantine?verdict=review": () => [review],
    });
    const user = userEvent.setup();
    const router = openQuarantine("/quarantine");
    expect((await screen.findByText("2 submissions")).textContent).toBe("2 submissions");
    await user.selectOptions(screen.getByLabelText("Show"), "review");
    expect(await screen.findByText("1 submission")).toBeTruthy();
    expect(screen.queryByRole("link", { name: "Spammer" })).toBeNull();
    expect(api.sent.map((s) => s.path)).toEqual(["quarantine", "quarantine?verdict=review"]);
    expect(router.state.location.search).toBe("?verdict=review");
  });

  it("opens on the verdict in the address, and shows everything for one it does not know", async () => {
    const api = serverAnswers({
      "GET quarantine": () => [spam, review],
      "GET quarantine?verdict=review": () => [review],
    });
    openQuarantine("/quarantine?verdict=review");
    expect(await screen.findByText("1 submission")).toBeTruthy();
    expect((screen.getByLabelText("Show") as HTMLSelectElement).value).toBe("review");
    cleanup();
    openQuarantine("/quarantine?verdict=%3Cb%3E");
    expect(await screen.findByText("2 submissions")).toBeTruthy();
    expect(api.sent.map((s) => s.path)).toEqual(["quarantine?verdict=review", "quarantine"]);
  });
});
