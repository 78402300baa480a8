/**
 * What the browser and the server must agree on about consent and measurement, without zod so
 * the cookie notice can use it in every page's initial script. The schemas the server enforces
 * are in analytics.ts.
 */

/**
 * The Cookie Policy's version: the date of its last change, as in the `updated` front matter of
 * app/content/legal/cookies.md (a content test keeps the two equal). Choices that allowed
 * anything under another version are asked again.
 */
export const cookiePolicyVersion = "2026-11-28";

export const consentPath = "/api/consent";
export const analyticsPath = "/api/analytics";

export const optionalCategories = ["performance", "functional", "marketing"] as const;
export type OptionalCategory = (typeof optionalCategories)[number];

/** accept and reject are the cookie notice's buttons; save and withdraw are Cookie Settings'. */
export const consentActions = ["accept", "reject", "save", "withdraw"] as const;
export type ConsentAction = (typeof consentActions)[number];

/** Events per beacon; the collector sends what it has before reaching it. */
export const maxEventsPerBatch = 40;
/** Largest analytics body accepted, in bytes (a full batch is about 8 KB). */
export const analyticsBodyLimit = 16 * 1024;
export const consentBodyLimit = 1024;

export const webVitalNames = ["LCP", "INP", "CLS", "FCP", "TTFB"] as const;
export type WebVitalName = (typeof webVitalNames)[number];

/** Google's "good" thresholds (a value at or below is good); CLS is unitless, the rest ms. */
export const goodThresholds: Record<WebVitalName, number> = { LCP: 2500, INP: 200, CLS: 0.1, FCP: 1800, TTFB: 800 };

export const formSteps = ["shown", "started", "submit", "success", "failure"] as const;
export type FormStep = (typeof formSteps)[number];

export const viewportClasses = ["xs", "sm", "md", "lg", "xl"] as const;
export const browserFamilies = ["chrome", "edge", "firefox", "safari", "samsung", "opera", "other"] as const;

/**
 * The sessionStorage key of the visit's first referrer host and campaign, kept while measurement
 * is allowed for the forms to send (contracts/lead-source.ts). Here, beside what the page's first
 * script already holds, so that script needs no chunk of the forms'.
 */
export const visitSourceKey = "visitSource";
