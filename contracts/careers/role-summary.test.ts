/**
 * A role's meta and og:description (issue 44): never a sentence that holds a link, such as
 * "Read about our engineering culture." once its link text stands alone. The site's route and the
 * console's snippet preview both read it from here (decision 077).
 */
import { describe, expect, it } from "vitest";
import { descriptionSummary, roleMetaDescription, roleTitle } from "./role-summary";

describe("a role's description for sharing and search", () => {
  it("leaves out a paragraph's link sentences and keeps its other sentences", () => {
    expect(
      descriptionSummary(
        "We run **Kubernetes** platforms for banks. Read about our [engineering culture](/about/culture).\n\n- On call: one week in six",
      ),
    ).toBe("We run Kubernetes platforms for banks.");
  });
  it("skips a first paragraph made only of links, for the next one of words", () => {
    expect(
      descriptionSummary(
        "## About the role\n\nRead about our [engineering culture](/about/culture).\n\nYou will own our billing APIs end to end.",
      ),
    ).toBe("You will own our billing APIs end to end.");
    expect(descriptionSummary("See https://www.altivacloud.com/about first.\n\nShip payment APIs.")).toBe(
      "Ship payment APIs.",
    );
  });
  it("is empty when no sentence is free of links, and cuts a long one at a word, at most 160 characters", () => {
    expect(descriptionSummary("Read about our [culture](/about).")).toBe("");
    const long = descriptionSummary(`${"Cloud migrations for regulated industries, ".repeat(6)}end.`);
    expect(long.length).toBeLessThanOrEqual(160);
    expect(long.endsWith("…")).toBe(true);
  });
  it("falls back to the title, the company and the offices when no sentence is free of links", () => {
    const role = { title: "Platform engineer", offices: ["London", "Sydney"] };
    expect(roleMetaDescription("", role, "Altiva Cloud")).toBe("Platform engineer at Altiva Cloud, London / Sydney.");
    expect(roleMetaDescription("Ship payment APIs.", role, "Altiva Cloud")).toBe("Ship payment APIs.");
    expect(roleTitle(role)).toBe("Platform engineer, London / Sydney");
  });
});
