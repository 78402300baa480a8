import { consentChangeEvent, hasConsent } from "./consent";

/**
 * Loads the analytics chunk once the visitor allows performance measurement (and the browser
 * does not refuse it), now or when consent changes later. Before that no measuring code is
 * fetched at all.
 */
export function startMeasurementWhenAllowed(): () => void {
  const check = () => {
    if (hasConsent("performance"))
      void import("./analytics/collector").then(
        (m) => m.startCollecting(),
        () => {},
      );
  };
  check();
  window.addEventListener(consentChangeEvent, check);
  return () => window.removeEventListener(consentChangeEvent, check);
}
