import { consentChangeEvent, hasConsent } from "./consent";

export interface VitalReport {
  name: string;
  value: number;
  id: string;
}

/**
 * Reports Core Web Vitals (CLS, INP, FCP, LCP, TTFB) to `onReport`. Nothing is loaded unless a
 * callback is given and the visitor allowed performance cookies; the library is fetched lazily.
 * (FID, in the original list, was retired by web-vitals in favour of INP.)
 */
export function reportWebVitals(onReport?: (report: VitalReport) => void): void {
  if (!onReport || typeof window === "undefined") return;
  const start = () => {
    if (!hasConsent("performance")) return false;
    void import("web-vitals").then(({ onCLS, onINP, onFCP, onLCP, onTTFB }) => {
      for (const subscribe of [onCLS, onINP, onFCP, onLCP, onTTFB]) subscribe(onReport);
    });
    return true;
  };
  if (start()) return;
  const onChange = () => {
    if (start()) window.removeEventListener(consentChangeEvent, onChange);
  };
  window.addEventListener(consentChangeEvent, onChange);
}
