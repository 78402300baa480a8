/**
 * A dashboard period cut into whole months and the days outside them (`monthsOf`): the monthly
 * Web Vitals histograms are read for the months, the daily ones for the days, so every day of the
 * period is read once and no day outside it is read.
 */
import { describe, expect, it } from "vitest";
import { daysOf, monthsOf, type DayRange } from "./dashboard-range";

/** The days a cut covers, listed one by one. */
function daysCovered(cut: ReturnType<typeof monthsOf>): string[] {
  const out = cut.days.flatMap(daysOf);
  // "-31" ends every month: the days are compared as text.
  if (cut.months) out.push(...daysOf({ from: `${cut.months.from}-01`, to: `${cut.months.to}-31` }));
  return out.sort();
}

describe("a period cut into whole months and days", () => {
  it("reads 12 months up to the 28th as eleven whole months and the two ends' days", () => {
    const range = { from: "2025-11-29", to: "2026-11-28" };
    const cut = monthsOf(range);
    expect(cut).toEqual({
      months: { from: "2025-12", to: "2026-10" },
      days: [
        { from: "2025-11-29", to: "2025-11-30" },
        { from: "2026-11-01", to: "2026-11-28" },
      ],
    });
    expect(daysCovered(cut)).toEqual(daysOf(range));
  });

  it.each<[string, DayRange]>([
    ["whole months only", { from: "2027-03-01", to: "2028-02-29" }],
    ["a leap February's end", { from: "2028-02-15", to: "2028-03-31" }],
    ["within one month", { from: "2028-03-02", to: "2028-03-30" }],
    ["across a month's end with no whole month", { from: "2028-02-15", to: "2028-03-15" }],
    ["one day", { from: "2026-11-28", to: "2026-11-28" }],
    ["a year's end", { from: "2026-12-31", to: "2027-02-01" }],
  ])("covers every day once and no other: %s", (_, range) => {
    expect(daysCovered(monthsOf(range))).toEqual(daysOf(range));
  });

  it("takes no month it does not cover whole", () => {
    expect(monthsOf({ from: "2028-02-15", to: "2028-03-15" }).months).toBeNull();
    expect(monthsOf({ from: "2028-02-01", to: "2028-02-28" }).months).toBeNull();
    expect(monthsOf({ from: "2028-02-01", to: "2028-02-29" }).months).toEqual({ from: "2028-02", to: "2028-02" });
  });
});
