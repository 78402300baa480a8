import { describe, expect, it } from "vitest";
import { collectionNames, itemName } from "./items";

describe("itemName: how the console names an item", () => {
  it("names a testimonial by its person and position, so two from one position differ", () => {
    const words = { text: "…", client: "A Nordic energy retailer" };
    const first = itemName("testimonials", { ...words, name: "Jonas P.", title: "Head of Engineering" });
    const second = itemName("testimonials", { ...words, name: "Marta K.", title: "Head of Engineering" });
    expect(first).toBe("Jonas P., Head of Engineering");
    expect(second).not.toBe(first);
    expect(itemName("testimonials", { title: " Head of Engineering " })).toBe("Head of Engineering");
  });

  it("names a team member by their name and every other item by its title, empty while the draft has none", () => {
    expect(itemName("team", { name: "Aiyana Brooks", position: "Head of Delivery" })).toBe("Aiyana Brooks");
    for (const collection of collectionNames.filter((c) => c !== "team" && c !== "testimonials")) {
      expect(itemName(collection, { title: "Moving a claims platform to AWS" }), collection).toBe(
        "Moving a claims platform to AWS",
      );
      expect(itemName(collection, { title: 42, slug: "x" }), collection).toBe("");
    }
  });
});
