// @vitest-environment happy-dom
/**
 * The content editor's schedule form (the company's time zone) and the insight collection's own
 * fields, on the page's loader with the API answered from a table.
 */
import type { ItemAnswer } from "@contracts/content/items";
import { cleanup, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { openPage } from "../../test-support/open-page";
import { serverAnswers } from "../../test-support/server-answers";
import { contentItemLoader } from "./content-loaders";
import { ContentEditPage } from "./ContentEditPage";
import { handTimer, history, item, list, marketing, now, opened, openEditor, savedStatus } from "./edit-page-harness";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
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
