import { describe, expect, it } from "vitest";
import { lengthVerdict, snippetAddress, snippetDescription, snippetTitle } from "./snippet";

describe("the search snippet's parts", () => {
  it("writes the title as the site does and leaves a short one whole", () => {
    expect(snippetTitle("Cloud migration for a logistics group", "Altiva Cloud")).toBe(
      "Cloud migration for a logistics group | Altiva Cloud",
    );
  });

  it("cuts a title past 60 characters at a word, with an ellipsis", () => {
    const cut = snippetTitle("Moving a logistics platform to AWS with 40% lower infrastructure costs", "Altiva Cloud");
    expect(cut).toBe("Moving a logistics platform to AWS with 40% lower…");
    expect(cut.length).toBeLessThanOrEqual(60);
  });

  it("cuts a description past 160 characters at a word, with an ellipsis, and folds its line breaks", () => {
    const long =
      "An ageing data centre, rising hardware costs and weekend outages.\nWe moved a logistics platform to AWS in eight weeks with minutes of downtime and cut its infrastructure bill by 40%.";
    const cut = snippetDescription(long);
    expect(cut.length).toBeLessThanOrEqual(160);
    expect(cut.endsWith("…")).toBe(true);
    expect(cut).toBe(
      "An ageing data centre, rising hardware costs and weekend outages. We moved a logistics platform to AWS in eight weeks with minutes of downtime and cut its…",
    );
    expect(snippetDescription("Short and whole.")).toBe("Short and whole.");
  });

  it("shows the address as host and path parts, without www", () => {
    expect(snippetAddress("https://www.altivacloud.com/case-studies/cloud-migration")).toBe(
      "altivacloud.com › case-studies › cloud-migration",
    );
    expect(snippetAddress("https://www.altivacloud.com/")).toBe("altivacloud.com");
  });

  it("counts a field and says how far out of bounds it is", () => {
    expect(lengthVerdict(120, 50, 160)).toEqual({ ok: true, text: "120 of 50-160 characters" });
    expect(lengthVerdict(49, 50, 160)).toEqual({ ok: false, text: "49 of 50-160 characters: 1 more needed" });
    expect(lengthVerdict(161, 50, 160)).toEqual({ ok: false, text: "161 of 50-160 characters: 1 too many" });
    expect(lengthVerdict(60, 1, 60)).toEqual({ ok: true, text: "60 of up to 60 characters" });
    expect(lengthVerdict(0, 1, 60)).toEqual({ ok: false, text: "0 of up to 60 characters: needed before publishing" });
  });
});
