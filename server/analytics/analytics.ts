/** Storing measurement events and consent records, their purge, and the `stats` report. */
import { goodThresholds, webVitalNames, type AnalyticsEvent, type ConsentRecordInput } from "../../contracts/index";
import type { Kysely } from "kysely";
import type { Storage } from "../db/db";
import { hasRunOut } from "../retention/expired-rows";
import { expiredStarts, type RetentionSettings } from "../retention/retention-policy";
import type { AnalyticsEventsTable, Database } from "../db/schema";
import { monthsFromDays, monthTotalTables } from "../db/month-totals";
import { addToRollups } from "./rollups";
import {
  enquiriesBySource,
  enquiryPageLines,
  enquirySourceLines,
  type EnquiryPage,
  type EnquirySource,
} from "./lead-source-stats";

type EventRow = Omit<AnalyticsEventsTable, "id">;

function toRow(event: AnalyticsEvent, createdAt: string): EventRow {
  const row: EventRow = {
    type: event.type,
    path: event.path,
    created_at: createdAt,
    referrer_host: null,
    utm_source: null,
    utm_medium: null,
    utm_campaign: null,
    viewport: null,
    browser: null,
    form: null,
    step: null,
    reason: null,
    metric: null,
    value: null,
    rating: null,
    navigation_type: null,
    attribution: null,
    entry: null,
  };
  switch (event.type) {
    case "pageview":
      return {
        ...row,
        referrer_host: event.referrer ?? null,
        utm_source: event.utmSource ?? null,
        utm_medium: event.utmMedium ?? null,
        utm_campaign: event.utmCampaign ?? null,
        viewport: event.viewport,
        browser: event.browser,
        entry: event.entry ? 1 : null,
      };
    case "form":
      return { ...row, form: event.form, step: event.step, reason: event.reason ?? null };
    case "vital":
      return {
        ...row,
        metric: event.name,
        value: event.value,
        rating: event.rating,
        navigation_type: event.navigationType ?? null,
        attribution: event.attribution ?? null,
      };
  }
}

/**
 * A preview link's address holds its token, which shows an unpublished draft to whoever has it
 * (server/live/live-routes.ts): a draft's page measures itself as any page does, so its events are
 * dropped here, never kept in the events, the daily totals or the dashboard's lists and CSVs.
 */
const previewPrefix = "/preview/";

export async function insertEvents(storage: Storage, events: AnalyticsEvent[], now: Date): Promise<void> {
  const createdAt = now.toISOString();
  const rows = events.filter((e) => !e.path.startsWith(previewPrefix)).map((e) => toRow(e, createdAt));
  if (rows.length === 0) return;
  await storage.transaction(async (trx) => {
    await trx.insertInto("analytics_events").values(rows).execute();
    await addToRollups(trx, rows);
  });
}

export async function insertConsentRecord(storage: Storage, record: ConsentRecordInput, now: Date): Promise<void> {
  await storage.transaction(async (trx) => {
    await trx
      .insertInto("consent_records")
      .values({
        consent_id: record.consentId,
        action: record.action,
        performance: record.performance ? 1 : 0,
        functional: record.functional ? 1 : 0,
        marketing: record.marketing ? 1 : 0,
        policy_version: record.policyVersion,
        browser_refusal: record.browserRefusal ? 1 : 0,
        created_at: now.toISOString(),
      })
      .execute();
  });
}

/** The tables of daily totals (anonymous counts by day), under the retention table's dailyTotals. */
const dailyTotalTables = [
  "pageview_rollups",
  "pageview_day_totals",
  "form_rollups",
  "vital_rollups",
  "vital_attributions",
  "erased_lead_counts",
  "not_found_counts",
] as const;

/** Monthly rows wholly before the month the purge cuts into (that month is written again from its remaining days). */
async function monthsRunOut(db: Kysely<Database>, cut: string) {
  let n = 0;
  for (const table of monthTotalTables) {
    const row = await db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<string | number>().as("n"))
      .where("month", "<", cut)
      .executeTakeFirstOrThrow();
    n += Number(row.n);
  }
  return n;
}

/** How many rows of daily totals have run out their period (for `purge --dry-run`). */
export async function countDailyTotalsRunOut(db: Kysely<Database>, now: Date, settings: RetentionSettings) {
  let n = 0;
  for (const table of dailyTotalTables) {
    const row = await db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<string | number>().as("n"))
      .where((eb) => hasRunOut(eb, "day", "dailyTotals", now, settings))
      .executeTakeFirstOrThrow();
    n += Number(row.n);
  }
  return n + (await monthsRunOut(db, expiredStarts("dailyTotals", now, settings).through.slice(0, 7)));
}

