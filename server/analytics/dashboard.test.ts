/**
 * The dashboard's figures (decision 057) against the real server, SQLite and PostgreSQL, on a fixed
 * clock: for a seeded set of events, enquiries and outcomes every panel equals a count made here
 * from the raw rows (events and submissions, not the daily totals the server reads), for the last
 * 30 days against the 30 before, and with each filter; an enquiry from ?utm_campaign=spring that
 * sales mark won with a value shows under "spring" with that value; sales get the same lead funnel
 * without page views (and not the dashboard), marketing not that; a year over year across
 * 29 February compares the right days; the period's days are those date-fns gives.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AnalyticsEvent } from "../../contracts/analytics";
import { dashboardAnswer, outcomesAnswer, type BreakdownRow, type DashboardAnswer } from "../../contracts/dashboard";
import { formDefinitions } from "../../contracts/forms/index";
import { buildApp } from "../app";
import { insertSubmission } from "../submissions/submissions";
import { backends, useBackend } from "../test-support/backends";
import { validContact } from "../test-support/fixtures";
import { signedInStaff } from "../test-support/staff";
import { insertEvents } from "./analytics";
import { dashboardRange } from "./dashboard-range";
import { recordNotFound, referrerHostOf } from "./not-found";

type App = Awaited<ReturnType<typeof buildApp>>;
const origin = "https://www.altivacloud.com";
// 15 March 2028: the last 30 days are 15 February to 15 March (29 February among them).
const clock = new Date("2028-03-15T10:00:00.000Z");

const pages = ["/", "/contact", "/services/cloudservice"];
const hosts = [undefined, "news.example.org", "www.google.com"];
const campaigns = [undefined, "spring", "autumn"];
const viewports = ["sm", "lg", "xl"] as const;
const browsers = ["chrome", "firefox", "safari"] as const;

/** A deterministic spread of events over the day `at`, varied by `seed`. */
function eventsFor(seed: number): AnalyticsEvent[] {
  const out: AnalyticsEvent[] = [];
  for (let i = 0; i < 6; i++) {
    const k = seed + i;
    const campaign = campaigns[k % 3];
    out.push({
      type: "pageview",
      path: pages[k % 3]!,
      viewport: viewports[(k * 7) % 3]!,
      browser: browsers[(k * 5) % 3]!,
      ...(hosts[(k * 2) % 3] ? { referrer: hosts[(k * 2) % 3] } : {}),
      ...(campaign ? { utmSource: "newsletter", utmMedium: "email", utmCampaign: campaign } : {}),
      ...(i % 2 === 0 ? { entry: true as const } : {}),
    });
  }
  const steps = ["shown", "shown", "started", "submit", "success"] as const;
  for (const step of steps.slice(0, 2 + (seed % 4))) {
    out.push({ type: "form", path: pages[seed % 2]!, form: seed % 3 === 0 ? "feedback" : "contact", step });
  }
  return out;
}

