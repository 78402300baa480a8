/**
 * Migration 018: daily totals of the measurements (docs/decisions/057-marketing-dashboard.md), so
 * the dashboard reads a year without scanning raw events. `pageview_rollups` counts page views
 * (and entries, the document's first measured view) per day, page, referrer host, UTM source,
 * medium and campaign, screen class and browser family; `form_rollups` form steps per day, page,
 * form and step; `pageview_day_totals` the same page views summed per day and one label at a
 * time (page, entry page, referrer, campaign, screen class, browser), which is what the dashboard
 * reads when nothing is filtered: a year is then about 70 rows a day, not every combination of
 * labels. "" stands for none, so each key is unique on both databases. Nothing personal is in any:
 * the same labels as the events, counted. The events already stored are summed in.
 */
import { type Kysely, type Migration, sql } from "kysely";

const pageviewKey = [
  "day",
  "path",
  "referrer_host",
  "utm_source",
  "utm_medium",
  "utm_campaign",
  "viewport",
  "browser",
] as const;
const formKey = ["day", "path", "form", "step"] as const;

/**
 * Writes `pageview_day_totals` from `pageview_rollups` for the days from `fromDay` (the rows of
 * those days must be gone first): the migration's backfill and server/analytics/rollups.ts's rebuild.
 */
export function dayTotalsFrom(fromDay: string) {
  return sql`
    insert into pageview_day_totals (day, dimension, value, views)
    select day, 'all', '', sum(views) from pageview_rollups where day >= ${fromDay} group by day
    union all select day, 'path', path, sum(views) from pageview_rollups where day >= ${fromDay} group by day, path
    union all select day, 'entry', path, sum(entries) from pageview_rollups where day >= ${fromDay} and entries > 0 group by day, path
    union all select day, 'referrer', referrer_host, sum(views) from pageview_rollups
      where day >= ${fromDay} and referrer_host <> '' group by day, referrer_host
    union all select day, 'campaign', utm_source || ' / ' || utm_medium || ' / ' || utm_campaign, sum(views) from pageview_rollups
      where day >= ${fromDay} and (utm_source <> '' or utm_medium <> '' or utm_campaign <> '')
      group by day, utm_source, utm_medium, utm_campaign
    union all select day, 'utm_campaign', utm_campaign, sum(views) from pageview_rollups
      where day >= ${fromDay} and utm_campaign <> '' group by day, utm_campaign
    union all select day, 'viewport', viewport, sum(views) from pageview_rollups where day >= ${fromDay} group by day, viewport
    union all select day, 'browser', browser, sum(views) from pageview_rollups where day >= ${fromDay} group by day, browser`;
}

export function analyticsRollupsMigration(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable("analytics_events").addColumn("entry", "integer").execute();
      let pageviews = db.schema.createTable("pageview_rollups");
      for (const column of pageviewKey) pageviews = pageviews.addColumn(column, "text", (c) => c.notNull());
      await pageviews
        .addColumn("views", "integer", (c) => c.notNull())
        .addColumn("entries", "integer", (c) => c.notNull())
        .addPrimaryKeyConstraint("pageview_rollups_key", [...pageviewKey] as never)
        .execute();
      let forms = db.schema.createTable("form_rollups");
      for (const column of formKey) forms = forms.addColumn(column, "text", (c) => c.notNull());
      await forms
        .addColumn("events", "integer", (c) => c.notNull())
        .addPrimaryKeyConstraint("form_rollups_key", [...formKey] as never)
        .execute();
      await sql`
        insert into pageview_rollups (day, path, referrer_host, utm_source, utm_medium, utm_campaign, viewport, browser, views, entries)
        select substr(created_at, 1, 10), path, coalesce(referrer_host, ''), coalesce(utm_source, ''),
          coalesce(utm_medium, ''), coalesce(utm_campaign, ''), coalesce(viewport, ''), coalesce(browser, ''), count(*), 0
        from analytics_events where type = 'pageview'
        group by substr(created_at, 1, 10), path, coalesce(referrer_host, ''), coalesce(utm_source, ''),
          coalesce(utm_medium, ''), coalesce(utm_campaign, ''), coalesce(viewport, ''), coalesce(browser, '')`.execute(
        db,
      );
      await db.schema
        .createTable("pageview_day_totals")
        .addColumn("day", "text", (c) => c.notNull())
        .addColumn("dimension", "text", (c) => c.notNull())
        .addColumn("value", "text", (c) => c.notNull())
        .addColumn("views", "integer", (c) => c.notNull())
        .addPrimaryKeyConstraint("pageview_day_totals_key", ["day", "dimension", "value"] as never)
        .execute();
      // A filter reads the detailed totals of one label over a period.
      for (const column of ["path", "referrer_host", "utm_campaign"]) {
        await db.schema
          .createIndex(`pageview_rollups_${column}`)
          .on("pageview_rollups")
          .columns([column, "day"])
          .execute();
      }
      await dayTotalsFrom("0000-00-00").execute(db);
      await sql`
        insert into form_rollups (day, path, form, step, events)
        select substr(created_at, 1, 10), path, coalesce(form, ''), coalesce(step, ''), count(*)
        from analytics_events where type = 'form'
        group by substr(created_at, 1, 10), path, coalesce(form, ''), coalesce(step, '')`.execute(db);
    },
  };
}
