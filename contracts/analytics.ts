/**
 * The two measurement endpoints' input: anonymous events (page views, form funnel steps, field
 * Core Web Vitals) and consent records. Every string is short and drawn from a narrow alphabet,
 * so nothing a visitor typed into a form fits through, and nothing identifies a person.
 */
import { z } from "zod";
import {
  browserFamilies,
  consentActions,
  cookiePolicyVersion,
  formSteps,
  maxEventsPerBatch,
  viewportClasses,
  webVitalNames,
} from "./consent";

export * from "./consent";

/** A site path without query or fragment. */
export const sitePath = z
  .string()
  .max(200)
  .regex(/^\/[A-Za-z0-9/_.~-]*$/);
/** A host name (the referrer's), lower case. */
export const hostName = z
  .string()
  .max(253)
  .regex(/^[a-z0-9.-]+$/);
/** UTM values are labels chosen by whoever made the link: a short, plain token. */
export const utmLabel = z
  .string()
  .max(100)
  .regex(/^[A-Za-z0-9 ._+-]*$/);
const path = sitePath;
const host = hostName;
const label = utmLabel;

const pageView = z.object({
  type: z.literal("pageview"),
  path,
  referrer: host.optional(),
  utmSource: label.optional(),
  utmMedium: label.optional(),
  utmCampaign: label.optional(),
  viewport: z.enum(viewportClasses),
  browser: z.enum(browserFamilies),
  /** The document's first measured page view: the dashboard's entry pages (decision 057). */
  entry: z.literal(true).optional(),
});

const formEvent = z.object({
  type: z.literal("form"),
  path,
  /** The form's name (contact, application, feedback). */
  form: z
    .string()
    .max(40)
    .regex(/^[a-z-]+$/),
  step: z.enum(formSteps),
  /** For failures: invalid:<field names>, refused:<HTTP status>, unreachable. Never a value. */
  reason: z
    .string()
    .max(120)
    .regex(/^[a-z]+(:[A-Za-z0-9,]*)?$/)
    .optional(),
});

const webVital = z.object({
  type: z.literal("vital"),
  path,
  name: z.enum(webVitalNames),
  value: z.number().finite().min(0).max(600_000),
  rating: z.enum(["good", "needs-improvement", "poor"]),
  navigationType: z
    .string()
    .max(30)
    .regex(/^[a-z_-]*$/)
    .optional(),
  /** What web-vitals' attribution names: an element selector or the phase that took longest. */
  attribution: z
    .string()
    .max(200)
    .regex(/^[\x20-\x7e]*$/)
    .optional(),
});

export const analyticsEventSchema = z.discriminatedUnion("type", [pageView, formEvent, webVital]);
export type AnalyticsEvent = z.infer<typeof analyticsEventSchema>;

export const analyticsBatchSchema = z.object({
  events: z.array(analyticsEventSchema).min(1).max(maxEventsPerBatch),
});

export const consentRecordSchema = z.object({
  /** 128 random bits, hex: made in the visitor's browser, linked to nothing else. */
  consentId: z.string().regex(/^[0-9a-f]{32}$/),
  action: z.enum(consentActions),
  performance: z.boolean(),
  functional: z.boolean(),
  marketing: z.boolean(),
  /** Only the policy the site states today can be consented to. */
  policyVersion: z.literal(cookiePolicyVersion),
  /** The browser sent Global Privacy Control or Do Not Track when the choice was made. */
  browserRefusal: z.boolean(),
});
export type ConsentRecordInput = z.infer<typeof consentRecordSchema>;
