/**
 * Field Web Vitals per page for the dashboard (docs/decisions/057-marketing-dashboard.md): p75 of
 * LCP, INP and CLS with Google's verdict, and for the five worst pages what the attribution most
 * often names. Read from the daily histograms (migration 029): the period's buckets are summed in
 * the database and the p75 read here from them (contracts/vital-histogram.ts: exact to a bucket's
 * width, the verdict exact), the same on SQLite and PostgreSQL. Vitals carry only their path, so
 * the page filter applies and the source and campaign filters do not.
 */
import type { Kysely } from "kysely";
import { goodThresholds } from "../../contracts/consent";
import {
  coreVitals,
  verdictOf,
  verdicts,
  type CoreVital,
  type VitalFigure,
  type VitalRow,
} from "../../contracts/dashboard";
import type { Database } from "../db/schema";
import { p75OfBuckets, type BucketCount } from "../../contracts/vital-histogram";
import { monthsOf, type DayRange } from "./dashboard-range";

/** How many pages get the attribution, and how many pages the answer lists at most. */
export const worstPages = 5;
const maxPages = 50;

/** How bad a figure is: its verdict first, then how far its p75 is past the good line (p75 / good). */
const severity = (metric: CoreVital, f: VitalFigure) => ({
  verdict: verdicts.indexOf(f.verdict),
  ratio: f.p75 / goodThresholds[metric],
});
type Severity = ReturnType<typeof severity>;
const worse = (a: Severity, b: Severity) => b.verdict - a.verdict || b.ratio - a.ratio;
const byCodePoint = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** What most of a page's samples over the good line name (ties: code-point order); "" for none. */
async function mostNamed(db: Kysely<Database>, range: DayRange, path: string, metric: CoreVital) {
  const counts = await db
    .selectFrom("vital_attributions")
    .where("path", "=", path)
    .where("metric", "=", metric)
    .where("day", ">=", range.from)
    .where("day", "<=", range.to)
    .select((eb) => ["attribution", eb.fn.sum<string | number>("samples").as("n")])
    .groupBy("attribution")
    .execute();
  const [top] = counts
    .map((c) => ({ attribution: c.attribution, samples: Number(c.n) }))
    .sort((a, b) => b.samples - a.samples || byCodePoint(a.attribution, b.attribution));
  return top ?? { attribution: "", samples: 0 };
}

/**
 * The period's histograms merged per page, metric and bucket in the database: its whole months
 * from the monthly rows (migration 032), the days of the months it starts and ends in from the
 * daily ones; the two merged here (samples added, the larger largest value kept).
 */
async function periodBuckets(db: Kysely<Database>, range: DayRange, page: string | undefined) {
  const { months, days } = monthsOf(range);
  const merged = new Map<string, { path: string; metric: string; bucket: number; samples: number; max: number }>();
  const add = (r: { path: string; metric: string; bucket: number; samples: string | number; max: number }) => {
    const id = `${r.path}\n${r.metric}\n${r.bucket}`;
    const row = merged.get(id);
    if (row) {
      row.samples += Number(r.samples);
      row.max = Math.max(row.max, Number(r.max));
    } else
      merged.set(id, {
        path: r.path,
        metric: r.metric,
        bucket: Number(r.bucket),
        samples: Number(r.samples),
        max: Number(r.max),
      });
  };
  if (months) {
    let monthly = db
      .selectFrom("vital_month_rollups")
      .where("month", ">=", months.from)
      .where("month", "<=", months.to)
      .where("metric", "in", [...coreVitals]);
    if (page) monthly = monthly.where("path", "=", page);
    const rows = await monthly
      .select((eb) => [
        "path",
        "metric",
        "bucket",
        eb.fn.sum<string | number>("samples").as("samples"),
        eb.fn.max("max_value").as("max"),
      ])
      .groupBy(["path", "metric", "bucket"])
      .execute();
    rows.forEach(add);
  }
  if (days.length > 0) {
    let daily = db
      .selectFrom("vital_rollups")
      .where((eb) => eb.or(days.map((d) => eb.and([eb("day", ">=", d.from), eb("day", "<=", d.to)]))))
      .where("metric", "in", [...coreVitals]);
    if (page) daily = daily.where("path", "=", page);
    const rows = await daily
      .select((eb) => [
        "path",
        "metric",
        "bucket",
        eb.fn.sum<string | number>("samples").as("samples"),
        eb.fn.max("max_value").as("max"),
      ])
      .groupBy(["path", "metric", "bucket"])
      .execute();
    rows.forEach(add);
  }
  return [...merged.values()];
}

export async function vitalRows(db: Kysely<Database>, range: DayRange, page: string | undefined): Promise<VitalRow[]> {
  const rows = await periodBuckets(db, range, page);
  const byPage = new Map<string, Map<CoreVital, BucketCount[]>>();
  for (const r of rows) {
    const metrics = byPage.get(r.path) ?? new Map<CoreVital, BucketCount[]>();
    const counts = metrics.get(r.metric as CoreVital) ?? [];
    counts.push({ bucket: r.bucket, samples: r.samples, max: r.max });
    metrics.set(r.metric as CoreVital, counts);
    byPage.set(r.path, metrics);
  }

  const pages = [...byPage].map(([path, metrics]) => {
    const figure = (metric: CoreVital): VitalFigure | null => {
      const read = p75OfBuckets(metrics.get(metric) ?? []);
      if (!read) return null;
      return { p75: read.p75, verdict: verdictOf(metric, read.p75), samples: read.samples };
    };
    const row: VitalRow = { path, LCP: figure("LCP"), INP: figure("INP"), CLS: figure("CLS"), worst: null };
    const [metric] = coreVitals
      .filter((m) => row[m] !== null)
      .sort((a, b) => worse(severity(a, row[a]!), severity(b, row[b]!)));
    return { row, metric: metric!, severity: severity(metric!, row[metric!]!) };
  });
  pages.sort((a, b) => worse(a.severity, b.severity) || byCodePoint(a.row.path, b.row.path));
  // The worst pages are the first five, if not good on every metric.
  for (const p of pages.slice(0, worstPages))
    if (p.severity.verdict > 0)
      p.row.worst = { metric: p.metric, ...(await mostNamed(db, range, p.row.path, p.metric)) };
  return pages.slice(0, maxPages).map((p) => p.row);
}
