/**
 * The marketing dashboard (docs/decisions/057-marketing-dashboard.md): what the console asks
 * (`dashboardQuery`, every value also in the page's address: a period, a comparison and filters
 * by page, referrer host and campaign, never a personal value) and what the server answers
 * (`dashboardAnswer`): each figure with its value in the period and in the period compared.
 */
import { z } from "zod";
import { goodThresholds } from "./consent";
import { hostName, sitePath, utmLabel } from "./analytics";

export const periods = ["today", "7d", "30d", "month", "12m", "custom"] as const;
export type Period = (typeof periods)[number];
export const periodLabels: Record<Period, string> = {
  today: "Today",
  "7d": "Last 7 days",
  "30d": "Last 30 days",
  month: "This month",
  "12m": "Last 12 months",
  custom: "Custom",
};

export const comparisons = ["previous", "year", "none"] as const;
export type Comparison = (typeof comparisons)[number];
export const comparisonLabels: Record<Comparison, string> = {
  previous: "The period before",
  year: "The same days a year before",
  none: "Nothing",
};

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
/** The same shapes the measurements accept (contracts/analytics.ts): nothing else can match. */
const path = sitePath;
const host = hostName;
const label = utmLabel.min(1);

export const dashboardQuery = z.object({
  period: z.enum(periods).default("30d"),
  compare: z.enum(comparisons).default("previous"),
  from: day.optional(),
  to: day.optional(),
  page: path.optional(),
  source: host.optional(),
  campaign: label.optional(),
});
export type DashboardQuery = z.infer<typeof dashboardQuery>;
export const filterNames = ["page", "source", "campaign"] as const;

/** A count in the period and in the period compared (null: no comparison). */
const pair = z.object({ value: z.number(), previous: z.number().nullable() });
export type Pair = z.infer<typeof pair>;
const row = z.object({ key: z.string(), value: z.number(), previous: z.number().nullable() });
export type BreakdownRow = z.infer<typeof row>;
/** A page not found: its path (no query) and the site that linked to it ("" for none). */
const notFoundRow = row.extend({ referrer: z.string() });
export type NotFoundRow = z.infer<typeof notFoundRow>;

const money = z.object({ currency: z.string(), value: z.number(), previous: z.number().nullable() });
const leadRow = z.object({
  /** The referrer host, campaign or page; "" when none was recorded (direct, or without consent). */
  key: z.string(),
  /** Page views of that host, campaign or page (null for ""); measured with consent only. */
  views: pair.nullable(),
  enquiries: pair,
  answered: pair,
  qualified: pair,
  won: pair,
  wonValue: z.array(money),
});
export type LeadRow = z.infer<typeof leadRow>;

export const formStages = ["shown", "started", "sent", "accepted"] as const;
const formRow = z.object({ form: z.string(), shown: pair, started: pair, sent: pair, accepted: pair });
export type FormRow = z.infer<typeof formRow>;

/** The Core Web Vitals the dashboard judges, and Google's line above which each is poor. */
export const coreVitals = ["LCP", "INP", "CLS"] as const;
export type CoreVital = (typeof coreVitals)[number];
export const poorThresholds: Record<CoreVital, number> = { LCP: 4000, INP: 500, CLS: 0.25 };
export const verdicts = ["good", "needs-improvement", "poor"] as const;
export type Verdict = (typeof verdicts)[number];
export const verdictLabels: Record<Verdict, string> = {
  good: "Good",
  "needs-improvement": "Needs improvement",
  poor: "Poor",
};

/** Google's verdict on a p75: at or under the good line is good, over the poor line is poor. */
export function verdictOf(metric: CoreVital, p75: number): Verdict {
  if (p75 <= goodThresholds[metric]) return "good";
  return p75 <= poorThresholds[metric] ? "needs-improvement" : "poor";
}

/** One metric on one page: the 75th percentile (ms, or the unitless CLS), its verdict and its samples. */
const vitalFigure = z.object({ p75: z.number(), verdict: z.enum(verdicts), samples: z.number() });
export type VitalFigure = z.infer<typeof vitalFigure>;
const vitalRow = z.object({
  path: z.string(),
  LCP: vitalFigure.nullable(),
  INP: vitalFigure.nullable(),
  CLS: vitalFigure.nullable(),
  /**
   * For the worst pages only: the metric furthest over its good line, and what the attribution
   * most often names among that metric's samples over the line (an element selector for LCP and
   * CLS, the interaction's target for INP), with how many of them name it.
   */
  worst: z.object({ metric: z.enum(coreVitals), attribution: z.string(), samples: z.number() }).nullable(),
});
export type VitalRow = z.infer<typeof vitalRow>;

const range = z.object({ from: day, to: day });
export const dashboardAnswer = z.object({
  range,
  previousRange: range.nullable(),
  views: z.object({
    total: pair,
    days: z.array(z.object({ day, value: z.number(), previous: z.number().nullable() })),
  }),
  topPages: z.array(row),
  entryPages: z.array(row),
  referrers: z.array(row),
  campaigns: z.array(row),
  devices: z.array(row),
  browsers: z.array(row),
  forms: z.array(formRow),
  /** The most asked-for pages not found, by path and referring site; not filtered. */
  notFound: z.array(notFoundRow),
  /** Field Web Vitals per page, worst first; the period only (no comparison), page filter only. */
  vitals: z.array(vitalRow),
  leads: z.object({
    total: leadRow,
    bySource: z.array(leadRow),
    byCampaign: z.array(leadRow),
    byPage: z.array(leadRow),
  }),
});
export type DashboardAnswer = z.infer<typeof dashboardAnswer>;

/**
 * The lead funnel without page views (every row's `views` null), for those who set enquiries'
 * outcomes and read no measurement (sales): `GET /admin/api/dashboard/outcomes`, the same query.
 */
export const outcomesAnswer = dashboardAnswer.pick({ range: true, previousRange: true, leads: true });
export type OutcomesAnswer = z.infer<typeof outcomesAnswer>;

/** Whether the person signed in receives the weekly report (Monday 08:00, company time). */
export const weeklyReportChoice = z.object({ receive: z.boolean() });
export type WeeklyReportChoice = z.infer<typeof weeklyReportChoice>;
