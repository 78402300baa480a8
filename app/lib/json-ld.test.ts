import { describe, expect, it } from "vitest";
import { faqPage, jsonLdText } from "./json-ld";

describe("jsonLdText", () => {
  it("writes no character that could end the script or be read as markup, and parses back to the data", () => {
    const data = faqPage([{ question: "Can an answer hold </script>?", answer: "Tom & Jerry <b>\u2028</b>" }]);
    const text = jsonLdText(data);
    expect(text).not.toMatch(/[<>&\u2028\u2029]/);
    expect(JSON.parse(text)).toEqual(data);
  });
});
