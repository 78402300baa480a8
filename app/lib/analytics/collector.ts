/**
 * The measuring code, a chunk of its own that the page fetches only after the visitor allowed
 * performance measurement (see ../measurement.ts). It turns page views, form steps and field
 * Web Vitals into anonymous events and sends them in batches to the site's own server with
 * navigator.sendBeacon: when the page is hidden or left, or when a batch is full. No cookie, no
 * stored identifier, no full user agent; paths are sent without their query string.
 */
import type { browserFamilies, FormStep, WebVitalName } from "@contracts/consent";
import type { VisitSource } from "@contracts/lead-source";
import type { MeasureEvent } from "../measure-events";
import { reportWebVitals, type VitalReport } from "../web-vitals";

/** What the page hands the collector (see ../measurement.ts). */
export interface CollectorContext {
  /** Whether performance measurement is allowed right now. */
  allowed: () => boolean;
  attach: (listener: ((event: MeasureEvent) => void) | undefined) => void;
  /** The window event fired when consent changes. */
  changeEvent: string;
  url: string;
  maxBatch: number;
  /** The landing page's query and referrer, as the page kept them before any navigation. */
  landing: { search: string; referrer: string };
  /** The sessionStorage key of the visit's source (contracts/lead-source.ts), handed over so no chunk is shared. */
  sourceKey: string;
}

type WireEvent =
  | {
      type: "pageview";
      path: string;
      referrer?: string;
      utmSource?: string;
      utmMedium?: string;
      utmCampaign?: string;
      entry?: true;
      viewport: string;
      browser: string;
    }
  | { type: "form"; path: string; form: string; step: FormStep; reason?: string }
  | {
      type: "vital";
      path: string;
      name: WebVitalName;
      value: number;
      rating: string;
      navigationType?: string;
      attribution?: string;
    };

let ctx: CollectorContext;
let queue: WireEvent[] = [];
let active = false;
let started = false;
/** The document's first page view carries its referrer and campaign; later (in-app) ones do not. */
let landing = true;

const cleanPath = (path: string) => (/^\/[A-Za-z0-9/_.~-]{0,199}$/.test(path) ? path : "/");

/** Bootstrap's breakpoints. */
export function viewportClass(width: number): string {
  if (width < 576) return "xs";
  if (width < 768) return "sm";
  if (width < 992) return "md";
  if (width < 1200) return "lg";
  return "xl";
}

