// @vitest-environment happy-dom
/**
 * Unpublishing a team member who is the byline of live insights (decision 081): the server
 * refuses, and the page says why in its words, with the member still live.
 */
import { cleanup, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { openPage } from "../../test-support/open-page";
import { serverAnswers } from "../../test-support/server-answers";
import { contentItemLoader } from "./content-loaders";
import { ContentEditPage } from "./ContentEditPage";
import { handTimer, history, item, list, marketing, now, opened } from "./edit-page-harness";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const refusal =
  'Daniel Okafor is the author of 2 live insights: "Paved roads", "Fewer pages". Give each another author or unpublish them first; the team page keeps Daniel Okafor until then.';

describe("unpublishing a team member with live insights", () => {
  it("shows the server's refusal naming the insights, and sends the unpublish once", async () => {
    const draft = {
      slug: "daniel-okafor",
      name: "Daniel Okafor",
      position: "Chief Technology Officer",
      bio: "Daniel leads our engineering practice and reviews every platform we hand over to a client.",
      photo: { imageId: "5f0c2a9e81d4b7c36a1e9d03", alt: "Daniel Okafor" },
      order: 2,
    };
    const member = item({
      id: 4,
      collection: "team",
      slug: "daniel-okafor",
      liveSlug: "daniel-okafor",
      status: "published",
      draft,
      published: draft,
      changed: false,
    });
    const api = serverAnswers({
      "GET content/team": () => list,
      "GET content/team/4": () => member,
      "GET content/team/4/revisions": () => history,
      "POST content/team/4/unpublish": () => Response.json({ status: false, message: refusal }, { status: 409 }),
    });
    const { timer } = handTimer();
    openPage({
      path: "/content/team/:id",
      address: "/content/team/4",
      load: contentItemLoader("team"),
      element: <ContentEditPage staff={marketing} now={now} timer={timer} />,
    });
    const user = userEvent.setup();
    await opened();
    await user.click(screen.getByRole("button", { name: "Unpublish" }));
    // The question's own Unpublish confirms it.
    const question = await screen.findByRole("group", { name: /^Take this team member off the site\?/ });
    await user.click(within(question).getByRole("button", { name: "Unpublish" }));
    expect((await screen.findByText(/^Not unpublished:/)).textContent).toBe(`Not unpublished: ${refusal}`);
    expect(api.posted("content/team/4/unpublish")).toEqual([
      { method: "POST", path: "content/team/4/unpublish", body: { version: 3 } },
    ]);
  });
});
