/**
 * The team's and the portfolio's forms (team-form.ts, portfolio-form.ts): a stored item read into
 * the form and written back is the same item, so an autosave of an untouched form changes nothing;
 * an optional field left empty is absent (the schema refuses an empty LinkedIn link or note), and a
 * place on the page typed as words stays words for the publish check to name.
 */
import { portfolioItem, teamMemberItem } from "@contracts/content/items";
import type { ImageAnswer } from "@contracts/content/image";
import { describe, expect, it } from "vitest";
import { portfolioDraftOf, portfolioFormOf } from "./portfolio-form";
import { teamDraftOf, teamFormOf } from "./team-form";

const image = { id: "5f0c2a9e81d4b7c36a1e9d02" } as ImageAnswer;

describe("the team member's form", () => {
  const member = {
    slug: "elena-marsh",
    name: "Elena Marsh",
    position: "Head of Delivery",
    bio: "Elena has delivered more than sixty software projects across fintech, logistics and healthcare.",
    photo: { imageId: image.id, alt: "Photo of Elena Marsh" },
    linkedin: "https://www.linkedin.com/in/elena-marsh-altiva",
    order: 3,
  };

  it("writes back the stored member it read, which passes the schema", () => {
    const draft = teamDraftOf(teamFormOf(member, image));
    expect(draft).toEqual(member);
    expect(teamMemberItem.safeParse(draft).success).toBe(true);
  });

  it("leaves out an empty LinkedIn link and keeps a place typed as words", () => {
    const form = { ...teamFormOf(member, image), linkedin: " ", order: "third" };
    const draft = teamDraftOf(form);
    expect(draft).not.toHaveProperty("linkedin");
    expect(draft.order).toBe("third");
    expect(teamMemberItem.safeParse(draft).error?.issues.map((i) => i.path.join("."))).toEqual(["order"]);
  });
});

describe("the portfolio item's form", () => {
  const project = {
    slug: "careconnect-patient-app",
    title: "CareConnect patient app",
    description:
      "A React Native app that lets patients book appointments, message their clinic and see results securely.",
    image: { imageId: image.id, alt: "Phone showing an appointment calendar" },
    link: "/contact",
    note: "The app is private to the clinic's patients. Ask us for a walk-through.",
    order: 2,
  };

  it("writes back the stored item it read, which passes the schema", () => {
    const draft = portfolioDraftOf(portfolioFormOf(project, image));
    expect(draft).toEqual(project);
    expect(portfolioItem.safeParse(draft).success).toBe(true);
  });

  it("leaves out an empty note", () => {
    expect(portfolioDraftOf({ ...portfolioFormOf(project, image), note: "" })).not.toHaveProperty("note");
  });
});
