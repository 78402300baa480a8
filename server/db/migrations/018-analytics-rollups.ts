/**
 * Migration 018: daily totals of the measurements (docs/decisions/057-marketing-dashboard.md), so
 * the dashboard reads a year without scanning raw events. `pageview_rollups` counts page views
 * (and entries, the document's first measured view) per day, page, referrer host, UTM source,
 * medium and campaign, screen class and browser family; `form_rollups` form steps per day, page,
 * form and step. "" stands for none, so each key is unique on both databases. Nothing personal
 * is in either: the same labels as the events, counted. The events already stored are summed in.
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
      await sql`
        insert into form_rollups (day, path, form, step, events)
        select substr(created_at, 1, 10), path, coalesce(form, ''), coalesce(step, ''), count(*)
        from analytics_events where type = 'form'
        group by substr(created_at, 1, 10), path, coalesce(form, ''), coalesce(step, '')`.execute(db);
    },
  };
}