/** The browser's family only: the version and platform stay out. */
export function browserFamily(ua: string): (typeof browserFamilies)[number] {
  if (/Edg\//.test(ua)) return "edge";
  if (/OPR\/|Opera/.test(ua)) return "opera";
  if (/SamsungBrowser/.test(ua)) return "samsung";
  if (/Firefox\//.test(ua)) return "firefox";
  if (/Chrome\/|Chromium\/|CriOS/.test(ua)) return "chrome";
  if (/Safari\//.test(ua)) return "safari";
  return "other";
}

const label = (value: string | null) => {
  const v = value?.trim().slice(0, 100);
  return v && /^[A-Za-z0-9 ._+-]+$/.test(v) ? v : undefined;
};

function pageView(path: string): WireEvent {
  const event: WireEvent = {
    type: "pageview",
    path: cleanPath(path),
    viewport: viewportClass(window.innerWidth),
    browser: browserFamily(navigator.userAgent),
  };
  if (landing) {
    landing = false;
    // The document's first measured view: where the visit entered (or a page was reloaded).
    event.entry = true;
    try {
      const ref = document.referrer ? new URL(document.referrer).hostname.toLowerCase() : "";
      if (ref && ref !== location.hostname) event.referrer = ref;
    } catch {
      /* an unreadable referrer is no referrer */
    }
    const q = new URLSearchParams(location.search);
    const source = label(q.get("utm_source"));
    const medium = label(q.get("utm_medium"));
    const campaign = label(q.get("utm_campaign"));
    if (source) event.utmSource = source;
    if (medium) event.utmMedium = medium;
    if (campaign) event.utmCampaign = campaign;
  }
  return event;
}

/** What the library attributes the metric to: an element selector or the longest phase. */
export function attributionOf(metric: VitalReport): string | undefined {
  let text: string | undefined;
  switch (metric.name) {
    case "LCP":
      text = metric.attribution.target;
      break;
    case "INP":
      text = [metric.attribution.interactionType, metric.attribution.interactionTarget].filter(Boolean).join(" ");
      break;
    case "CLS":
      text = metric.attribution.largestShiftTarget;
      break;
    case "FCP":
      text = metric.attribution.loadState;
      break;
    case "TTFB": {
      const a = metric.attribution;
      const phases = {
        waiting: a.waitingDuration,
        cache: a.cacheDuration,
        dns: a.dnsDuration,
        connection: a.connectionDuration,
        request: a.requestDuration,
      };
      text = Object.entries(phases).sort((x, y) => y[1] - x[1])[0]?.[0];
      break;
    }
  }
  const printable = text?.replace(/[^\x20-\x7e]/g, "").slice(0, 200);
  return printable || undefined;
}

/** The path of the document the Web Vitals belong to: the one that was loaded, not navigated to since. */
function documentPath(): string {
  const entry = performance.getEntriesByType("navigation")[0];
  try {
    return cleanPath(entry ? new URL(entry.name).pathname : location.pathname);
  } catch {
    return cleanPath(location.pathname);
  }
}

function flush(): void {
  while (queue.length > 0) {
    const batch = queue.splice(0, ctx.maxBatch);
    try {
      navigator.sendBeacon(ctx.url, JSON.stringify({ events: batch }));
    } catch {
      /* measurements are best effort */
    }
  }
}

function enqueue(event: WireEvent): void {
  if (!active) return;
  queue.push(event);
  // Reports that arrive while the page is hidden (the last LCP, CLS and INP) go at once.
  if (queue.length >= ctx.maxBatch || document.visibilityState === "hidden") flush();
}

function onEvent(event: MeasureEvent): void {
  if (event.type === "page") enqueue(pageView(event.path));
  else
    enqueue({
      type: "form",
      path: cleanPath(location.pathname),
      form: event.form.replace(/[^a-z-]/g, "").slice(0, 40) || "form",
      step: event.step,
      // Field names only, in the contract's alphabet, so one odd name cannot void the batch.
      ...(event.reason ? { reason: event.reason.replace(/[^A-Za-z0-9:,]/g, "").slice(0, 120) } : {}),
    });
}

/** The landing's referrer host, when it is another site's. */
function externalReferrer(referrer: string): string | undefined {
  try {
    const host = referrer ? new URL(referrer).hostname.toLowerCase() : "";
    return host && host !== location.hostname ? host : undefined;
  } catch {
    return undefined; // an unreadable referrer is no referrer
  }
}

/**
 * Keeps the visit's first external referrer host and campaign for the forms (lib/lead-source.ts)
 * in sessionStorage: first-party, gone with the tab, never a cookie, and written only here, once
 * measurement is allowed. A later landing in the same visit does not replace what was kept.
 */
function keepVisitSource(): void {
  try {
    const kept = JSON.parse(sessionStorage.getItem(ctx.sourceKey) ?? "{}") as VisitSource;
    const referrer = kept.referrer ?? externalReferrer(ctx.landing.referrer);
    const campaign = kept.campaign ?? label(new URLSearchParams(ctx.landing.search).get("utm_campaign"));
    if (referrer || campaign) sessionStorage.setItem(ctx.sourceKey, JSON.stringify({ referrer, campaign }));
  } catch {
    /* storage disabled or a corrupt entry: the enquiry goes without its source */
  }
}

function stopIfWithdrawn(): void {
  if (ctx.allowed()) return;
  // Withdrawn: whatever is queued is dropped, and nothing more is collected, sent or kept.
  active = false;
  queue = [];
  try {
    sessionStorage.removeItem(ctx.sourceKey);
  } catch {
    /* storage disabled: nothing was kept */
  }
  ctx.attach(undefined);
  delete document.documentElement.dataset.measured;
}

export function startCollecting(context: CollectorContext): void {
  ctx = context;
  if (!ctx.allowed()) return;
  active = true;
  keepVisitSource();
  ctx.attach(onEvent);
  if (started) return;
  started = true;
  const vitalsPath = documentPath();
  const reported = new Set<string>();
  reportWebVitals((metric) => {
    // Which metrics this page has reported so far, as <html data-measured> (tests wait for it).
    if (active) document.documentElement.dataset.measured = [...reported.add(metric.name)].join(" ");
    const attribution = attributionOf(metric);
    enqueue({
      type: "vital",
      path: vitalsPath,
      name: metric.name,
      value: Math.max(0, Math.min(600_000, metric.value)),
      rating: metric.rating,
      navigationType: metric.navigationType.replace(/[^a-z_-]/g, "").slice(0, 30) || undefined,
      ...(attribution ? { attribution } : {}),
    });
  });
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "hidden") flush();
  });
  window.addEventListener("pagehide", flush);
  window.addEventListener(ctx.changeEvent, stopIfWithdrawn);
}
