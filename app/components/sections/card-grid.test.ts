import { describe, expect, it } from "vitest";
import { cardGrid, largeColumns } from "./card-grid";

/** The rows a grid of `count` cards fills with `columns` columns, the last card spanning when asked. */
function rows(count: number, columns: number, spanLast: boolean): number[] {
  const out: number[] = [];
  for (let left = count; left > 0; left -= columns) out.push(Math.min(columns, left));
  if (spanLast && out.at(-1) === 1) out[out.length - 1] = columns;
  return out;
}

describe("cardGrid", () => {
  for (const preferred of [2, 3] as const) {
    it(`never leaves one card beside blank cells, for 2 to 40 cards, preferring ${preferred} columns`, () => {
      for (let count = 2; count <= 40; count++) {
        const { columns, spanLast } = largeColumns(count, preferred);
        const filled = rows(count, columns, spanLast);
        expect(filled.reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(count);
        // A row holds at least two cards, or one card spanning all the columns.
        expect(
          filled.every((n) => n >= 2 || n === columns),
          `${count} cards: ${filled.join(" + ")}`,
        ).toBe(true);
        expect(columns).toBeLessThanOrEqual(preferred + 1);
      }
    });
  }

  it("keeps three columns where they balance, and puts seven cards in 4 + 3", () => {
    expect(largeColumns(6, 3)).toEqual({ columns: 3, spanLast: false });
    expect(largeColumns(7, 3)).toEqual({ columns: 4, spanLast: false });
    expect(largeColumns(7, 2)).toEqual({ columns: 2, spanLast: true });
    expect(largeColumns(13, 3)).toEqual({ columns: 3, spanLast: true });
    expect(cardGrid(7)).toBe("card-grid card-grid--lg-4");
  });

  it("gives a single card the whole width, and two cards two columns", () => {
    expect(cardGrid(1)).toBe("card-grid card-grid--lg-1 card-grid--single");
    expect(cardGrid(2, 3)).toBe("card-grid card-grid--lg-2");
  });
});
