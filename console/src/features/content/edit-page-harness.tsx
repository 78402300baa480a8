/**
 * What the content editor's tests share: an item as the API answers it, the hand-run autosave
 * timer and the page opened on its loader with the API answered from a table. Kept beside the
 * tests so the saving tests and the schedule/insight tests open the page the same way.
 */
import type { ItemAnswer, ItemListAnswer, RevisionsAnswer } from "@contracts/content/items";
import { act, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { Staff } from "../../api";
import { openPage } from "../../test-support/open-page";
import { serverAnswers } from "../../test-support/server-answers";
import { contentItemLoader } from "./content-loaders";
import { ContentEditPage } from "./ContentEditPage";
import type { AutosaveTimer } from "./editor/use-autosave";

const mia = { id: 4, name: "Mia Marketer" };
export const item = (over: Partial<ItemAnswer> = {}): ItemAnswer => ({
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
export const list: ItemListAnswer = { items: [], timeZone: "Europe/London" };
export const history: RevisionsAnswer = { revisions: [] };
export const marketing = {
  id: 4,
  name: "Mia Marketer",
  permissions: ["content:edit", "content:publish"],
} as unknown as Staff;

/** The autosave's pause, run by the test when it says so: nothing waits on the wall clock. */
export function handTimer() {
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
export const now = () => new Date("2026-11-28T14:02:00.000Z");

export function openEditor(answers: Record<string, (body: unknown) => unknown>, address = "/content/case-studies/7") {
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
export const opened = () => screen.findByRole("heading", { level: 1 }, { timeout: 10_000 });

export const savedStatus = () => screen.getByText(/^(Saved at|Saving…|Not saved)/);
