import { onCLS, onFCP, onINP, onLCP, onTTFB, type MetricWithAttribution } from "web-vitals/attribution";

export type VitalReport = MetricWithAttribution;

/**
 * Reports the field Core Web Vitals (LCP, INP, CLS, FCP, TTFB) with the library's attribution to
 * `onReport`, if one is given. Only the analytics chunk imports this module, so the library is
 * part of that chunk and is loaded only once the visitor allowed performance measurement.
 * (FID, in the original list, was retired by web-vitals in favour of INP.)
 */
export function reportWebVitals(onReport?: (report: VitalReport) => void): void {
  if (!onReport || typeof window === "undefined") return;
  onCLS(onReport);
  onINP(onReport);
  onFCP(onReport);
  onLCP(onReport);
  onTTFB(onReport);
}
