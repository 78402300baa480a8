// @vitest-environment happy-dom
/**
 * The content editor on its loader, with the API answered from a table: the autosave's status
 * line, the conflict when someone else saved first, and the schedule form's time zone.
 */
import type { ConflictAnswer, ItemAnswer, ItemListAnswer, RevisionsAnswer } from "@contracts/content/items";
import { act, cleanup, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { Staff } from "../../api";
import { openPage } from "../../test-support/open-page";
import { serverAnswers } from "../../test-support/server-answers";
import { contentItemLoader } from "./content-loaders";
import { ContentEditPage } from "./ContentEditPage";
import type { AutosaveTimer } from "./editor/use-autosave";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const mia = { id: 4, name: "Mia Marketer" };
const item = (over: Partial<ItemAnswer> = {}): ItemAnswer => ({
  id: 7,
  collection: "case-studies",
  slug: "retail-checkout-rebuild",
  liveSlug: null,
  status: "draft",
  version: 3,
  draft: { title: "Rebuilding a retail checkout", slug: "retail-checkout-rebuild" },
  published: null,
  changed: true,
  issues: [],
  publishAt: null,
  createdBy: mia,
  createdAt: "2026-11-28T13:00:00.000Z",
  updatedBy: mia,
  updatedAt: "2026-11-28T13:30:00.000Z",
  publishedBy: null,
  publishedAt: null,
  ...over,
});
const list: ItemListAnswer = { items: [], timeZone: "Europe/London" };
const history: RevisionsAnswer = { revisions: [] };
const marketing = { id: 4, name: "Mia Marketer", permissions: ["content:edit", "content:publish"] } as unknown as Staff;

/** The autosave's pause, run by the test when it says so: nothing waits on the wall clock. */
function handTimer() {
  const runs = new Map<number, () => void>();
  let next = 0;
  const timer: AutosaveTimer = {
    set: (run) => {
      runs.set(++next, run);
      return next;
    },
    clear: (handle) => void runs.delete(handle as number),
  };
  const elapse = async () => {
    const waiting = [...runs.values()];
    runs.clear();
    await act(async () => {
      for (const run of waiting) run();
      await Promise.resolve();
    });
  };
  return { timer, elapse };
}

/** 14:02 in London on 28 November (GMT): what "Saved at" must say. */
const now = () => new Date("2026-11-28T14:02:00.000Z");

function openEditor(answers: Record<string, (body: unknown) => unknown>, address = "/content/case-studies/7") {
  const api = serverAnswers({
    "GET content/case-studies": () => list,
    "GET content/case-studies/7/revisions": () => history,
    ...answers,
  });
  const { timer, elapse } = handTimer();
  openPage({
    path: "/content/case-studies/:id",
    address,
    load: contentItemLoader("case-studies"),
    element: <ContentEditPage staff={marketing} now={now} timer={timer} />,
  });
  return { api, elapse, user: userEvent.setup() };
}

/** The page once its loader has answered (a loaded machine may take a few seconds over the first one). */
const opened = () => screen.findByRole("heading", { level: 1 }, { timeout: 10_000 });

const savedStatus = () => screen.getByText(/^(Saved at|Saving…|Not saved)/);

describe("the content editor's autosave", () => {
  it("says Saving… after a change, sends the draft with its version after the pause, then Saved at the company's time", async () => {
    const { api, elapse, user } = openEditor({
      "GET content/case-studies/7": () => item(),
      "POST content/case-studies/7": (body) =>
        item({ version: 4, draft: (body as { data: ItemAnswer["draft"] }).data }),
    });
    await opened();
    const title = screen.getByLabelText<HTMLInputElement>("Title");
    await user.type(title, " flow");
    const status = savedStatus();
    expect(status.getAttribute("aria-live")).toBe("polite");
    expect(status.textContent).toBe("Saving…");
    // Nothing is sent before the pause has passed.
    expect(api.posted("content/case-studies/7")).toHaveLength(0);
    await elapse();
    await waitFor(() => expect(status.textContent).toBe("Saved at 14:02"));
    const sent = api.posted("content/case-studies/7");
    expect(sent).toHaveLength(1);
    expect(sent[0]!.body).toMatchObject({ version: 3, data: { title: "Rebuilding a retail checkout flow" } });

    // The next save carries the version the first one answered.
    await user.type(title, "s");
    await elapse();
    await waitFor(() => expect(api.posted("content/case-studies/7")).toHaveLength(2));
    expect(api.posted("content/case-studies/7")[1]!.body).toMatchObject({ version: 4 });
  });
});

describe("a new item", () => {
  it("is created at its first save, its address following the title, and later saves carry its id and version", async () => {
    const { api, elapse, user } = openEditor(
      {
        "POST content/case-studies": (body) =>
          item({ version: 1, draft: (body as { data: ItemAnswer["draft"] }).data, slug: "rebuilding-a-checkout" }),
        "GET content/case-studies/7": () => item({ version: 1 }),
        "POST content/case-studies/7": (body) =>
          item({ version: 2, draft: (body as { data: ItemAnswer["draft"] }).data }),
      },
      "/content/case-studies/new",
    );
    await opened();
    const title = screen.getByLabelText<HTMLInputElement>("Title");
    await user.type(title, "Rebuilding a checkout");
    expect(screen.getByLabelText<HTMLInputElement>("Address").value).toBe("rebuilding-a-checkout");
    await elapse();
    await waitFor(() => expect(api.posted("content/case-studies")).toHaveLength(1));
    expect(api.posted("content/case-studies")[0]!.body).toMatchObject({
      data: { title: "Rebuilding a checkout", slug: "rebuilding-a-checkout" },
    });
    await waitFor(() => expect(savedStatus().textContent).toBe("Saved at 14:02"));

    await user.type(title, " flow");
    await elapse();
    await waitFor(() => expect(api.posted("content/case-studies/7")).toHaveLength(1));
    expect(api.posted("content/case-studies/7")[0]!.body).toMatchObject({
      version: 1,
      data: { title: "Rebuilding a checkout flow", slug: "rebuilding-a-checkout-flow" },
    });
    await waitFor(() => expect(savedStatus().textContent).toBe("Saved at 14:02"));
  });
});

describe("the content editor's conflict", () => {
  const theirs = item({
    version: 5,
    draft: { title: "Rebuilding a retail checkout, by Max", slug: "retail-checkout-rebuild" },
    updatedBy: { id: 9, name: "Max Writer" },
    updatedAt: "2026-11-28T13:55:00.000Z",
  });
  const conflict: ConflictAnswer = {
    status: false,
    message:
      "Max Writer changed this item at 13:55 UTC on 28 November 2026, after you opened it. Your change was not saved: copy what you wrote, reload to see their version, and add yours to it.",
    conflict: { by: { id: 9, name: "Max Writer" }, at: "2026-11-28T13:55:00.000Z", version: 5 },
  };

  it("names who changed the item and when, stops saving, and loads their version while keeping the person's words to copy", async () => {
    let served = false;
    const { api, elapse, user } = openEditor({
      "GET content/case-studies/7": () => {
        const answer = served ? theirs : item();
        served = true;
        return answer;
      },
      "POST content/case-studies/7": () => Response.json(conflict, { status: 409 }),
    });
    await opened();
    const title = screen.getByLabelText<HTMLInputElement>("Title");
    await user.clear(title);
    await user.type(title, "Checkout rebuilt in six weeks");
    await elapse();

    const notice = await screen.findByRole("alert", { name: "Someone else changed this item" });
    expect(notice.textContent).toContain("Max Writer changed this item at 13:55 UTC on 28 November 2026");
    expect(savedStatus().textContent).toBe("Not saved: someone else changed this item. See below.");
    // The person's words are still in the form, and no further change is sent over theirs.
    expect(title.value).toBe("Checkout rebuilt in six weeks");
    await user.type(title, "!");
    await elapse();
    expect(api.posted("content/case-studies/7")).toHaveLength(1);

    await user.click(within(notice).getByRole("button", { name: "Load their version" }));
    await waitFor(() => expect(title.value).toBe("Rebuilding a retail checkout, by Max"));
    const kept = screen.getByRole<HTMLTextAreaElement>("textbox", { name: "Your version as text" });
    expect(kept.value).toContain("Title: Checkout rebuilt in six weeks!");
    expect(screen.queryByRole("alert", { name: "Someone else changed this item" })).toBeNull();

    // Saving goes on from their version.
    await user.type(title, ".");
    await elapse();
    await waitFor(() => expect(api.posted("content/case-studies/7")).toHaveLength(2));
    expect(api.posted("content/case-studies/7")[1]!.body).toMatchObject({ version: 5 });
  });
});

describe("the schedule form", () => {
  it("reads the date and time on the company's clocks, says the moment back, and sends it as UTC", async () => {
    const { api, user } = openEditor({
      "GET content/case-studies/7": () => item(),
      "POST content/case-studies/7/schedule": (body) =>
        item({ version: 4, status: "scheduled", publishAt: (body as { publishAt: string }).publishAt }),
    });
    await opened();
    const day = screen.getByLabelText("Date");
    const time = screen.getByLabelText("Time (Europe/London)");
    // Summer time: 09:30 in London is 08:30 UTC.
    await user.type(day, "2027-07-01");
    await user.type(time, "09:30");
    expect(screen.getByText(/^Goes live at/).textContent).toBe(
      "Goes live at 1 Jul 2027, 09:30 Europe/London, within a minute of that time.",
    );
    await user.click(screen.getByRole("button", { name: "Schedule" }));
    await waitFor(() => expect(api.posted("content/case-studies/7/schedule")).toHaveLength(1));
    expect(api.posted("content/case-studies/7/schedule")[0]!.body).toEqual({
      version: 3,
      publishAt: "2027-07-01T08:30:00.000Z",
    });
    expect(await screen.findByText("Scheduled for 1 Jul 2027, 09:30 Europe/London")).toBeTruthy();
  });

  it("refuses a time that has passed without asking the server", async () => {
    const { api, user } = openEditor({ "GET content/case-studies/7": () => item() });
    await opened();
    await user.type(screen.getByLabelText("Date"), "2026-11-28");
    await user.type(screen.getByLabelText("Time (Europe/London)"), "14:01");
    await user.click(screen.getByRole("button", { name: "Schedule" }));
    expect((await screen.findByText(/has not passed yet/)).textContent).toBe(
      "Choose a time that has not passed yet, or publish now.",
    );
    expect(api.posted("content/case-studies/7/schedule")).toHaveLength(0);
  });
});

describe("the insight editor", () => {
  it("shows an insight's own fields and saves its byline, its typed tags as a list and its article with its version", async () => {
    const article = {
      type: "doc",
      content: [{ type: "paragraph", content: [{ type: "text", text: "Hours given back are the measure." }] }],
    };
    const insight = item({
      id: 9,
      collection: "insights",
      slug: "what-a-platform-team-owes",
      draft: {
        title: "What a platform team owes",
        slug: "what-a-platform-team-owes",
        author: { name: "Priya Raman", title: "Chief Executive Officer" },
        tags: ["Platform engineering"],
        body: article,
      },
    });
    const api = serverAnswers({
      "GET content/insights": () => list,
      "GET content/insights/9": () => insight,
      "GET content/insights/9/revisions": () => history,
      "POST content/insights/9": (body) =>
        item({ ...insight, version: 4, draft: (body as { data: ItemAnswer["draft"] }).data }),
    });
    const { timer, elapse } = handTimer();
    openPage({
      path: "/content/insights/:id",
      address: "/content/insights/9",
      load: contentItemLoader("insights"),
      element: <ContentEditPage staff={marketing} now={now} timer={timer} />,
    });
    const user = userEvent.setup();
    await opened();
    expect(screen.getByLabelText<HTMLInputElement>("Author").value).toBe("Priya Raman");
    expect(screen.getByLabelText<HTMLInputElement>("Their position").value).toBe("Chief Executive Officer");
    // A case study's fields are not on an insight's page.
    expect(screen.queryByLabelText("Client")).toBeNull();

    await user.type(screen.getByLabelText("Tags"), ", Kubernetes ,");
    await elapse();
    await waitFor(() => expect(savedStatus().textContent).toBe("Saved at 14:02"));
    const sent = api.posted("content/insights/9");
    expect(sent).toHaveLength(1);
    expect(sent[0]!.body).toMatchObject({
      version: 3,
      data: {
        title: "What a platform team owes",
        author: { name: "Priya Raman", title: "Chief Executive Officer" },
        tags: ["Platform engineering", "Kubernetes"],
        body: article,
      },
    });
  });
});
