// @vitest-environment happy-dom
import type { InboxAnswer, StaffAnswer } from "@contracts/console-answers";
import { cleanup, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { openPage } from "../../test-support/open-page";
import { seller } from "../../test-support/people";
import { serverAnswers } from "../../test-support/server-answers";
import { InboxPage } from "./InboxPage";
import { inboxLoader } from "./inbox-loader";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const row = (id: number, name: string): InboxAnswer["rows"][number] => ({
  id,
  kind: "contact",
  created_at: "2027-03-01T09:30:00.000Z",
  name,
  about: "Migration",
  reference: null,
  status: "new",
  unread: false,
});
const list = (names: string[]): InboxAnswer => ({
  rows: names.map((n, i) => row(i + 1, n)),
  hasMore: false,
  page: 1,
  domains: { groups: [], limited: false },
});

const openInbox = (address = "/", hidden?: Record<string, string>) =>
  openPage({ path: "/", address, hidden, staff: seller, load: inboxLoader, element: <InboxPage staff={seller} /> });

describe("the inbox on its loader", () => {
  it("applies a status through the address and search words through the entry's hidden state, never the address", async () => {
    const api = serverAnswers({
      "POST inbox": (body) => list((body as { q?: string }).q ? ["José Núñez"] : ["José Núñez", "Zoë Ångström"]),
      "GET inbox/views": () => ({ mine: 2, unread: 1, unassigned: 30 }),
    });
    const user = userEvent.setup();
    const router = openInbox();
    expect(await screen.findByRole("link", { name: "Zoë Ångström" })).toBeTruthy();
    await user.type(screen.getByLabelText("Search"), "Núñez");
    await user.selectOptions(screen.getByLabelText("Status"), "in progress");
    await user.click(screen.getByRole("button", { name: "Apply filters" }));
    expect(await screen.findByText("José Núñez")).toBeTruthy();
    expect(screen.queryByText("Zoë Ångström")).toBeNull();
    expect(api.posted("inbox").map((s) => s.body)).toEqual([
      { kind: "contact", page: 1 },
      { kind: "contact", status: "in progress", q: "Núñez", page: 1 },
    ]);
    expect(router.state.location.search).toBe("?status=in+progress");
    expect(router.state.location.state).toEqual({ hidden: { q: "Núñez" } });
    // The form shows what applies.
    expect(screen.getByLabelText<HTMLInputElement>("Search").value).toBe("Núñez");
  });

  it("opens on the filters of the entry it was given, and shows the views' counts with the first list", async () => {
    const api = serverAnswers({
      "POST inbox": () => list(["José Núñez"]),
      "GET inbox/views": () => ({ mine: 2, unread: 1, unassigned: 30 }),
    });
    openInbox("/?view=unassigned&page=2", { q: "Núñez" });
    expect(await screen.findByRole("link", { name: "Unassigned (30)" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "Mine (2, 1 unread)" })).toBeTruthy();
    expect(screen.getByText("José Núñez")).toBeTruthy();
    expect(api.posted("inbox")[0]?.body).toEqual({ kind: "contact", view: "unassigned", q: "Núñez", page: 2 });
  });

  it("keeps a status chosen while a Clear is still loading, and applies it", async () => {
    let release = () => {};
    const held = new Promise<void>((r) => (release = r));
    let lists = 0;
    serverAnswers({
      "POST inbox": async () => {
        // The second list, the cleared one, comes only when the test lets it.
        if (++lists === 2) await held;
        return list(["José Núñez"]);
      },
      "GET inbox/views": () => ({ mine: 2, unread: 1, unassigned: 30 }),
    });
    const user = userEvent.setup();
    const router = openInbox("/?status=in+progress");
    expect(await screen.findByText("José Núñez")).toBeTruthy();
    const status = screen.getByLabelText<HTMLSelectElement>("Status");
    await user.click(screen.getByRole("button", { name: "Clear" }));
    await user.selectOptions(status, "new");
    release();
    await waitFor(() => expect(router.state.location.search).toBe(""));
    expect(status.value).toBe("new");
    await user.click(screen.getByRole("button", { name: "Apply filters" }));
    await waitFor(() => expect(router.state.location.search).toBe("?status=new"));
  });

  it("leaves a failed list to the router's error element, with Try again", async () => {
    serverAnswers({ "GET inbox/views": () => ({ mine: 0, unread: 0, unassigned: 0 }) });
    openInbox();
    expect((await screen.findByRole("heading", { level: 1 })).textContent).toBe("This page could not be loaded");
    expect(screen.getByRole("button", { name: "Try again" })).toBeTruthy();
  });
});

describe("the inbox's status filter", () => {
  /** Sales as the role table has them: enquiries and feedback, no applications. */
  const sales: StaffAnswer = {
    ...seller,
    permissions: ["submissions:read:contact", "submissions:read:feedback", "submissions:update"],
  };
  const optionsOf = (select: HTMLElement) => [...select.querySelectorAll("option")].map((o) => o.textContent);

  it("offers only the statuses of the kinds the person reads: no hiring stage for sales", async () => {
    serverAnswers({
      "POST inbox": () => list(["José Núñez"]),
      "GET inbox/views": () => ({ mine: 0, unread: 0, unassigned: 0 }),
    });
    const user = userEvent.setup();
    openPage({ path: "/", address: "/", staff: sales, load: inboxLoader, element: <InboxPage staff={sales} /> });
    expect(await screen.findByText("José Núñez")).toBeTruthy();
    // An enquiry's and a feedback's statuses, never a hiring stage, whichever kind is chosen.
    const salesStatuses = ["Any status", "new", "in progress", "answered", "closed"];
    expect(optionsOf(screen.getByLabelText("Status"))).toEqual(salesStatuses);
    await user.selectOptions(screen.getByLabelText("Kind"), "Feedback");
    expect(optionsOf(screen.getByLabelText("Status"))).toEqual(salesStatuses);
  });
});
