import { describe, expect, it } from "vitest";
import { candidateRules, mayMatch, parseSheet } from "./candidate-rules";

const page = { classes: new Set(["btn", "card"]), ids: new Set(["main"]) };
const allow = [/\.show-cookie-notice/];

describe("mayMatch: drops only selectors that cannot match the page", () => {
  it("drops a selector naming a class or an id no element carries", () => {
    expect(mayMatch(".modal .btn", page, allow)).toBe(false);
    expect(mayMatch("#sidebar", page, allow)).toBe(false);
  });

  it("keeps what may match: the page's own names, names only inside :not() or brackets, bare elements", () => {
    for (const selector of [
      ".btn",
      "#main .card",
      ".btn:not(.disabled)",
      ':is(.x, .btn) a[class*="col-"]',
      "p",
      ":root",
    ])
      expect(mayMatch(selector, page, allow), selector).toBe(true);
  });

  it("keeps rules allowed whatever the page holds, and escaped names it cannot read", () => {
    expect(mayMatch("html.show-cookie-notice .cookie-notice", page, allow)).toBe(true);
    expect(mayMatch(".w-\\[50\\%\\]", page, allow)).toBe(true);
  });
});

describe("candidateRules", () => {
  it("keeps a rule if one of its selectors may match, inside at-rules too, and leaves the parsed sheet as it was", () => {
    const sheet = parseSheet("a,.modal{color:red}.modal{top:0}@media (min-width:1px){.card{top:1px}.nav{top:2px}}");
    const out = candidateRules(sheet, page, allow);
    expect(out).toBe("a,.modal{color:red}@media (min-width:1px){.card{top:1px}}");
    expect(sheet.toString()).toContain(".nav{top:2px}");
  });
});
