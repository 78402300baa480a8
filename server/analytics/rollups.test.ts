/**
 * The daily totals (decision 057), SQLite and PostgreSQL: kept in step as batches arrive, they
 * equal a direct count of the raw events per day and label; the Web Vitals' histograms equal the
 * samples counted one by one into their buckets (with each bucket's largest value) and the slow
 * samples' attributions counted per element; rebuilt from the events they are the same rows; the
 * purge takes a day once the dailyTotals period has run out, and no earlier. The monthly histograms
 * (migration 032) equal the samples counted by month, through a rebuild and a purge that cuts a month.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AnalyticsEvent } from "../../contracts/analytics";
import type { CoreVital } from "../../contracts/dashboard";
import { bucketOf } from "../../contracts/vital-histogram";
import { buildApp } from "../app";
import { defaultRetention } from "../retention/retention-policy";
import { backends, useBackend } from "../test-support/backends";
import { insertEvents, purgeMeasurements } from "./analytics";
import { rebuildRollups } from "./rollups";

type App = Awaited<ReturnType<typeof buildApp>>;

const view = (path: string, extra: Partial<AnalyticsEvent> = {}) =>
  ({ type: "pageview", path, viewport: "lg", browser: "firefox", ...extra }) as AnalyticsEvent;
const step = (form: string, s: "shown" | "started" | "submit" | "success") =>
  ({ type: "form", path: "/contact", form, step: s }) as AnalyticsEvent;
const vital = (path: string, name: CoreVital, value: number, attribution?: string) =>
  ({ type: "vital", path, name, value, rating: "good", ...(attribution ? { attribution } : {}) }) as AnalyticsEvent;

describe.each(backends)("daily totals on %s", (backend) => {
  const env = useBackend(backend);
  let app: App;
  beforeAll(async () => {
    app = await buildApp(env.config, { serveSite: false });
    await app.ready();
  }, 60_000);
  afterAll(() => app.close());

  /** The raw events counted one by one here, not by SQL. */
  const direct = async () => {
    const counts = new Map<string, number>();
    const rows = await app.storage.db
      .selectFrom("analytics_events")
      .selectAll()
      .where("type", "=", "pageview")
      .execute();
    for (const r of rows) {
      const key = `${r.created_at.slice(0, 10)} ${r.path} ${r.referrer_host ?? ""} ${r.utm_campaign ?? ""} ${r.viewport}`;
      counts.set(key, (counts.get(key) ?? 0) + 1);
    }
    return [...counts].map(([key, n]) => `${key} ${n}`).sort();
  };
  const rolled = async () =>
    (
      await app.storage.db
        .selectFrom("pageview_rollups")
        .select((eb) => [
          "day",
          "path",
          "referrer_host",
          "utm_campaign",
          "viewport",
          eb.fn.sum<string | number>("views").as("n"),
        ])
        .groupBy(["day", "path", "referrer_host", "utm_campaign", "viewport"])
        .execute()
    )
      .map((r) => `${r.day} ${r.path} ${r.referrer_host} ${r.utm_campaign} ${r.viewport} ${Number(r.n)}`)
      .sort();
  const rollupRows = async () => ({
    views: await app.storage.db
      .selectFrom("pageview_rollups")
      .selectAll()
      .orderBy(["day", "path", "referrer_host", "utm_campaign", "viewport"])
      .execute(),
    forms: await app.storage.db
      .selectFrom("form_rollups")
      .selectAll()
      .orderBy(["day", "path", "form", "step"])
      .execute(),
    vitals: await app.storage.db
      .selectFrom("vital_rollups")
      .selectAll()
      .orderBy(["day", "path", "metric", "bucket"])
      .execute(),
    named: await app.storage.db
      .selectFrom("vital_attributions")
      .selectAll()
      .orderBy(["day", "path", "metric", "attribution"])
      .execute(),
  });

  /** The raw vital events put in their buckets one by one here: count and largest value per key. */
  const directHistogram = async (period: "day" | "month" = "day") => {
    const buckets = new Map<string, { n: number; max: number }>();
    const named = new Map<string, number>();
    const rows = await app.storage.db.selectFrom("analytics_events").selectAll().where("type", "=", "vital").execute();
    // Only the three Core Web Vitals have histograms.
    for (const r of rows.filter((e) => ["LCP", "INP", "CLS"].includes(e.metric ?? ""))) {
      const metric = r.metric as CoreVital;
      const value = Number(r.value);
      const key = `${r.created_at.slice(0, period === "day" ? 10 : 7)} ${r.path} ${metric} ${bucketOf(metric, value)}`;
      const b = buckets.get(key) ?? { n: 0, max: value };
      buckets.set(key, { n: b.n + 1, max: Math.max(b.max, value) });
      const over = { LCP: 2500, INP: 200, CLS: 0.1 }[metric];
      if (r.attribution && value > over) {
        const nkey = `${r.created_at.slice(0, 10)} ${r.path} ${metric} ${r.attribution}`;
        named.set(nkey, (named.get(nkey) ?? 0) + 1);
      }
    }
    return {
      buckets: [...buckets].map(([key, b]) => `${key} ${b.n} ${b.max}`).sort(),
      named: [...named].map(([key, n]) => `${key} ${n}`).sort(),
    };
  };
  /** The monthly histograms (migration 032), as `directHistogram("month")` writes its buckets. */
  const rolledMonths = async () =>
    (await app.storage.db.selectFrom("vital_month_rollups").selectAll().execute())
      .map((r) => `${r.month} ${r.path} ${r.metric} ${r.bucket} ${r.samples} ${r.max_value}`)
      .sort();
  const rolledHistogram = async () => {
    const { vitals, named } = await rollupRows();
    return {
      buckets: vitals.map((r) => `${r.day} ${r.path} ${r.metric} ${r.bucket} ${r.samples} ${r.max_value}`).sort(),
      named: named.map((r) => `${r.day} ${r.path} ${r.metric} ${r.attribution} ${r.samples}`).sort(),
    };
  };

  it("equal a direct count of the events, batch after batch, and a rebuild writes the same rows", async () => {
    const days = ["2026-02-27T10:00:00Z", "2026-02-28T23:59:59Z", "2026-03-01T00:00:00Z"].map((d) => new Date(d));
    for (const [i, at] of days.entries()) {
      await insertEvents(
        app.storage,
        [
          view("/", { entry: true, referrer: "news.example.org" }),
          view("/", { utmCampaign: "spring", entry: true }),
          view("/contact"),
        ],
        at,
      );
      await insertEvents(
        app.storage,
        [
          view("/", { referrer: "news.example.org" }),
          view("/contact", { viewport: "sm" } as never),
          step("contact", "shown"),
          step("contact", "shown"),
          step("contact", "success"),
        ],
        at,
      );
      if (i === 1) await insertEvents(app.storage, [view("/services/cloudservice", { utmCampaign: "spring" })], at);
      // Two batches a day into the same buckets: the second adds to the count and keeps the larger value.
      await insertEvents(
        app.storage,
        [
          vital("/", "LCP", 2450, "img.hero"),
          vital("/", "LCP", 2600, "img.hero"),
          vital("/", "INP", 212, "pointer button.menu"),
          vital("/", "CLS", 0.07),
        ],
        at,
      );
      await insertEvents(
        app.storage,
        [
          vital("/", "LCP", 2480, "img.hero"),
          vital("/", "LCP", 2550, "h1"),
          vital("/", "LCP", 2590, "img.hero"),
          vital("/", "CLS", 0.3, "div.banner"),
          vital("/", "LCP", 12_000),
          { type: "vital", path: "/", name: "TTFB", value: 300, rating: "good" } as AnalyticsEvent,
        ],
        at,
      );
    }
    expect(await rolledHistogram()).toEqual(await directHistogram());
    // The months hold the same samples: February's two days in one row per bucket, March's in another.
    expect(await rolledMonths()).toEqual((await directHistogram("month")).buckets);
    expect(await rolledMonths()).toContain("2026-02 / LCP 26 6 2600");
    // LCP's bucket (2,500, 2,600] got 2,600, 2,550 and 2,590 in two batches; TTFB is not kept.
    const lcp = await app.storage.db
      .selectFrom("vital_rollups")
      .selectAll()
      .where("day", "=", "2026-02-28")
      .where("metric", "=", "LCP")
      .where("bucket", "=", 26)
      .executeTakeFirstOrThrow();
    expect([lcp.samples, lcp.max_value]).toEqual([3, 2600]);
    expect((await rolledHistogram()).buckets.some((b) => b.includes("TTFB"))).toBe(false);
    expect((await rolledHistogram()).named).toContain("2026-02-28 / LCP img.hero 2");
    expect(await rolled()).toEqual(await direct());
    expect((await rolled()).length).toBeGreaterThan(6);
    const entries = await app.storage.db
      .selectFrom("pageview_rollups")
      .select((eb) => eb.fn.sum<string | number>("entries").as("n"))
      .executeTakeFirstOrThrow();
    expect(Number(entries.n)).toBe(6);
    const shown = await app.storage.db
      .selectFrom("form_rollups")
      .select("events")
      .where("day", "=", "2026-02-28")
      .where("step", "=", "shown")
      .executeTakeFirstOrThrow();
    expect(shown.events).toBe(2);

    // The totals by one label at a time agree with the raw events too: all views, and those of one page.
    const byLabel = async (dimension: string, value: string) =>
      (
        await app.storage.db
          .selectFrom("pageview_day_totals")
          .select("views")
          .where("dimension", "=", dimension)
          .where("value", "=", value)
          .execute()
      ).reduce((a, r) => a + r.views, 0);
    const raw = await app.storage.db
      .selectFrom("analytics_events")
      .selectAll()
      .where("type", "=", "pageview")
      .execute();
    expect(await byLabel("all", "")).toBe(raw.length);
    expect(await byLabel("path", "/contact")).toBe(raw.filter((e) => e.path === "/contact").length);
    expect(await byLabel("entry", "/")).toBe(raw.filter((e) => e.path === "/" && e.entry === 1).length);
    expect(await byLabel("utm_campaign", "spring")).toBe(raw.filter((e) => e.utm_campaign === "spring").length);

    const before = await rollupRows();
    const monthsBefore = await rolledMonths();
    // From the 28th: February's month is written again from both its days, not from the 28th alone.
    await rebuildRollups(app.storage, "2026-02-28");
    expect(await rollupRows()).toEqual(before);
    expect(await rolledMonths()).toEqual(monthsBefore);
  });

  it("are purged once the dailyTotals period has run out for their day", async () => {
    const settings = defaultRetention();
    // 25 months after 27 February 2026 is 27 March 2028: that day's totals go, the next day's stay.
    await purgeMeasurements(app.storage.db, new Date("2028-03-27T12:00:00Z"), settings);
    const days = async () =>
      [
        ...new Set((await app.storage.db.selectFrom("pageview_rollups").select("day").execute()).map((r) => r.day)),
      ].sort();
    expect(await days()).toEqual(["2026-02-28", "2026-03-01"]);
    const vitalDays = async (table: "vital_rollups" | "vital_attributions") =>
      [...new Set((await app.storage.db.selectFrom(table).select("day").execute()).map((r) => r.day))].sort();
    expect(await vitalDays("vital_rollups")).toEqual(["2026-02-28", "2026-03-01"]);
    expect(await vitalDays("vital_attributions")).toEqual(["2026-02-28", "2026-03-01"]);
    // February's month lost the 27th and keeps the 28th: each month holds what its remaining days hold.
    const byMonth = new Map<string, { n: number; max: number }>();
    for (const r of (await rollupRows()).vitals) {
      const key = `${r.day.slice(0, 7)} ${r.path} ${r.metric} ${r.bucket}`;
      const b = byMonth.get(key) ?? { n: 0, max: r.max_value };
      byMonth.set(key, { n: b.n + r.samples, max: Math.max(b.max, r.max_value) });
    }
    expect(await rolledMonths()).toEqual([...byMonth].map(([key, b]) => `${key} ${b.n} ${b.max}`).sort());
    expect(await rolledMonths()).toContain("2026-02 / LCP 26 3 2600");
  });
});
