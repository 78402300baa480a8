import type { MetricWithAttribution } from "web-vitals/attribution";
import { hasConsent } from "./consent";

export type VitalReport = MetricWithAttribution;

/**
 * Reports the field Core Web Vitals (LCP, INP, CLS, FCP, TTFB) with the library's attribution to
 * `onReport`. Nothing is loaded unless a callback is given and the visitor allowed performance
 * measurement; the library is fetched only then. (FID, in the original list, was retired by
 * web-vitals in favour of INP.)
 */
export function reportWebVitals(onReport?: (report: VitalReport) => void): void {
  if (!onReport || typeof window === "undefined" || !hasConsent("performance")) return;
  void import("web-vitals/attribution").then(
    ({ onCLS, onINP, onFCP, onLCP, onTTFB }) => {
      onCLS(onReport);
      onINP(onReport);
      onFCP(onReport);
      onLCP(onReport);
      onTTFB(onReport);
    },
    () => {},
  );
}
