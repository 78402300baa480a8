// @vitest-environment happy-dom
/**
 * An insight's history after its author's new name went live on the team page (decision 081): the
 * byline's own revision says what happened, who published the change, and which field it changed.
 */
import type { RevisionsAnswer } from "@contracts/content/items";
import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { HistoryPanel } from "./HistoryPanel";

afterEach(cleanup);

const article = {
  title: "Paved roads for platform teams",
  author: { name: "Elena Marsh", title: "Head of Delivery" },
};
const revisions: RevisionsAnswer["revisions"] = [
  {
    number: 1,
    action: "publish",
    restoredFrom: null,
    slug: "paved-roads",
    data: article,
    by: { id: 4, name: "Mia Marketer" },
    at: "2026-12-01T09:00:00.000Z",
  },
  {
    number: 2,
    action: "byline",
    restoredFrom: null,
    slug: "paved-roads",
    data: { ...article, author: { name: "Elena Marsh-Okafor", title: "Director of Delivery" } },
    by: { id: 7, name: "Zoë Ábrahám" },
    at: "2026-12-02T10:00:00.000Z",
  },
];

describe("the history of an insight whose byline followed the team", () => {
  it("names the byline's revision, who published the team change and the field it changed", () => {
    render(<HistoryPanel revisions={revisions} timeZone="UTC" mayRestore={true} busy={false} onRestore={() => {}} />);
    const [newest, first] = screen.getAllByRole("listitem");
    expect(newest!.textContent).toContain("Revision 2: Byline followed the team page by Zoë Ábrahám");
    expect(newest!.textContent).toContain("Paved roads for platform teams · byline");
    expect(first!.textContent).toContain("Revision 1: Published by Mia Marketer");
    expect(screen.getByRole<HTMLButtonElement>("button", { name: "Restore revision 1" }).disabled).toBe(false);
  });
});