describe.each(backends)("the dashboard on %s", (backend) => {
  const env = useBackend(backend, { RATE_LIMIT_MAX: "0", CONFIRMATION_EMAILS: "false" });
  let app: App;
  let marketing: string;
  let sales: string;

  const dashboard = async (query: string) => {
    const res = await app.inject({
      method: "GET",
      url: `/admin/api/dashboard?${query}`,
      headers: { cookie: marketing },
    });
    expect(res.statusCode, res.body).toBe(200);
    return dashboardAnswer.parse(res.json().data);
  };

  beforeAll(async () => {
    app = await buildApp(env.config, { serveSite: false, now: () => clock });
    await app.ready();
    marketing = (await signedInStaff(app.storage.db, { role: "marketing", name: "Mia Marketing" }, clock)).cookie;
    sales = (await signedInStaff(app.storage.db, { role: "sales", name: "Sam Sales" }, clock)).cookie;
    // 70 days of events up to today, and the same 70 days a year before, two batches a day.
    for (let d = 0; d < 70; d++) {
      for (const yearsBack of [0, 1]) {
        const at = new Date(Date.UTC(2028 - yearsBack, 2, 15 - d, 9));
        await insertEvents(app.storage, eventsFor(d), at);
        await insertEvents(app.storage, eventsFor(d + 3), new Date(at.getTime() + 3600_000));
      }
    }
    // Enquiries: sources and outcomes over both 30-day periods; one spam, never counted.
    const outcomes = [null, "qualified", "won", "lost", null] as const;
    for (let i = 0; i < 20; i++) {
      const at = new Date(Date.UTC(2028, 2, 15 - i * 3, 8));
      const { id } = await insertSubmission(
        app.storage,
        formDefinitions.contact,
        { ...validContact, email: `lead${i}@example.com` } as never,
        { ip: "192.0.2.1", userAgent: "Firefox", spam: i === 7, now: at },
        [],
      );
      await app.storage.db
        .updateTable("submissions")
        .set({
          source_path: i % 4 === 3 ? null : pages[i % 3]!,
          source_referrer: hosts[i % 3] ?? null,
          source_campaign: campaigns[(i + 1) % 3] ?? null,
          status: i % 3 === 0 ? "answered" : "new",
        })
        .where("id", "=", id)
        .execute();
      const outcome = outcomes[i % 5];
      if (outcome && i !== 7) {
        const body = outcome === "won" ? { outcome, value: 1000 + i, currency: i % 2 ? "EUR" : "USD" } : { outcome };
        const res = await app.inject({
          method: "POST",
          url: `/admin/api/submissions/${id}/outcome`,
          headers: { cookie: sales, origin, "content-type": "application/json" },
          payload: body,
        });
        expect(res.statusCode, res.body).toBe(200);
      }
    }
  }, 120_000);
  afterAll(() => app.close());

  /** The figures counted here from the raw rows of a range: the dashboard must show exactly these. */
  async function direct(range: { from: string; to: string }, f: { page?: string; source?: string; campaign?: string }) {
    const inRange = (iso: string) => iso.slice(0, 10) >= range.from && iso.slice(0, 10) <= range.to;
    const events = (await app.storage.db.selectFrom("analytics_events").selectAll().execute()).filter((e) =>
      inRange(e.created_at),
    );
    const views = events.filter(
      (e) =>
        e.type === "pageview" &&
        (!f.page || e.path === f.page) &&
        (!f.source || e.referrer_host === f.source) &&
        (!f.campaign || e.utm_campaign === f.campaign),
    );
    const count = (key: (e: (typeof views)[number]) => string | null, only = views) => {
      const m = new Map<string, number>();
      for (const e of only) {
        const k = key(e);
        if (k) m.set(k, (m.get(k) ?? 0) + 1);
      }
      return m;
    };
    const steps = events.filter((e) => e.type === "form" && (!f.page || e.path === f.page));
    const enquiries = (
      await app.storage.db.selectFrom("submissions").selectAll().where("kind", "=", "contact").execute()
    ).filter(
      (s) =>
        s.spam === 0 &&
        inRange(s.created_at) &&
        (!f.page || s.source_path === f.page) &&
        (!f.source || s.source_referrer === f.source) &&
        (!f.campaign || s.source_campaign === f.campaign),
    );
    return {
      total: views.length,
      pages: count((e) => e.path),
      entries: count(
        (e) => e.path,
        views.filter((e) => e.entry === 1),
      ),
      referrers: count((e) => e.referrer_host),
      campaigns: count((e) => (e.utm_campaign ? `${e.utm_source} / ${e.utm_medium} / ${e.utm_campaign}` : null)),
      devices: count((e) => e.viewport),
      browsers: count((e) => e.browser),
      perDay: count((e) => e.created_at.slice(0, 10)),
      step: (form: string, step: string) => steps.filter((s) => s.form === form && s.step === step).length,
      forms: [...new Set(steps.map((s) => s.form!))].sort(),
      enquiries,
    };
  }

  const asMap = (rows: BreakdownRow[], which: "value" | "previous") => new Map(rows.map((r) => [r.key, r[which]]));
  const topOf = (m: Map<string, number>) =>
    new Map([...m].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).slice(0, 10));

  async function expectEveryPanel(
    answer: DashboardAnswer,
    f: { page?: string; source?: string; campaign?: string } = {},
  ) {
    for (const [range, which] of [
      [answer.range, "value"],
      [answer.previousRange!, "previous"],
    ] as const) {
      const d = await direct(range, f);
      expect(answer.views.total[which], `total ${which}`).toBe(d.total);
      if (which === "value")
        expect(answer.views.days.map((x) => [x.day, x.value]).filter(([, v]) => v)).toEqual([...d.perDay].sort());
      else expect(answer.views.days.reduce((a, x) => a + (x.previous ?? 0), 0)).toBe(d.total);
      const panels = [
        ["topPages", d.pages],
        ["entryPages", d.entries],
        ["referrers", d.referrers],
        ["campaigns", d.campaigns],
        ["devices", d.devices],
        ["browsers", d.browsers],
      ] as const;
      for (const [panel, counted] of panels) {
        const shown = asMap(answer[panel], which);
        if (which === "value") expect(shown, panel).toEqual(topOf(counted));
        else for (const [key, n] of shown) expect(n, `${panel} ${key} before`).toBe(counted.get(key) ?? 0);
      }
      if (which === "value") expect(answer.forms.map((r) => r.form)).toEqual(d.forms);
      for (const row of answer.forms) {
        for (const [stage, step] of [
          ["shown", "shown"],
          ["started", "started"],
          ["sent", "submit"],
          ["accepted", "success"],
        ] as const) {
          expect(row[stage][which], `${row.form} ${stage} ${which}`).toBe(d.step(row.form, step));
        }
      }
      // The lead funnel, over all and by campaign, against the submissions themselves.
      const funnel = (rows: typeof d.enquiries) => ({
        enquiries: rows.length,
        answered: rows.filter((s) => s.outcome !== null || ["answered", "closed"].includes(s.status)).length,
        qualified: rows.filter((s) => s.outcome === "qualified" || s.outcome === "won").length,
        won: rows.filter((s) => s.outcome === "won").length,
      });
      const pick = (row: DashboardAnswer["leads"]["total"]) => ({
        enquiries: row.enquiries[which],
        answered: row.answered[which],
        qualified: row.qualified[which],
        won: row.won[which],
      });
      expect(pick(answer.leads.total)).toEqual(funnel(d.enquiries));
      for (const row of answer.leads.byCampaign) {
        expect(pick(row), `campaign ${row.key}`).toEqual(
          funnel(d.enquiries.filter((s) => (s.source_campaign ?? "") === row.key)),
        );
        if (row.key) expect(row.views?.[which], `campaign ${row.key} views`).toBe(campaignViews(d, row.key));
      }
      for (const row of answer.leads.bySource) {
        expect(pick(row), `source ${row.key}`).toEqual(
          funnel(d.enquiries.filter((s) => (s.source_referrer ?? "") === row.key)),
        );
      }
      for (const row of answer.leads.byPage) {
        expect(pick(row), `page ${row.key}`).toEqual(
          funnel(d.enquiries.filter((s) => (s.source_path ?? "") === row.key)),
        );
      }
      const wonValue = new Map<string, number>();
      for (const s of d.enquiries.filter((s) => s.outcome === "won"))
        wonValue.set(s.outcome_currency!, (wonValue.get(s.outcome_currency!) ?? 0) + Number(s.outcome_value) / 100);
      const shownValue = answer.leads.total.wonValue.flatMap((m) =>
        m[which] ? [[m.currency, m[which]] as const] : [],
      );
      expect(new Map(shownValue)).toEqual(wonValue);
    }
  }
  /** The page views of a campaign in a range (any source and medium), from the raw events. */
  const campaignViews = (d: Awaited<ReturnType<typeof direct>>, campaign: string) =>
    [...d.campaigns].filter(([k]) => k.endsWith(` / ${campaign}`)).reduce((a, [, n]) => a + n, 0);

  it("shows, for the last 30 days against the 30 before, exactly what the raw rows count, in every panel", async () => {
    const answer = await dashboard("period=30d&compare=previous");
    expect(answer.range).toEqual({ from: "2028-02-15", to: "2028-03-15" });
    expect(answer.previousRange).toEqual({ from: "2028-01-16", to: "2028-02-14" });
    expect(answer.views.days).toHaveLength(30);
    expect(answer.views.total.value).toBeGreaterThan(0);
    expect(answer.views.total.previous).toBeGreaterThan(0);
    expect(answer.leads.total.won.value).toBeGreaterThan(0);
    await expectEveryPanel(answer);
  });

  it("shows, for 12 months against the 12 before, exactly what the raw rows count: whole months and the days at each end", async () => {
    // March 2027's first half lies before the period and in its first month: reading that month
    // whole (migration 032's monthly totals) would count it twice, now and in the period before.
    const answer = await dashboard("period=12m&compare=previous");
    expect(answer.range).toEqual({ from: "2027-03-16", to: "2028-03-15" });
    // 366 days (29 February 2028 is in it), and as many before.
    expect(answer.previousRange).toEqual({ from: "2026-03-15", to: "2027-03-15" });
    expect(answer.views.total.value).toBeGreaterThan(0);
    expect(answer.views.total.previous).toBeGreaterThan(0);
    await expectEveryPanel(answer);
  });

  it("applies each filter to every figure it concerns", async () => {
    for (const query of ["page=%2Fcontact", "source=news.example.org", "campaign=spring"]) {
      const answer = await dashboard(`period=30d&compare=previous&${query}`);
      const f = Object.fromEntries(new URLSearchParams(query));
      await expectEveryPanel(answer, f);
    }
  });

  it("shows an enquiry from ?utm_campaign=spring that sales marked won, with its value, under spring", async () => {
    const { id } = await insertSubmission(
      app.storage,
      formDefinitions.contact,
      { ...validContact, email: "spring.buyer@example.com" } as never,
      { ip: "192.0.2.9", userAgent: "Firefox", spam: false, now: new Date("2028-03-14T12:00:00Z") },
      [],
    );
    await app.storage.db
      .updateTable("submissions")
      .set({ source_path: "/services/cloudservice", source_campaign: "spring", source_referrer: null })
      .where("id", "=", id)
      .execute();
    const before = (await dashboard("period=7d&compare=none")).leads.byCampaign.find((r) => r.key === "spring");
    const res = await app.inject({
      method: "POST",
      url: `/admin/api/submissions/${id}/outcome`,
      headers: { cookie: sales, origin, "content-type": "application/json" },
      payload: { outcome: "won", value: 48000, currency: "GBP" },
    });
    expect(res.statusCode).toBe(200);
    const spring = (await dashboard("period=7d&compare=none")).leads.byCampaign.find((r) => r.key === "spring")!;
    expect(spring.won.value).toBe((before?.won.value ?? 0) + 1);
    expect(spring.wonValue).toContainEqual({ currency: "GBP", value: 48000, previous: null });
  });

  it("gives sales the lead funnel of every enquiry without page views, as the dashboard counts it, and marketing none", async () => {
    const withoutViews = (leads: DashboardAnswer["leads"]) => {
      const strip = (r: DashboardAnswer["leads"]["total"]) => ({ ...r, views: null });
      return {
        total: strip(leads.total),
        bySource: leads.bySource.map(strip),
        byCampaign: leads.byCampaign.map(strip),
        byPage: leads.byPage.map(strip),
      };
    };
    for (const query of [
      "period=30d&compare=previous",
      "period=30d&compare=year&campaign=spring",
      "period=12m&compare=none&page=%2Fcontact",
    ]) {
      const res = await app.inject({
        method: "GET",
        url: `/admin/api/dashboard/outcomes?${query}`,
        headers: { cookie: sales },
      });
      expect(res.statusCode, res.body).toBe(200);
      const outcomes = outcomesAnswer.parse(res.json().data);
      const whole = await dashboard(query);
      // The dashboard's lead figures equal a direct count (the tests above); these are the same.
      expect(outcomes).toEqual({
        range: whole.range,
        previousRange: whole.previousRange,
        leads: withoutViews(whole.leads),
      });
    }
    expect(
      (await app.inject({ method: "GET", url: "/admin/api/dashboard?period=30d", headers: { cookie: sales } }))
        .statusCode,
    ).toBe(403);
    expect(
      (await app.inject({ method: "GET", url: "/admin/api/dashboard/outcomes", headers: { cookie: marketing } }))
        .statusCode,
    ).toBe(403);
  });

  it("compares a period across 29 February with the same days a year before", async () => {
    const answer = await dashboard("period=custom&from=2028-02-28&to=2028-03-01&compare=year");
    expect(answer.range).toEqual({ from: "2028-02-28", to: "2028-03-01" });
    expect(answer.previousRange).toEqual({ from: "2027-02-28", to: "2027-03-01" });
    expect(answer.views.days.map((d) => d.day)).toEqual(["2028-02-28", "2028-02-29", "2028-03-01"]);
    await expectEveryPanel(answer);
  });

  it("lists pages not found by path and referring site, without query strings or anything not of a path's shape", async () => {
    const at = new Date("2028-03-14T08:00:00Z");
    for (const host of ["partner.example.com", "partner.example.com", ""])
      await recordNotFound(app.storage, "/old-page", host, at);
    expect(await recordNotFound(app.storage, "/old-page?id=7", "", at)).toBe(false);
    expect(await recordNotFound(app.storage, "/mail/ada@example.com", "", at)).toBe(false);
    expect(referrerHostOf("https://Partner.Example.com/links?id=7")).toBe("partner.example.com");
    expect(referrerHostOf("not a url")).toBe("");
    const rows = (await dashboard("period=7d&compare=previous")).notFound;
    expect(rows).toEqual([
      { key: "/old-page", referrer: "partner.example.com", value: 2, previous: 0 },
      { key: "/old-page", referrer: "", value: 1, previous: 0 },
    ]);
    const stored = await app.storage.db.selectFrom("not_found_counts").selectAll().orderBy("hits", "desc").execute();
    expect(stored.map((r) => [r.path, r.referrer_host, r.hits])).toEqual([
      ["/old-page", "partner.example.com", 2],
      ["/old-page", "", 1],
    ]);
  });

  it("refuses a period it cannot read, and a filter that is not of the measurements' shapes", async () => {
    for (const query of [
      "period=custom&from=2028-03-02&to=2028-03-01",
      "period=week",
      "source=Someone%40example.com",
      "page=contact",
    ]) {
      const res = await app.inject({
        method: "GET",
        url: `/admin/api/dashboard?${query}`,
        headers: { cookie: marketing },
      });
      expect(res.statusCode, query).toBe(400);
    }
  });
});

describe("the dashboard's periods", () => {
  const range = (period: string, compare: string, at: string, extra = {}) =>
    dashboardRange({ period, compare, ...extra } as never, new Date(at));
  it("are the days date-fns gives, leap days included", () => {
    expect(range("today", "year", "2028-02-29T12:00:00Z")).toEqual({
      range: { from: "2028-02-29", to: "2028-02-29" },
      previous: { from: "2027-02-28", to: "2027-02-28" },
    });
    expect(range("12m", "previous", "2028-02-29T12:00:00Z")).toEqual({
      range: { from: "2027-03-01", to: "2028-02-29" },
      previous: { from: "2026-02-28", to: "2027-02-28" },
    });
    expect(range("month", "previous", "2028-03-03T00:30:00Z")).toEqual({
      range: { from: "2028-03-01", to: "2028-03-03" },
      previous: { from: "2028-02-27", to: "2028-02-29" },
    });
    expect(range("7d", "none", "2028-03-03T23:59:00Z")).toEqual({
      range: { from: "2028-02-26", to: "2028-03-03" },
      previous: null,
    });
  });
});
