/**
 * The fixed buckets of the Web Vitals' daily histograms (docs/decisions/057-marketing-dashboard.md,
 * "Web Vitals"), and the p75 read from them. A bucket holds the values over the edge below it up
 * to and including its own edge, (edge - width, edge], so Google's lines (2,500 and 4,000 ms,
 * 200 and 500 ms, 0.1 and 0.25), each an edge and each "at or under is better", never fall inside
 * a bucket: the verdict of a p75 read here is the verdict of the exact p75. Past the last edge
 * one overflow bucket keeps the rest; every bucket keeps its largest value.
 */
import { poorThresholds, type CoreVital } from "./dashboard";
import { goodThresholds } from "./consent";

/** Width and last edge per metric: 100 ms to 10 s, 4 ms to 1 s (the browser's INP is a multiple of 8), 0.01 to 1. */
export const vitalBuckets: Record<CoreVital, { width: number; last: number }> = {
  LCP: { width: 100, last: 10_000 },
  INP: { width: 4, last: 1000 },
  CLS: { width: 0.01, last: 1 },
};

/** The index of the bucket past the last edge (the overflow). */
export const overflowBucket = (metric: CoreVital) =>
  Math.round(vitalBuckets[metric].last / vitalBuckets[metric].width) + 1;

/**
 * The bucket of a value: 0 holds 0 (and below), k holds ((k - 1) × width, k × width]. The quotient
 * is nudged down by a billionth so that 0.07 / 0.01 (7.000000000000001 in binary) is bucket 7.
 */
export function bucketOf(metric: CoreVital, value: number): number {
  const { width } = vitalBuckets[metric];
  if (!(value > 0)) return 0;
  return Math.min(Math.ceil(value / width - 1e-9), overflowBucket(metric));
}

/** A bucket's upper edge (the overflow has none: Infinity). */
export function upperEdge(metric: CoreVital, bucket: number): number {
  if (bucket >= overflowBucket(metric)) return Infinity;
  return Number((bucket * vitalBuckets[metric].width).toFixed(2));
}

export interface BucketCount {
  bucket: number;
  samples: number;
  /** The largest value the bucket holds. */
  max: number;
}

/**
 * The 75th percentile by nearest rank (the sample at place ⌈0.75 n⌉) read from a histogram: the
 * largest value of the bucket holding that place. It is at or over the exact p75 and under it by
 * less than one bucket's width (exact when that bucket holds one distinct value); past the last
 * edge it is the overflow's largest value.
 */
export function p75OfBuckets(counts: readonly BucketCount[]): { p75: number; samples: number } | null {
  const sorted = [...counts].sort((a, b) => a.bucket - b.bucket);
  const samples = sorted.reduce((n, c) => n + c.samples, 0);
  if (samples === 0) return null;
  const rank = Math.ceil(samples * 0.75);
  let seen = 0;
  for (const c of sorted) {
    seen += c.samples;
    if (seen >= rank) return { p75: c.max, samples };
  }
  return { p75: sorted.at(-1)!.max, samples };
}

/** Whether a value is over the metric's good line (its slow samples' attribution is counted). */
export const overGoodLine = (metric: CoreVital, value: number) => value > goodThresholds[metric];

/** The lines are bucket edges (checked by the tests): the verdict read from a bucket is exact. */
export const verdictLines = (metric: CoreVital) => [goodThresholds[metric], poorThresholds[metric]];
