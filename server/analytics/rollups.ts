/**
 * Daily totals of the measurements (docs/decisions/057-marketing-dashboard.md): kept in step as
 * each batch of events is stored, in its transaction, and rebuilt from the raw events by
 * `rebuildRollups` (after a bulk load, or to repair). The dashboard reads only these, so a year
 * is a few thousand rows, not millions of events. "" stands for a label the event did not carry.
 * Web Vitals go to their daily histograms (server/db/vital-rollups.ts).
 */
import { sql, type Transaction } from "kysely";
import type { AnalyticsEventsTable, Database, FormRollupsTable, PageviewRollupsTable } from "../db/schema";
import type { Storage } from "../db/db";
import { dayTotalsFrom } from "../db/migrations/018-analytics-rollups";
import { monthsFromDays } from "../db/month-totals";
import { addVitalSamples, vitalRollupsFrom } from "../db/vital-rollups";

type EventRow = Omit<AnalyticsEventsTable, "id">;

/** Adds a batch's events to the day's totals (one upsert per distinct key of the batch). */
export async function addToRollups(trx: Transaction<Database>, rows: readonly EventRow[]): Promise<void> {
  const views = new Map<
    string,
    { key: Omit<PageviewRollupsTable, "views" | "entries">; views: number; entries: number }
  >();
  const steps = new Map<string, { key: Omit<FormRollupsTable, "events">; events: number }>();
  for (const r of rows) {
    const day = r.created_at.slice(0, 10);
    if (r.type === "pageview") {
      const key = {
        day,
        path: r.path,
        referrer_host: r.referrer_host ?? "",
        utm_source: r.utm_source ?? "",
        utm_medium: r.utm_medium ?? "",
        utm_campaign: r.utm_campaign ?? "",
        viewport: r.viewport ?? "",
        browser: r.browser ?? "",
      };
      const id = JSON.stringify(key);
      const total = views.get(id) ?? { key, views: 0, entries: 0 };
      total.views++;
      if (r.entry === 1) total.entries++;
      views.set(id, total);
    } else if (r.type === "form") {
      const key = { day, path: r.path, form: r.form ?? "", step: r.step ?? "" };
      const id = JSON.stringify(key);
      const total = steps.get(id) ?? { key, events: 0 };
      total.events++;
      steps.set(id, total);
    }
  }
  for (const { key, views: n, entries } of views.values()) {
    await trx
      .insertInto("pageview_rollups")
      .values({ ...key, views: n, entries })
      .onConflict((oc) =>
        oc
          .columns(["day", "path", "referrer_host", "utm_source", "utm_medium", "utm_campaign", "viewport", "browser"])
          .doUpdateSet((eb) => ({
            views: eb("pageview_rollups.views", "+", eb.ref("excluded.views")),
            entries: eb("pageview_rollups.entries", "+", eb.ref("excluded.entries")),
          })),
      )
      .execute();
  }
  // The same views by one label at a time (what an unfiltered dashboard reads).
  const totals = new Map<string, number>();
  const add = (day: string, dimension: string, value: string, n: number) => {
    if (n === 0) return;
    const id = JSON.stringify([day, dimension, value]);
    totals.set(id, (totals.get(id) ?? 0) + n);
  };
  for (const { key: k, views: n, entries } of views.values()) {
    add(k.day, "all", "", n);
    add(k.day, "path", k.path, n);
    add(k.day, "entry", k.path, entries);
    if (k.referrer_host) add(k.day, "referrer", k.referrer_host, n);
    if (k.utm_source || k.utm_medium || k.utm_campaign)
      add(k.day, "campaign", `${k.utm_source} / ${k.utm_medium} / ${k.utm_campaign}`, n);
    if (k.utm_campaign) add(k.day, "utm_campaign", k.utm_campaign, n);
    add(k.day, "viewport", k.viewport, n);
    add(k.day, "browser", k.browser, n);
  }
  const months = new Map<string, number>();
  for (const [id, n] of totals) {
    const [day, dimension, value] = JSON.parse(id) as [string, string, string];
    await trx
      .insertInto("pageview_day_totals")
      .values({ day, dimension, value, views: n })
      .onConflict((oc) =>
        oc
          .columns(["day", "dimension", "value"])
          .doUpdateSet((eb) => ({ views: eb("pageview_day_totals.views", "+", eb.ref("excluded.views")) })),
      )
      .execute();
    const month = JSON.stringify([day.slice(0, 7), dimension, value]);
    months.set(month, (months.get(month) ?? 0) + n);
  }
  // The same per month (migration 032): what a period's whole months are read from.
  for (const [id, n] of months) {
    const [month, dimension, value] = JSON.parse(id) as [string, string, string];
    await trx
      .insertInto("pageview_month_totals")
      .values({ month, dimension, value, views: n })
      .onConflict((oc) =>
        oc
          .columns(["month", "dimension", "value"])
          .doUpdateSet((eb) => ({ views: eb("pageview_month_totals.views", "+", eb.ref("excluded.views")) })),
      )
      .execute();
  }
  await addVitalSamples(trx, rows);
  for (const { key, events } of steps.values()) {
    await trx
      .insertInto("form_rollups")
      .values({ ...key, events })
      .onConflict((oc) =>
        oc
          .columns(["day", "path", "form", "step"])
          .doUpdateSet((eb) => ({ events: eb("form_rollups.events", "+", eb.ref("excluded.events")) })),
      )
      .execute();
  }
}

/** Writes the totals of every day from `fromDay` (YYYY-MM-DD) again from the raw events. */
export async function rebuildRollups(storage: Storage, fromDay: string): Promise<void> {
  await storage.transaction(async (trx) => {
    await trx.deleteFrom("pageview_rollups").where("day", ">=", fromDay).execute();
    await trx.deleteFrom("form_rollups").where("day", ">=", fromDay).execute();
    await trx.deleteFrom("pageview_day_totals").where("day", ">=", fromDay).execute();
    await trx.deleteFrom("vital_rollups").where("day", ">=", fromDay).execute();
    await trx.deleteFrom("vital_attributions").where("day", ">=", fromDay).execute();
    await sql`
      insert into pageview_rollups (day, path, referrer_host, utm_source, utm_medium, utm_campaign, viewport, browser, views, entries)
      select substr(created_at, 1, 10), path, coalesce(referrer_host, ''), coalesce(utm_source, ''),
        coalesce(utm_medium, ''), coalesce(utm_campaign, ''), coalesce(viewport, ''), coalesce(browser, ''),
        count(*), sum(case when entry = 1 then 1 else 0 end)
      from analytics_events where type = 'pageview' and created_at >= ${fromDay}
      group by substr(created_at, 1, 10), path, coalesce(referrer_host, ''), coalesce(utm_source, ''),
        coalesce(utm_medium, ''), coalesce(utm_campaign, ''), coalesce(viewport, ''), coalesce(browser, '')`.execute(
      trx,
    );
    await dayTotalsFrom(fromDay).execute(trx);
    await sql`
      insert into form_rollups (day, path, form, step, events)
      select substr(created_at, 1, 10), path, coalesce(form, ''), coalesce(step, ''), count(*)
      from analytics_events where type = 'form' and created_at >= ${fromDay}
      group by substr(created_at, 1, 10), path, coalesce(form, ''), coalesce(step, '')`.execute(trx);
    await vitalRollupsFrom(trx, fromDay);
    await monthsFromDays(trx, fromDay.slice(0, 7), "9999-12");
  });
}
