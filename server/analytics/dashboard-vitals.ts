/**
 * Field Web Vitals per page for the dashboard (docs/decisions/057-marketing-dashboard.md): p75 of
 * LCP, INP and CLS with Google's verdict, and for the five worst pages what the attribution most
 * often names. Read from the raw vital events of the range (bounded by the created_at index), and
 * the percentile taken here, not in SQL, so SQLite and PostgreSQL give the same figure. Vitals
 * carry only their path, so the page filter applies and the source and campaign filters do not.
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
import { percentile75 } from "./analytics";
import { endOf, type DayRange } from "./dashboard-range";

/** How many pages get the attribution, and how many pages the answer lists at most. */
export const worstPages = 5;
const maxPages = 50;

interface Sample {
  value: number;
  attribution: string;
}

/** How bad a figure is: its verdict first, then how far its p75 is past the good line (p75 / good). */
const severity = (metric: CoreVital, f: VitalFigure) => ({
  verdict: verdicts.indexOf(f.verdict),
  ratio: f.p75 / goodThresholds[metric],
});
type Severity = ReturnType<typeof severity>;
const worse = (a: Severity, b: Severity) => b.verdict - a.verdict || b.ratio - a.ratio;

/** The label most samples over the good line name (ties: the first in code-point order); "" for none. */
function mostNamed(metric: CoreVital, samples: readonly Sample[]): { attribution: string; samples: number } {
  const counts = new Map<string, number>();
  for (const s of samples)
    if (s.value > goodThresholds[metric] && s.attribution)
      counts.set(s.attribution, (counts.get(s.attribution) ?? 0) + 1);
  const [top] = [...counts].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
  return top ? { attribution: top[0], samples: top[1] } : { attribution: "", samples: 0 };
}

export async function vitalRows(db: Kysely<Database>, range: DayRange, page: string | undefined): Promise<VitalRow[]> {
  let events = db
    .selectFrom("analytics_events")
    .where("created_at", ">=", `${range.from}T00:00:00.000Z`)
    .where("created_at", "<", endOf(range))
    .where("type", "=", "vital")
    .where("metric", "in", [...coreVitals]);
  if (page) events = events.where("path", "=", page);
  const rows = await events.select(["path", "metric", "value", "attribution"]).execute();

  const byPage = new Map<string, Map<CoreVital, Sample[]>>();
  for (const r of rows) {
    const metrics = byPage.get(r.path) ?? new Map<CoreVital, Sample[]>();
    const metric = r.metric as CoreVital;
    const samples = metrics.get(metric) ?? [];
    samples.push({ value: Number(r.value), attribution: r.attribution ?? "" });
    metrics.set(metric, samples);
    byPage.set(r.path, metrics);
  }

  const pages = [...byPage].map(([path, metrics]) => {
    const figure = (metric: CoreVital): VitalFigure | null => {
      const samples = metrics.get(metric);
      if (!samples) return null;
      const p75 = percentile75(samples.map((s) => s.value).sort((a, b) => a - b));
      return { p75, verdict: verdictOf(metric, p75), samples: samples.length };
    };
    const row: VitalRow = { path, LCP: figure("LCP"), INP: figure("INP"), CLS: figure("CLS"), worst: null };
    const [worstMetric] = coreVitals
      .filter((m) => row[m] !== null)
      .sort((a, b) => worse(severity(a, row[a]!), severity(b, row[b]!)));
    return { row, worstMetric: worstMetric!, severity: severity(worstMetric!, row[worstMetric!]!), metrics };
  });
  pages.sort((a, b) => worse(a.severity, b.severity) || (a.row.path < b.row.path ? -1 : 1));
  // The worst pages are the first five not good on every metric.
  for (const p of pages.slice(0, worstPages))
    if (p.severity.verdict > 0)
      p.row.worst = { metric: p.worstMetric, ...mostNamed(p.worstMetric, p.metrics.get(p.worstMetric)!) };
  return pages.slice(0, maxPages).map((p) => p.row);
}
