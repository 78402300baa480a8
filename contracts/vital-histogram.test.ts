/**
 * The Web Vitals' histogram buckets (decision 057, "Web Vitals"): Google's lines are bucket edges,
 * each value goes to the bucket (edge - width, edge] (binary fractions of CLS included), values
 * past the last edge go to the overflow, and the p75 read from merged buckets is the largest value
 * of the bucket holding the nearest-rank place: at or over the exact p75, under it by less than one
 * width, with the exact p75's verdict.
 */
import { describe, expect, it } from "vitest";
import { coreVitals, verdictOf, type CoreVital } from "./dashboard";
import {
  bucketOf,
  overflowBucket,
  p75OfBuckets,
  upperEdge,
  verdictLines,
  vitalBuckets,
  type BucketCount,
} from "./vital-histogram";

/** A histogram of values built one by one, as the daily rows merged over a period hold it. */
function histogram(metric: CoreVital, values: number[]): BucketCount[] {
  const counts = new Map<number, BucketCount>();
  for (const v of values) {
    const bucket = bucketOf(metric, v);
    const c = counts.get(bucket) ?? { bucket, samples: 0, max: v };
    c.samples++;
    c.max = Math.max(c.max, v);
    counts.set(bucket, c);
  }
  return [...counts.values()];
}
const exactP75 = (values: number[]) => [...values].sort((a, b) => a - b)[Math.ceil(values.length * 0.75) - 1]!;

describe("the buckets", () => {
  it.each(coreVitals)("put %s's good and poor lines on bucket edges", (metric) => {
    for (const line of verdictLines(metric)) expect(upperEdge(metric, bucketOf(metric, line))).toBe(line);
  });

  it.each([
    ["LCP", 0, 0],
    ["LCP", 1, 1],
    ["LCP", 2500, 25],
    ["LCP", 2500.5, 26],
    ["LCP", 4001, 41],
    ["LCP", 10_000, 100],
    ["LCP", 10_001, 101],
    ["LCP", 60_000, 101],
    ["INP", 200, 50],
    ["INP", 208, 52],
    ["INP", 500, 125],
    ["INP", 504, 126],
    ["INP", 1000, 250],
    ["INP", 1008, 251],
    ["CLS", 0.07, 7],
    ["CLS", 0.1, 10],
    ["CLS", 0.1001, 11],
    ["CLS", 0.25, 25],
    ["CLS", 1, 100],
    ["CLS", 3, 101],
  ] as const)("put %s %s in bucket %s", (metric, value, bucket) => {
    expect(bucketOf(metric, value)).toBe(bucket);
  });

  it("number the overflow one past the last edge", () => {
    expect(coreVitals.map(overflowBucket)).toEqual([101, 251, 101]);
    expect(upperEdge("LCP", 101)).toBe(Infinity);
  });
});

describe("the p75 read from buckets", () => {
  it("is none without samples", () => {
    expect(p75OfBuckets([])).toBeNull();
  });

  it("is the exact p75 when its bucket holds only that value", () => {
    const values = [900, 3100, 1200, 2600, 1800, 4200, 1500, 2000];
    expect(p75OfBuckets(histogram("LCP", values))).toEqual({ p75: 2600, samples: 8 });
  });

  it("is the bucket's largest value, within one width over the exact p75", () => {
    // Nearest rank: the 3rd of 4 (2,050); its bucket (2,000, 2,100] also holds 2,090.
    const values = [1000, 2010, 2050, 2090];
    expect(exactP75(values)).toBe(2050);
    expect(p75OfBuckets(histogram("LCP", values))).toEqual({ p75: 2090, samples: 4 });
  });

  it("takes the rank ⌈0.75 n⌉, not the one before or after", () => {
    // n = 5: rank 4 (350 ms); ranks 3 and 5 are 120 and 610.
    expect(p75OfBuckets(histogram("INP", [40, 350, 120, 90, 610]))?.p75).toBe(350);
    // n = 4: rank 3.
    expect(p75OfBuckets(histogram("INP", [16, 24, 32, 40]))?.p75).toBe(32);
  });

  it("reads the overflow's largest value past the last edge (past 10 s only the verdict is exact)", () => {
    // Rank 3 of 4 is 15 s, in the overflow with 12 s and 30 s: the overflow keeps only its largest.
    expect(p75OfBuckets(histogram("LCP", [900, 12_000, 15_000, 30_000]))?.p75).toBe(30_000);
  });

  it.each(coreVitals)(
    "for %s, over many spreads: at or over the exact p75, under it by less than a width, same verdict",
    (metric) => {
      const { width, last } = vitalBuckets[metric];
      let seed = 7;
      const random = () => (seed = (seed * 48_271) % 2_147_483_647) / 2_147_483_647;
      for (let round = 0; round < 300; round++) {
        const n = 1 + Math.floor(random() * 40);
        const values = Array.from({ length: n }, () =>
          Number((random() * last * 1.2).toFixed(metric === "CLS" ? 4 : 0)),
        );
        const exact = exactP75(values);
        const read = p75OfBuckets(histogram(metric, values))!;
        expect(read.samples).toBe(n);
        expect(read.p75).toBeGreaterThanOrEqual(exact);
        if (exact <= last) expect(read.p75 - exact).toBeLessThan(width);
        expect(verdictOf(metric, read.p75)).toBe(verdictOf(metric, exact));
      }
    },
  );
});
