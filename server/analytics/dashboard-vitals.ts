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
import type { DayRange } from "./dashboard-range";

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

export async function vitalRows(db: Kysely<Database>, range: DayRange, page: string | undefined): Promise<VitalRow[]> {
  // The period's histograms merged in the database: at most a few hundred buckets per page and metric.
  const period = db
    .selectFrom("vital_rollups")
    .where("day", ">=", range.from)
    .where("day", "<=", range.to)
    .where("metric", "in", [...coreVitals]);
  const rows = await (page ? period.where("path", "=", page) : period)
    .select((eb) => [
      "path",
      "metric",
      "bucket",
      eb.fn.sum<string | number>("samples").as("samples"),
      eb.fn.max("max_value").as("max"),
    ])
    .groupBy(["path", "metric", "bucket"])
    .execute();
  const byPage = new Map<string, Map<CoreVital, BucketCount[]>>();
  for (const r of rows) {
    const metrics = byPage.get(r.path) ?? new Map<CoreVital, BucketCount[]>();
    const counts = metrics.get(r.metric as CoreVital) ?? [];
    counts.push({ bucket: Number(r.bucket), samples: Number(r.samples), max: Number(r.max) });
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
