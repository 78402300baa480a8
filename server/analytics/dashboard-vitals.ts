/**
 * Field Web Vitals per page for the dashboard (docs/decisions/057-marketing-dashboard.md): p75 of
 * LCP, INP and CLS with Google's verdict, and for the five worst pages what the attribution most
 * often names. Read from the raw vital events of the range (from the index of migration 022), and
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

/** How bad a figure is: its verdict first, then how far its p75 is past the good line (p75 / good). */
const severity = (metric: CoreVital, f: VitalFigure) => ({
  verdict: verdicts.indexOf(f.verdict),
  ratio: f.p75 / goodThresholds[metric],
});
type Severity = ReturnType<typeof severity>;
const worse = (a: Severity, b: Severity) => b.verdict - a.verdict || b.ratio - a.ratio;
const byCodePoint = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** The period's vital events of the three metrics (the page filter applied). */
function vitalEvents(db: Kysely<Database>, range: DayRange, page: string | undefined) {
  const events = db
    .selectFrom("analytics_events")
    .where("type", "=", "vital")
    .where("created_at", ">=", `${range.from}T00:00:00.000Z`)
    .where("created_at", "<", endOf(range));
  return page ? events.where("path", "=", page) : events;
}

/** What most of a page's samples over the good line name (ties: code-point order); "" for none. */
async function mostNamed(db: Kysely<Database>, range: DayRange, path: string, metric: CoreVital) {
  const counts = await vitalEvents(db, range, path)
    .where("metric", "=", metric)
    .where("value", ">", goodThresholds[metric])
    .where("attribution", "is not", null)
    .where("attribution", "<>", "")
    .select((eb) => ["attribution", eb.fn.countAll<string | number>().as("n")])
    .groupBy("attribution")
    .execute();
  const [top] = counts
    .map((c) => ({ attribution: c.attribution!, samples: Number(c.n) }))
    .sort((a, b) => b.samples - a.samples || byCodePoint(a.attribution, b.attribution));
  return top ?? { attribution: "", samples: 0 };
}

export async function vitalRows(db: Kysely<Database>, range: DayRange, page: string | undefined): Promise<VitalRow[]> {
  // Path, metric and value only: all three are in the index (migration 022), so no row is read.
  const rows = await vitalEvents(db, range, page)
    .where("metric", "in", [...coreVitals])
    .select(["path", "metric", "value"])
    .execute();
  const byPage = new Map<string, Map<CoreVital, number[]>>();
  for (const r of rows) {
    const metrics = byPage.get(r.path) ?? new Map<CoreVital, number[]>();
    const values = metrics.get(r.metric as CoreVital) ?? [];
    values.push(Number(r.value));
    metrics.set(r.metric as CoreVital, values);
    byPage.set(r.path, metrics);
  }

  const pages = [...byPage].map(([path, metrics]) => {
    const figure = (metric: CoreVital): VitalFigure | null => {
      const values = metrics.get(metric);
      if (!values) return null;
      const p75 = percentile75(values.sort((a, b) => a - b));
      return { p75, verdict: verdictOf(metric, p75), samples: values.length };
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
