import { describe, expect, it } from "vitest";
import { cleanCampaign, cleanReferrerHost, cleanSourcePath, leadSourceLine, sourcePathShape } from "./lead-source";

describe("the source's checks", () => {
  const pages = new Set(["/", "/services/cloudservice"]);

  it("keeps a site page's path and nothing else", () => {
    expect(cleanSourcePath("/services/cloudservice", pages)).toBe("/services/cloudservice");
    expect(cleanSourcePath("/", pages)).toBe("/");
    for (const bad of ["/services/ai", "/services/cloudservice?x=1", "services/cloudservice", "//evil.example", 1]) {
      expect(cleanSourcePath(bad, pages), String(bad)).toBeNull();
    }
  });

  it("takes a path's shape without dot segments, query or markup", () => {
    expect(sourcePathShape("/technology/react")).toBe("/technology/react");
    for (const bad of ["/../etc/passwd", "/a/./b", "/a#b", '/a"><b>', "/a b", `/${"a".repeat(200)}`]) {
      expect(sourcePathShape(bad), bad).toBeNull();
    }
  });

  it("keeps a lower-case host name of at most 253 characters", () => {
    expect(cleanReferrerHost("news.ycombinator.com")).toBe("news.ycombinator.com");
    expect(cleanReferrerHost("localhost")).toBe("localhost");
    for (const bad of ["Google.com", "a..b", "-a.com", "a-.com", "a.com.", "a_b.com", `${"a".repeat(64)}.com`]) {
      expect(cleanReferrerHost(bad), bad).toBeNull();
    }
    expect(cleanReferrerHost(`${"abcdefghi.".repeat(25)}com`)).not.toBeNull();
    expect(cleanReferrerHost(`${"abcdefghi.".repeat(25)}coms`)).toBeNull();
  });

  it("keeps a campaign of safe letters up to 100, trimmed", () => {
    expect(cleanCampaign(" spring_2026 ")).toBe("spring_2026");
    expect(cleanCampaign("x".repeat(100))).toBe("x".repeat(100));
    for (const bad of ["x".repeat(101), "<b>", "a\nb", "", "   ", "früh"]) expect(cleanCampaign(bad), bad).toBeNull();
  });
});

describe("leadSourceLine", () => {
  it("reads as the console shows it", () => {
    expect(leadSourceLine({ path: "/services/cloudservice", referrer: "google.com", campaign: "spring" })).toBe(
      "Sent from /services/cloudservice · arrived from google.com · campaign spring",
    );
    expect(leadSourceLine({ path: null, referrer: "google.com", campaign: null })).toBe("Arrived from google.com");
    expect(leadSourceLine({ path: null, referrer: null, campaign: null })).toBeNull();
  });
});