/** Deletes the events, consent records and daily totals whose period has run out (the retention table's). */
export async function purgeMeasurements(db: Kysely<Database>, now: Date, settings: RetentionSettings) {
  const events = await db
    .deleteFrom("analytics_events")
    .where((eb) => hasRunOut(eb, "created_at", "analytics", now, settings))
    .executeTakeFirst();
  const consents = await db
    .deleteFrom("consent_records")
    .where((eb) => hasRunOut(eb, "created_at", "consentRecords", now, settings))
    .executeTakeFirst();
  let dailyTotals = 0;
  for (const table of dailyTotalTables) {
    const gone = await db
      .deleteFrom(table)
      .where((eb) => hasRunOut(eb, "day", "dailyTotals", now, settings))
      .executeTakeFirst();
    dailyTotals += Number(gone.numDeletedRows);
  }
  // The monthly totals (migration 032) up to the month the purge cut into, written again from the
  // days they still have: earlier months go, the cut month keeps only its remaining days.
  const cut = expiredStarts("dailyTotals", now, settings).through.slice(0, 7);
  dailyTotals += await db.transaction().execute(async (trx) => {
    const gone = await monthsRunOut(trx, cut);
    await monthsFromDays(trx, "0000-00", cut);
    return gone;
  });
  return {
    events: Number(events.numDeletedRows),
    consentRecords: Number(consents.numDeletedRows),
    dailyTotals,
  };
}

export interface VitalSummary {
  path: string;
  metric: string;
  samples: number;
  p75: number;
  /** Share of samples at or below Google's "good" threshold, 0 to 1. */
  good: number;
}

export interface FormFunnel {
  form: string;
  shown: number;
  started: number;
  submitted: number;
  sent: number;
  /** sent / shown, 0 to 1 (0 when never shown). */
  rate: number;
  failures: { reason: string; count: number }[];
}

export interface StatsReport {
  since: string;
  until: string;
  pageViews: { path: string; views: number }[];
  referrers: { host: string; views: number }[];
  campaigns: { source: string; medium: string; campaign: string; views: number }[];
  forms: FormFunnel[];
  vitals: VitalSummary[];
  /** Contact enquiries by where the visit came from (storage/lead-source-stats.ts). */
  enquirySources: EnquirySource[];
  /** Contact enquiries by the page they were sent from, with that page's views and the rate. */
  enquiryPages: EnquiryPage[];
}

/** The 75th percentile by nearest rank, as the Chrome UX Report states it. */
export function percentile75(sorted: readonly number[]): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.max(0, Math.ceil(sorted.length * 0.75) - 1)]!;
}

const byCount = <T extends { views: number }>(a: T, b: T) => b.views - a.views;

