// @vitest-environment happy-dom
import type { RoleApplicantsAnswer } from "@contracts/pipeline-answers";
import { cleanup, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { openPage } from "../../test-support/open-page";
import { serverAnswers } from "../../test-support/server-answers";
import { HiringRolePage, hiringRoleLoader } from "./HiringRolePage";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const stages = ["new", "reviewing", "interview", "shortlisted", "offer", "not selected", "hired"];
const card = (id: number, name: string, day: string, unread = false) => ({
  id,
  name,
  created_at: `2026-11-${day}T09:00:00.000Z`,
  reference: `APP-2026-0000${id}`,
  unread,
});
const board = (): RoleApplicantsAnswer => ({
  role: {
    id: 4,
    slug: "cloud-engineer",
    title: "Cloud Engineer",
    state: "published",
    position: "Engineering",
    offices: ["Lisbon"],
  },
  stages: stages.map((stage) => {
    const applicants =
      stage === "new"
        ? [card(12, "Zoë Núñez", "20", true), card(11, "Anaïs Lefèvre", "18")]
        : stage === "interview"
          ? [card(10, "Jürgen Größer", "19")]
          : [];
    return { stage, total: applicants.length, applicants };
  }),
});

const openBoard = () =>
  openPage({ path: "/hiring/:id", address: "/hiring/4", load: hiringRoleLoader, element: <HiringRolePage /> });
const column = (stage: string) => screen.getByRole("region", { name: new RegExp(`^${stage} \\(`) });
const namesIn = (stage: string) =>
  within(column(stage))
    .queryAllByRole("listitem")
    .filter((li) => li.classList.contains("board-card"))
    .map((li) => within(li).getAllByRole("link")[0]!.textContent);

describe("a role's board", () => {
  it("moves a card by keyboard: Move, a stage, Enter; the move is said and the focus follows the card", async () => {
    const api = serverAnswers({
      "GET hiring/4": board,
      "POST submissions/12/status": () => ({ status: "interview", deletion: null }),
    });
    const user = userEvent.setup();
    openBoard();
    const move = await screen.findByRole("button", { name: "Move Zoë Núñez" });
    expect(move.getAttribute("aria-expanded")).toBe("false");
    move.focus();
    await user.keyboard("{Enter}");
    expect(move.getAttribute("aria-expanded")).toBe("true");
    const list = screen.getByRole("list", { name: "Move Zoë Núñez to" });
    // The list's first stage has the focus; the card's own stage is not offered.
    expect(document.activeElement).toBe(within(list).getByRole("button", { name: "To “reviewing”" }));
    expect(within(list).queryByRole("button", { name: "To “new”" })).toBeNull();
    await user.tab();
    expect(document.activeElement?.textContent).toBe("To “interview”");
    await user.keyboard("{Enter}");

    expect(await screen.findByText("Zoë Núñez moved from “new” to “interview”.")).toBeTruthy();
    expect(api.posted("submissions/12/status").map((s) => s.body)).toEqual([{ status: "interview" }]);
    expect(namesIn("new")).toEqual(["Anaïs Lefèvre"]);
    // Newest first in its new column, as the server lists it; the counts follow.
    expect(namesIn("interview")).toEqual(["Unread: Zoë Núñez", "Jürgen Größer"]);
    expect(screen.getByRole("heading", { name: "interview (2)" })).toBeTruthy();
    await vi.waitFor(() =>
      expect(document.activeElement).toBe(within(column("interview")).getByRole("button", { name: "Move Zoë Núñez" })),
    );
    // The line that says it is a status: a screen reader announces it where the focus is.
    expect(screen.getByText("Zoë Núñez moved from “new” to “interview”.").closest('[role="status"]')).toBeTruthy();
  });

  it("closes the Move list on Escape without moving, and gives the focus back to Move", async () => {
    const api = serverAnswers({ "GET hiring/4": board });
    const user = userEvent.setup();
    openBoard();
    const move = await screen.findByRole("button", { name: "Move Anaïs Lefèvre" });
    await user.click(move);
    await user.keyboard("{Escape}");
    expect(screen.queryByRole("list", { name: "Move Anaïs Lefèvre to" })).toBeNull();
    expect(document.activeElement).toBe(move);
    expect(api.sent.filter((s) => s.method === "POST")).toEqual([]);
  });

  it("leaves a card where it was when the server refuses the move, and says why", async () => {
    serverAnswers({ "GET hiring/4": board });
    const user = userEvent.setup();
    openBoard();
    await user.click(await screen.findByRole("button", { name: "Move Jürgen Größer" }));
    await user.click(screen.getByRole("button", { name: "To “offer”" }));
    expect(await screen.findByText("Jürgen Größer was not moved: No answer for submissions/10/status.")).toBeTruthy();
    expect(namesIn("interview")).toEqual(["Jürgen Größer"]);
    expect(namesIn("offer")).toEqual([]);
  });

  it("moves two selected cards together with one request, and then sends both the decision e-mail once", async () => {
    let sent = 0;
    const preview = (body: unknown) => {
      const { ids } = body as { ids: number[] };
      return {
        previews: ids.map((id) => ({
          id,
          name: id === 12 ? "Zoë Núñez" : "Anaïs Lefèvre",
          stage: "not selected",
          recipient: `${id}@example.com`,
          subject: "Your application",
          text: "Dear Zoë,\n\nThank you.",
          sent,
        })),
        unavailable: [],
      };
    };
    const api = serverAnswers({
      "GET hiring/4": board,
      "POST hiring/bulk/move": (body) => ({
        results: (body as { ids: number[] }).ids.map((id) => ({ id, outcome: "done", status: "not selected" })),
      }),
      "POST hiring/bulk/decision-mail/preview": preview,
      "POST hiring/bulk/decision-mail": (body) => {
        const { ids, sent: seen } = body as { ids: number[]; sent: Record<string, number> };
        const results = ids.map((id) => ({
          id,
          outcome: seen[String(id)] === sent ? "done" : "already sent",
          outbox: null,
        }));
        sent = 1;
        return { results };
      },
    });
    const user = userEvent.setup();
    openBoard();
    await user.click(await screen.findByRole("checkbox", { name: "Select Zoë Núñez" }));
    await user.click(screen.getByRole("checkbox", { name: "Select Anaïs Lefèvre" }));
    expect(screen.getByRole("heading", { name: "2 candidates selected" })).toBeTruthy();
    await user.selectOptions(screen.getByLabelText("Move them to"), "not selected");
    await user.click(screen.getByRole("button", { name: "Move 2 candidates" }));
    expect(await screen.findByText("2 candidates moved to “not selected”.")).toBeTruthy();
    expect(api.posted("hiring/bulk/move").map((s) => s.body)).toEqual([{ ids: [12, 11], status: "not selected" }]);
    expect(namesIn("not selected")).toEqual(["Unread: Zoë Núñez", "Anaïs Lefèvre"]);
    expect(namesIn("new")).toEqual([]);

    // The decision e-mail for the stage they are now at, previewed for both, sent once.
    expect((screen.getByLabelText("Decision") as HTMLSelectElement).value).toBe("not selected");
    await user.click(screen.getByRole("button", { name: "Preview the e-mails" }));
    expect(await screen.findByRole("heading", { name: "2 e-mails, “not selected”" })).toBeTruthy();
    expect(screen.getByText("Zoë Núñez <12@example.com>")).toBeTruthy();
    const send = screen.getByRole("button", { name: "Send 2 e-mails" });
    await user.click(send);
    const outcome = await screen.findByText(/^2 e-mails queued, one per candidate/);
    await vi.waitFor(() => expect(document.activeElement).toBe(outcome.closest('[role="status"]')));
    // Send pressed again: the preview's counts are out of date, nothing more goes out.
    await user.click(send);
    expect(
      await screen.findByText("2 candidates already had the “not selected” e-mail: nothing more was sent to them."),
    ).toBeTruthy();
    expect(api.posted("hiring/bulk/decision-mail")).toHaveLength(2);
  });
});
