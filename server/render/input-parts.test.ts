/** The rules for inner parts of inputs: kept for the input types the markup holds, dropped for others. */
import { describe, expect, it } from "vitest";
import { inputTypesOf, withoutAbsentInputParts } from "./input-parts";

const css =
  "::file-selector-button{font:inherit}" +
  ".form-control::file-selector-button,.form-control::placeholder{color:gray}" +
  "::-webkit-inner-spin-button{height:auto}" +
  "[list]::-webkit-calendar-picker-indicator{display:none!important}" +
  "@media (prefers-reduced-motion:reduce){.form-control::file-selector-button{transition:none}}" +
  ".form-control{display:block}";

describe("input parts", () => {
  it("reads the markup's input types, text by default, and suggestions", () => {
    const html = '<input name="a"><input type="EMAIL" name="b"><input type="file"><input list="l" type="text">';
    expect([...inputTypesOf(html)].sort()).toEqual(["email", "file", "list", "text"]);
  });

  it("drops the parts of input types the page does not hold, and the selectors of a list that name them", () => {
    expect(withoutAbsentInputParts(css, new Set(["text", "email"]))).toBe(
      ".form-control::placeholder{color:gray}.form-control{display:block}",
    );
  });

  it("keeps the parts of the types it holds", () => {
    const kept = withoutAbsentInputParts(css, new Set(["file", "number", "list"]));
    expect(kept).toBe(css);
  });
});
