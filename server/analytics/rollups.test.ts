/**
 * The daily totals (decision 057), SQLite and PostgreSQL: kept in step as batches arrive, they
 * equal a direct count of the raw events per day and label; rebuilt from the events they are the
 * same rows; the purge takes a day once the dailyTotals period has run out, and no earlier.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AnalyticsEvent } from "../../contracts/analytics";
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
  });

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
    }
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
    await rebuildRollups(app.storage, "2026-02-28");
    expect(await rollupRows()).toEqual(before);
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
  });
});
