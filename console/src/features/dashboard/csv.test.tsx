import { describe, expect, it } from "vitest";
import { changeText, comparedFigures, csvText, pairText } from "./csv";

describe("the dashboard's CSV", () => {
  it("quotes commas, quotes and line breaks, and ends each row with CRLF", () => {
    expect(
      csvText([
        ["Page", "Views"],
        ['/a,"b"\nc', 3],
      ]),
    ).toBe('Page,Views\r\n"/a,""b""\nc",3\r\n');
  });

  it("keeps as text every cell a spreadsheet would run as a formula: campaign names come from strangers' links", () => {
    const hostile = ['=HYPERLINK("http://x")', "+1+1", "-2+3", "@SUM(A1)", "\tcmd", "\rcmd"];
    const lines = csvText([hostile]).trimEnd().split(",");
    expect(lines.map((cell) => cell.replace(/^"|"$/g, "").replace(/""/g, '"'))).toEqual(hostile.map((h) => `'${h}`));
  });

  it("leaves numbers, negative ones too, and ordinary words as they are", () => {
    expect(csvText([[-5, 0, "spring", "/contact", null]])).toBe("-5,0,spring,/contact,\r\n");
  });
});

describe("the change from the period compared", () => {
  it("says the change in whole percent with a true minus sign, new from nothing, and nothing without a comparison", () => {
    expect(changeText(112, 100)).toBe("+12%");
    expect(changeText(95, 100)).toBe("−5%");
    expect(changeText(100, 100)).toBe("0%");
    expect(changeText(4, 0)).toBe("new");
    expect(changeText(0, 0)).toBe("0%");
    expect(changeText(4, null)).toBe("");
  });

  it("gives a row's figures with the other period and the change only when compared", () => {
    expect(comparedFigures(30, 20, true)).toEqual([30, 20, "+50%"]);
    expect(comparedFigures(30, null, true)).toEqual([30, 0, ""]);
    expect(comparedFigures(30, 20, false)).toEqual([30]);
    expect(pairText({ value: 3, previous: 4 }, true)).toBe("3 (was 4, −25%)");
    expect(pairText(null, true)).toBe("–");
  });
});