export async function statsReport(db: Kysely<Database>, now: Date, days: number, top = 10): Promise<StatsReport> {
  const since = new Date(now.getTime() - days * 24 * 60 * 60_000).toISOString();
  const recent = () => db.selectFrom("analytics_events").where("created_at", ">=", since);

  const pageViews = (
    await recent()
      .where("type", "=", "pageview")
      .select((eb) => ["path", eb.fn.countAll<string | number>().as("views")])
      .groupBy("path")
      .execute()
  )
    .map((r) => ({ path: r.path, views: Number(r.views) }))
    .sort((a, b) => byCount(a, b) || a.path.localeCompare(b.path));

  const referrers = (
    await recent()
      .where("type", "=", "pageview")
      .where("referrer_host", "is not", null)
      .select((eb) => ["referrer_host", eb.fn.countAll<string | number>().as("views")])
      .groupBy("referrer_host")
      .execute()
  )
    .map((r) => ({ host: r.referrer_host!, views: Number(r.views) }))
    .sort((a, b) => byCount(a, b) || a.host.localeCompare(b.host))
    .slice(0, top);

  const campaigns = (
    await recent()
      .where("type", "=", "pageview")
      .where((eb) =>
        eb.or([eb("utm_campaign", "is not", null), eb("utm_source", "is not", null), eb("utm_medium", "is not", null)]),
      )
      .select((eb) => ["utm_source", "utm_medium", "utm_campaign", eb.fn.countAll<string | number>().as("views")])
      .groupBy(["utm_source", "utm_medium", "utm_campaign"])
      .execute()
  )
    .map((r) => ({
      source: r.utm_source ?? "",
      medium: r.utm_medium ?? "",
      campaign: r.utm_campaign ?? "",
      views: Number(r.views),
    }))
    .sort((a, b) => byCount(a, b) || a.campaign.localeCompare(b.campaign))
    .slice(0, top);

  const steps = await recent()
    .where("type", "=", "form")
    .select((eb) => ["form", "step", "reason", eb.fn.countAll<string | number>().as("n")])
    .groupBy(["form", "step", "reason"])
    .execute();
  const funnels = new Map<string, FormFunnel>();
  for (const s of steps) {
    const name = s.form ?? "";
    const f = funnels.get(name) ?? {
      form: name,
      shown: 0,
      started: 0,
      submitted: 0,
      sent: 0,
      rate: 0,
      failures: [],
    };
    const n = Number(s.n);
    if (s.step === "shown") f.shown += n;
    else if (s.step === "started") f.started += n;
    else if (s.step === "submit") f.submitted += n;
    else if (s.step === "success") f.sent += n;
    else if (s.step === "failure") f.failures.push({ reason: s.reason ?? "unknown", count: n });
    funnels.set(name, f);
  }
  const forms = [...funnels.values()]
    .map((f) => ({
      ...f,
      rate: f.shown > 0 ? f.sent / f.shown : 0,
      failures: f.failures.sort((a, b) => b.count - a.count || a.reason.localeCompare(b.reason)),
    }))
    .sort((a, b) => a.form.localeCompare(b.form));

  // Percentiles are computed here rather than in SQL so SQLite and PostgreSQL agree exactly.
  const vitalRows = await recent()
    .where("type", "=", "vital")
    .select(["path", "metric", "value"])
    .orderBy("path")
    .orderBy("metric")
    .orderBy("value")
    .execute();
  const groups = new Map<string, { path: string; metric: string; values: number[] }>();
  for (const r of vitalRows) {
    const key = `${r.path}\u0000${r.metric}`;
    const g = groups.get(key) ?? { path: r.path, metric: r.metric ?? "", values: [] };
    g.values.push(Number(r.value));
    groups.set(key, g);
  }
  const order = (m: string) => (webVitalNames as readonly string[]).indexOf(m);
  const vitals = [...groups.values()]
    .map((g) => {
      const threshold = goodThresholds[g.metric as keyof typeof goodThresholds] ?? 0;
      return {
        path: g.path,
        metric: g.metric,
        samples: g.values.length,
        p75: percentile75(g.values),
        good: g.values.filter((v) => v <= threshold).length / g.values.length,
      };
    })
    .sort((a, b) => a.path.localeCompare(b.path) || order(a.metric) - order(b.metric));

  const { sources: enquirySources, pages: enquiryPages } = await enquiriesBySource(db, since, pageViews);
  return {
    since,
    until: now.toISOString(),
    pageViews,
    referrers,
    campaigns,
    forms,
    vitals,
    enquirySources,
    enquiryPages,
  };
}

const percent = (x: number) => `${(x * 100).toFixed(0)}%`;
const vitalValue = (metric: string, v: number) => (metric === "CLS" ? v.toFixed(3) : `${Math.round(v)} ms`);

/** The report as the operator reads it in a terminal. */
export function formatStats(report: StatsReport, days: number): string {
  const lines: string[] = [
    `Measurements of the last ${days} day(s), ${report.since.slice(0, 10)} to ${report.until.slice(0, 10)}`,
  ];
  const section = (title: string, rows: string[]) => {
    lines.push("", title);
    lines.push(...(rows.length ? rows : ["  (none)"]));
  };
  section(
    "Page views per route",
    report.pageViews.map((p) => `  ${String(p.views).padStart(7)}  ${p.path}`),
  );
  section(
    "Top referrers",
    report.referrers.map((r) => `  ${String(r.views).padStart(7)}  ${r.host}`),
  );
  section(
    "Top campaigns (source / medium / campaign)",
    report.campaigns.map(
      (c) => `  ${String(c.views).padStart(7)}  ${c.source || "-"} / ${c.medium || "-"} / ${c.campaign || "-"}`,
    ),
  );
  section(
    "Form funnel (shown → started → sent, rate)",
    report.forms.flatMap((f) => [
      `  ${f.form}: ${f.shown} → ${f.started} → ${f.sent}, ${percent(f.rate)} (${f.submitted} submit attempts)`,
      ...f.failures.map((x) => `    failed ${x.count}x: ${x.reason}`),
    ]),
  );
  section(
    "Web Vitals per route (p75, share good)",
    report.vitals.map(
      (v) =>
        `  ${v.path.padEnd(32)} ${v.metric.padEnd(5)} p75 ${vitalValue(v.metric, v.p75).padStart(9)}  good ${percent(v.good).padStart(4)}  (${v.samples} samples)`,
    ),
  );
  section("Enquiries by source (referrer / campaign)", enquirySourceLines(report.enquirySources));
  section(
    "Enquiries by the page they were sent from (enquiries / page views = rate)",
    enquiryPageLines(report.enquiryPages),
  );
  return lines.join("\n");
}
