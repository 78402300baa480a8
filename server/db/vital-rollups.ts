/**
 * Daily histograms of the Web Vitals (migration 029, docs/decisions/057-marketing-dashboard.md):
 * per day, page and metric, how many samples fell in each fixed bucket (contracts/vital-histogram.ts)
 * and the largest of them; and per day, page and metric, how many samples over the good line each
 * attribution named. Kept in step as vitals are stored (`addVitalSamples` in the batch's
 * transaction) and written again from the raw events by `vitalRollupsFrom` (the migration's
 * backfill and the rollup rebuild). Nothing personal: a path, a bucket, a selector, counted.
 */
import type { Kysely } from "kysely";
import { coreVitals, type CoreVital } from "../../contracts/dashboard";
import { bucketOf, overGoodLine } from "../../contracts/vital-histogram";
import type { Database, VitalMonthRollupsTable } from "./schema";

export interface VitalSample {
  created_at: string;
  path: string;
  metric: string | null;
  value: number | null;
  attribution: string | null;
}

const isCore = (metric: string | null): metric is CoreVital => coreVitals.includes(metric as CoreVital);
/** Rows a statement: six columns each, far under PostgreSQL's 65,535 parameters. */
const perStatement = 1000;

/** Adds samples (of any event type: only LCP, INP and CLS count) to the histograms, one upsert per 1,000 keys. */
export async function addVitalSamples(db: Kysely<Database>, samples: readonly VitalSample[]): Promise<void> {
  const buckets = new Map<
    string,
    { day: string; path: string; metric: string; bucket: number; samples: number; max_value: number }
  >();
  const named = new Map<string, { day: string; path: string; metric: string; attribution: string; samples: number }>();
  for (const s of samples) {
    if (!isCore(s.metric) || s.value === null) continue;
    const day = s.created_at.slice(0, 10);
    const bucket = bucketOf(s.metric, s.value);
    const id = `${day}\n${s.path}\n${s.metric}\n${bucket}`;
    const row = buckets.get(id);
    if (row) {
      row.samples++;
      row.max_value = Math.max(row.max_value, s.value);
    } else buckets.set(id, { day, path: s.path, metric: s.metric, bucket, samples: 1, max_value: s.value });
    if (s.attribution && overGoodLine(s.metric, s.value)) {
      const nid = `${day}\n${s.path}\n${s.metric}\n${s.attribution}`;
      const n = named.get(nid);
      if (n) n.samples++;
      else named.set(nid, { day, path: s.path, metric: s.metric, attribution: s.attribution, samples: 1 });
    }
  }
  // Keys are distinct within a statement (grouped above), as PostgreSQL's ON CONFLICT requires.
  const rows = [...buckets.values()];
  for (let i = 0; i < rows.length; i += perStatement) {
    await db
      .insertInto("vital_rollups")
      .values(rows.slice(i, i + perStatement))
      .onConflict((oc) =>
        oc.columns(["day", "path", "metric", "bucket"]).doUpdateSet((eb) => ({
          samples: eb("vital_rollups.samples", "+", eb.ref("excluded.samples")),
          max_value: eb
            .case()
            .when("excluded.max_value", ">", eb.ref("vital_rollups.max_value"))
            .then(eb.ref("excluded.max_value"))
            .else(eb.ref("vital_rollups.max_value"))
            .end(),
        })),
      )
      .execute();
  }
  // The same samples per month (migration 032), what a period's whole months are read from.
  const months = new Map<string, VitalMonthRollupsTable>();
  for (const r of rows) {
    const month = r.day.slice(0, 7);
    const id = `${month}\n${r.path}\n${r.metric}\n${r.bucket}`;
    const row = months.get(id);
    if (row) {
      row.samples += r.samples;
      row.max_value = Math.max(row.max_value, r.max_value);
    } else
      months.set(id, {
        month,
        path: r.path,
        metric: r.metric,
        bucket: r.bucket,
        samples: r.samples,
        max_value: r.max_value,
      });
  }
  const monthRows = [...months.values()];
  for (let i = 0; i < monthRows.length; i += perStatement) {
    await db
      .insertInto("vital_month_rollups")
      .values(monthRows.slice(i, i + perStatement))
      .onConflict((oc) =>
        oc.columns(["month", "path", "metric", "bucket"]).doUpdateSet((eb) => ({
          samples: eb("vital_month_rollups.samples", "+", eb.ref("excluded.samples")),
          max_value: eb
            .case()
            .when("excluded.max_value", ">", eb.ref("vital_month_rollups.max_value"))
            .then(eb.ref("excluded.max_value"))
            .else(eb.ref("vital_month_rollups.max_value"))
            .end(),
        })),
      )
      .execute();
  }
  const names = [...named.values()];
  for (let i = 0; i < names.length; i += perStatement) {
    await db
      .insertInto("vital_attributions")
      .values(names.slice(i, i + perStatement))
      .onConflict((oc) =>
        oc
          .columns(["day", "path", "metric", "attribution"])
          .doUpdateSet((eb) => ({ samples: eb("vital_attributions.samples", "+", eb.ref("excluded.samples")) })),
      )
      .execute();
  }
}

/**
 * Writes the histograms of every day from `fromDay` (YYYY-MM-DD) from the raw vital events, a week
 * of events at a time (a year of a busy site does not sit in memory at once). The rows of those
 * days must be gone first.
 */
export async function vitalRollupsFrom(db: Kysely<Database>, fromDay: string): Promise<void> {
  const span = await db
    .selectFrom("analytics_events")
    .where("type", "=", "vital")
    .where("created_at", ">=", fromDay)
    .select((eb) => [eb.fn.min("created_at").as("first"), eb.fn.max("created_at").as("last")])
    .executeTakeFirst();
  if (!span?.first || !span.last) return;
  const week = 7 * 24 * 3600_000;
  for (let from = Date.parse(`${span.first.slice(0, 10)}T00:00:00Z`); from <= Date.parse(span.last); from += week) {
    const samples = await db
      .selectFrom("analytics_events")
      .where("type", "=", "vital")
      .where("created_at", ">=", new Date(from).toISOString())
      .where("created_at", "<", new Date(from + week).toISOString())
      .where("metric", "in", [...coreVitals])
      .select(["created_at", "path", "metric", "value", "attribution"])
      .execute();
    await addVitalSamples(db, samples);
  }
}
