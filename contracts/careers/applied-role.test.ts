import { describe, expect, it } from "vitest";
import { applyingForLine, roleField, roleName, sentRoleSlug } from "./applied-role";

describe("sentRoleSlug", () => {
  it("takes a string of a slug's shape", () => {
    expect(sentRoleSlug({ [roleField]: "senior-react-developer-london" })).toBe("senior-react-developer-london");
  });

  it.each([
    ["nothing", undefined],
    ["an empty string", ""],
    ["a path", "../x"],
    ["markup", "<script>alert(1)</script>"],
    ["capitals", "Senior-React-Developer"],
    ["a double hyphen", "senior--react"],
    ["10 KB", "a".repeat(10 * 1024)],
    ["a list", ["senior-react-developer-london"]],
  ])("names no role for %s", (_what, value) => {
    expect(sentRoleSlug({ [roleField]: value })).toBeNull();
  });
});

describe("roleName", () => {
  it("names the role with its offices", () => {
    expect(roleName({ title: "Senior React Developer", offices: ["London"] })).toBe("Senior React Developer in London");
    expect(roleName({ title: "QA Engineer", offices: ["London", "Sydney"] })).toBe("QA Engineer in London or Sydney");
    expect(roleName({ title: "Data Scientist", offices: ["San Francisco", "London", "Bengaluru"] })).toBe(
      "Data Scientist in San Francisco, London or Bengaluru",
    );
    expect(roleName({ title: "Data Scientist" })).toBe("Data Scientist");
  });

  it("makes the line above the form", () => {
    expect(applyingForLine({ title: "Senior React Developer", offices: ["London"] })).toBe(
      "You are applying for Senior React Developer in London.",
    );
  });
});
