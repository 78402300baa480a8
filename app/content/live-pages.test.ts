import { describe, expect, it } from "vitest";
import { groupNamesOf } from "../../contracts/content/site-context";
import { caseStudies, groupsOf, insights, type Collection } from "./collections";
import { loadItems } from "./collections.server";
import { livePagesOf } from "./live-pages";

describe("a collection's groups, one field for the build and the server", () => {
  it("reads one name (a category) or a list (tags), and nothing from a missing or odd field", () => {
    expect(groupNamesOf({ category: "Mobile App" }, "category")).toEqual(["Mobile App"]);
    expect(groupNamesOf({ tags: ["Kubernetes", 3, "AI"] }, "tags")).toEqual(["Kubernetes", "AI"]);
    expect(groupNamesOf({ tags: ["Kubernetes"] }, undefined)).toEqual([]);
    expect(groupNamesOf({ date: new Date() }, "date")).toEqual([]);
  });

  it("gives the server's table the field the Markdown items are grouped by, so both pages list the same groups", () => {
    const table = livePagesOf();
    for (const collection of [caseStudies, insights] as Collection[]) {
      const entry = table.find((e) => e.collection === collection.store);
      expect(entry?.groups).toEqual({ under: collection.groups?.under, field: collection.groups?.field });
      for (const item of loadItems(collection)) {
        const asStored = JSON.parse(JSON.stringify(item.data)) as Record<string, unknown>;
        expect(groupNamesOf(asStored, entry?.groups?.field)).toEqual(groupsOf(collection, item.data));
        expect(groupsOf(collection, item.data).length).toBeGreaterThan(0);
      }
    }
  });
});
