// @vitest-environment happy-dom
import type { RoleDetailAnswer } from "@contracts/console-answers";
import { cleanup, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { openPage } from "../../test-support/open-page";
import { serverAnswers } from "../../test-support/server-answers";
import { RoleEditPage, roleLoader } from "./RoleEditPage";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const settings = { siteUrl: "https://altivacloud.com", positions: ["Backend engineer"] };
const saved: RoleDetailAnswer = {
  role: {
    id: 12,
    slug: "site-reliability-engineer-sydney",
    title: "Site reliability engineer",
    position: "Backend engineer",
    offices: ["Sydney"],
    employmentType: "FULL_TIME",
    workplace: "hybrid",
    salary: null,
    description: "## The work\n\nKeep the platform up.",
    datePosted: "2027-03-01",
    validThrough: "2027-04-30",
    state: "draft",
    updatedAt: "2027-03-01T09:30:00.000Z",
  },
  ...settings,
  open: false,
  expired: false,
};

const openEditor = (address: string) =>
  openPage({ path: "/roles/:id", address, load: (id) => roleLoader(id), element: <RoleEditPage /> });

describe("the role editor on its loader", () => {
  it("keeps its page across a new role's first save: the address moves to the role, the message and the typed role stay", async () => {
    const api = serverAnswers({
      "GET roles": () => ({ roles: [], ...settings }),
      "POST roles": () => saved,
      "GET roles/12": () => saved,
    });
    const user = userEvent.setup();
    const router = openEditor("/roles/new");
    await user.type(await screen.findByLabelText("Title"), "Site reliability engineer");
    await user.click(screen.getByRole("button", { name: "Save draft" }));
    expect(await screen.findByText("Draft saved. It is not on the site until you publish it.")).toBeTruthy();
    expect(router.state.location.pathname).toBe("/roles/12");
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("Site reliability engineer");
    // The form shows the saved role, not a reset one.
    expect(screen.getByLabelText<HTMLInputElement>("Title").value).toBe("Site reliability engineer");
    expect(api.sent.map((s) => `${s.method} ${s.path}`)).toEqual(["GET roles", "POST roles", "GET roles/12"]);
  });

  it("opens a saved role with its fields, and leaves a failed load to the error element", async () => {
    serverAnswers({ "GET roles/12": () => saved });
    openEditor("/roles/12");
    expect(await screen.findByRole("heading", { level: 1, name: "Site reliability engineer" })).toBeTruthy();
    expect(screen.getByLabelText<HTMLInputElement>("Closes after").value).toBe("2027-04-30");
    cleanup();
    serverAnswers({});
    openEditor("/roles/13");
    expect((await screen.findByRole("heading", { level: 1 })).textContent).toBe("This page could not be loaded");
  });
});
