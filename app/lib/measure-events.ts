/**
 * The seam between the page and the measuring code: the page (root, forms) reports what happens
 * here without knowing whether anything measures it, and the analytics chunk, loaded only after
 * consent, attaches to it. Until then the current page's events wait in memory (never sent,
 * dropped on the next page), so a consent given on a page still counts that page and its form.
 */
export type MeasureEvent =
  | { type: "page"; path: string }
  | { type: "form"; form: string; step: "shown" | "started" | "submit" | "success" | "failure"; reason?: string };

let sink: ((event: MeasureEvent) => void) | undefined;
let waiting: MeasureEvent[] = [];

export function measure(event: MeasureEvent): void {
  if (sink) return sink(event);
  if (event.type === "page") waiting = [];
  if (waiting.length < 20) waiting.push(event);
}

/** Called by the analytics chunk; undefined detaches it (consent withdrawn). */
export function attachMeasurement(listener: ((event: MeasureEvent) => void) | undefined): void {
  sink = listener;
  if (listener) for (const event of waiting.splice(0)) listener(event);
}
