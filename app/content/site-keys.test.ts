/** The console's tag choices (contracts/content/site-keys.ts) name exactly the site's service and technology pages. */
import { describe, expect, it } from "vitest";
import { serviceChoices, technologyChoices } from "../../contracts/content/site-keys";
import { pages, type PageEntry } from "../site/pages";

const fromPages = (template: "service" | "technology") =>
  (pages as readonly PageEntry[]).filter((p) => p.template === template).map((p) => ({ key: p.slug, label: p.label }));

describe("the console's service and technology choices", () => {
  it("are the site's service pages, by key and menu name, in menu order", () => {
    expect(serviceChoices).toEqual(fromPages("service"));
  });
  it("are the site's technology pages, by key and menu name, in menu order", () => {
    expect(technologyChoices).toEqual(fromPages("technology"));
  });
});
