/**
 * The seam between the page and the measuring code: parts of the page (the forms) report what
 * happens as a window event, without knowing whether anything measures it. ./measurement.ts
 * holds the current page's events in memory until the analytics chunk, loaded only after
 * consent, takes them; nothing is sent before that.
 */
export type MeasureEvent =
  | { type: "page"; path: string }
  | { type: "form"; form: string; step: "shown" | "started" | "submit" | "success" | "failure"; reason?: string };

/** The window event's name; ./measurement.ts repeats it as a literal of this type, so the compiler keeps the two equal. */
export const measureEventName = "site:measure";
export type MeasureEventName = typeof measureEventName;

export function measure(event: MeasureEvent): void {
  window.dispatchEvent(new CustomEvent(measureEventName, { detail: event }));
}
