import { describe, expect, it } from "vitest";
import { campaignLabel } from "./campaign-label";

describe("the campaigns panel's row names", () => {
  it("says (none) for an empty source or medium instead of showing bare slashes", () => {
    expect(campaignLabel(" /  / spring")).toBe("(none) / (none) / spring");
    expect(campaignLabel("newsletter /  / spring")).toBe("newsletter / (none) / spring");
    expect(campaignLabel(" / email / ")).toBe("(none) / email / (none)");
  });

  it("leaves a full source, medium and campaign as they are", () => {
    expect(campaignLabel("newsletter / email / spring")).toBe("newsletter / email / spring");
  });
});
