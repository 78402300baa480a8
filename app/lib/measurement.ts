import { analyticsPath, maxEventsPerBatch, visitSourceKey } from "@contracts/consent";
import collectorUrl from "virtual:collector-url";
import { consentChangeEvent, hasConsent } from "./consent";
import type { MeasureEvent, MeasureEventName } from "./measure-events";

type Collector = typeof import("./analytics/collector");

/** Not imported from ./measure-events, which only the forms' chunk needs; the type keeps it equal. */
const measureEventName: MeasureEventName = "site:measure";

let sink: ((event: MeasureEvent) => void) | undefined;
/** The current page's events until the collector takes them: in memory only, dropped on the next page. */
let waiting: { event: MeasureEvent; path: string }[] = [];

function take(event: MeasureEvent): void {
  if (sink) return sink(event);
  const path = location.pathname;
  // A new page drops the last one's events, not its own (its forms report before the root's effect runs).
  if (event.type === "page") waiting = waiting.filter((w) => w.path === path);
  if (waiting.length < 20) waiting.push({ event, path });
}

/**
 * The address and referrer the visit landed with, kept in memory only: consent given later, on
 * this page or after moving within the site, still finds the landing's campaign (collector.ts).
 */
const landing =
  typeof window === "undefined"
    ? { search: "", referrer: "" }
    : { search: location.search, referrer: document.referrer };

// Listening from the start: a form reports itself shown while the page hydrates, before any effect of the root runs.
if (typeof window !== "undefined")
  window.addEventListener(measureEventName, (e) => take((e as CustomEvent<MeasureEvent>).detail));

function attach(listener: ((event: MeasureEvent) => void) | undefined): void {
  sink = listener;
  if (listener) for (const w of waiting.splice(0)) listener(w.event);
}

/** Reports a page view (the root calls it on every route change). */
export const measurePage = (path: string) => take({ type: "page", path });

/**
 * Loads the analytics chunk once the visitor allows performance measurement (and the browser
 * does not refuse it), now or when consent changes later. Before that no measuring code is
 * fetched at all. The chunk's URL comes from scripts/measurement-chunk.ts, so the import is not
 * wrapped in Vite's preloading helper; and the chunk is handed what it shares with the page
 * instead of importing it, so it needs no other chunk of the page's.
 */
export function startMeasurementWhenAllowed(): () => void {
  const allowed = () => hasConsent("performance");
  const check = () => {
    if (allowed())
      void (import(/* @vite-ignore */ collectorUrl) as Promise<Collector>).then(
        (m) =>
          m.startCollecting({
            allowed,
            attach,
            changeEvent: consentChangeEvent,
            url: analyticsPath,
            maxBatch: maxEventsPerBatch,
            landing,
            sourceKey: visitSourceKey,
          }),
        () => {},
      );
  };
  check();
  window.addEventListener(consentChangeEvent, check);
  return () => window.removeEventListener(consentChangeEvent, check);
}
