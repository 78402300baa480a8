import matter from "gray-matter";
import fs from "node:fs";
import { PassThrough } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { analyticsPath, consentPath, cookiePolicyVersion, type AnalyticsEvent } from "../contracts/index";
import { buildApp } from "./app";
import { runCli } from "./cli/index";
import { loadConfig, type Config } from "./config";
import { percentile75, purgeMeasurements } from "./analytics/analytics";
import { retentionPolicy } from "./retention/retention-policy";
import { backends, useBackend } from "./test-support/backends";
import { legalPageText } from "./test-support/legal-pages";

type App = Awaited<ReturnType<typeof buildApp>>;

const origin = "https://www.altivacloud.com";
/** What navigator.sendBeacon sends for a string body. */
const beacon = { "content-type": "text/plain;charset=UTF-8", origin };

const view = (path: string, extra: Partial<AnalyticsEvent> = {}): AnalyticsEvent =>
  ({ type: "pageview", path, viewport: "lg", browser: "chrome", ...extra }) as AnalyticsEvent;
const vital = (path: string, name: string, value: number): AnalyticsEvent =>
  ({ type: "vital", path, name, value, rating: "good", attribution: "main>h1" }) as AnalyticsEvent;
const step = (form: string, s: string, reason?: string): AnalyticsEvent =>
  ({ type: "form", path: "/contact", form, step: s, ...(reason ? { reason } : {}) }) as AnalyticsEvent;

const consent = {
  consentId: "0123456789abcdef0123456789abcdef",
  action: "accept",
  performance: true,
  functional: true,
  marketing: true,
  policyVersion: cookiePolicyVersion,
  browserRefusal: false,
};

describe.each(backends)("measurement and consent records on %s", (backend) => {
  const env = useBackend(backend, { ANALYTICS_RATE_LIMIT_MAX: "0" });
  let app: App;
  let config: Config;
  let clock = new Date("2026-11-20T12:00:00Z");
  const now = () => clock;

  beforeAll(async () => {
    config = env.config;
    app = await buildApp(config, { serveSite: false, now });
  });
  afterAll(() => app.close());

  const send = (url: string, body: unknown, headers: Record<string, string> = beacon) =>
    app.inject({
      method: "POST",
      url,
      headers,
      payload: typeof body === "string" ? body : JSON.stringify(body),
    });
  const count = async (table: "analytics_events" | "consent_records") =>
    Number(
      (
        await app.storage.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<string | number>().as("n"))
          .executeTakeFirstOrThrow()
      ).n,
    );

  async function cli(...argv: string[]) {
    const out = new PassThrough();
    let stdout = "";
    out.on("data", (c) => (stdout += c));
    const envVars: Record<string, string> = { DATA_DIR: config.dataDir, LOG_LEVEL: "silent" };
    if (config.databaseUrl) envVars.DATABASE_URL = config.databaseUrl;
    const code = await runCli(argv, envVars, { out, err: new PassThrough(), now });
    return { code, stdout };
  }

  it("stores a beacon's batch, answers 204 without a cookie, and keeps no address or user agent", async () => {
    const res = await send(analyticsPath, { events: [view("/"), vital("/", "LCP", 1200)] });
    expect(res.statusCode).toBe(204);
    expect(res.headers["set-cookie"]).toBeUndefined();
    expect(await count("analytics_events")).toBe(2);
    const row = await app.storage.db
      .selectFrom("analytics_events")
      .selectAll()
      .where("type", "=", "pageview")
      .executeTakeFirstOrThrow();
    expect(Object.keys(row)).not.toContain("ip");
    expect(Object.keys(row)).not.toContain("user_agent");
    expect(JSON.stringify(row)).not.toContain("127.0.0.1");
  });

  it("keeps nothing measured on a preview link's page: its address carries the link's token", async () => {
    const before = await count("analytics_events");
    const preview = `/preview/${"eyJjIjoiY2FzZS1zdHVkaWVzIiwiaSI6MSwiZSI6MTc5OTk5OTk5OTk5OX0"}.${"a".repeat(43)}`;
    const res = await send(analyticsPath, {
      events: [view(preview), vital(preview, "LCP", 1200), view("/case-study")],
    });
    expect(res.statusCode).toBe(204);
    expect(await count("analytics_events")).toBe(before + 1);
    for (const table of ["analytics_events", "pageview_rollups", "vital_rollups", "vital_attributions"] as const) {
      const rows = await app.storage.db.selectFrom(table).select("path").where("path", "like", "/preview/%").execute();
      expect(rows, table).toEqual([]);
    }
    // A batch of nothing but a preview's measurements is answered as any other.
    expect((await send(analyticsPath, { events: [view(preview)] })).statusCode).toBe(204);
    expect(await count("analytics_events")).toBe(before + 1);
  });

  it("refuses what is not a batch: values typed into forms, bad shapes, other sites, big bodies", async () => {
    const before = await count("analytics_events");
    // A field value cannot ride along in a reason or a form name: their alphabet has no room for it.
    expect(
      (await send(analyticsPath, { events: [step("contact", "failure", "invalid:ada@example.com")] })).statusCode,
    ).toBe(400);
    expect((await send(analyticsPath, { events: [step("Ada Lovelace", "shown")] })).statusCode).toBe(400);
    expect((await send(analyticsPath, { events: [view("/contact?email=ada@example.com")] })).statusCode).toBe(400);
    expect((await send(analyticsPath, { events: [] })).statusCode).toBe(400);
    expect((await send(analyticsPath, "not json")).statusCode).toBe(400);
    expect(
      (await send(analyticsPath, { events: [{ type: "vital", path: "/", name: "FID", value: 3, rating: "good" }] }))
        .statusCode,
    ).toBe(400);
    const other = await send(analyticsPath, { events: [view("/")] }, { ...beacon, origin: "https://evil.example" });
    expect(other.statusCode).toBe(403);
    const huge = {
      events: Array.from({ length: 40 }, () => view(`/${"a".repeat(190)}`, { referrer: "b".repeat(250) })),
    };
    expect((await send(analyticsPath, huge)).statusCode).toBe(413);
    expect(
      (
        await send(
          analyticsPath,
          { events: [view("/")] },
          { ...beacon, "content-type": "application/x-www-form-urlencoded" },
        )
      ).statusCode,
    ).toBe(415);
    expect(await count("analytics_events")).toBe(before);
  });

  it("drops measurements from a browser that sends Global Privacy Control or Do Not Track", async () => {
    const before = await count("analytics_events");
    expect((await send(analyticsPath, { events: [view("/")] }, { ...beacon, "sec-gpc": "1" })).statusCode).toBe(204);
    expect((await send(analyticsPath, { events: [view("/")] }, { ...beacon, dnt: "1" })).statusCode).toBe(204);
    expect(await count("analytics_events")).toBe(before);
  });

  it("records each consent choice with the policy version and the time, and nothing else", async () => {
    const res = await send(consentPath, consent);
    expect(res.statusCode).toBe(204);
    expect(res.headers["set-cookie"]).toBeUndefined();
    expect((await send(consentPath, { ...consent, action: "withdraw", performance: false })).statusCode).toBe(204);
    const rows = await app.storage.db.selectFrom("consent_records").selectAll().orderBy("id").execute();
    expect(rows.map((r) => [r.consent_id, r.action, r.performance, r.policy_version, r.created_at])).toEqual([
      [consent.consentId, "accept", 1, cookiePolicyVersion, clock.toISOString()],
      [consent.consentId, "withdraw", 0, cookiePolicyVersion, clock.toISOString()],
    ]);
    expect((await send(consentPath, { ...consent, policyVersion: "2020-01-01" })).statusCode).toBe(400);
    expect((await send(consentPath, { ...consent, consentId: "ada@example.com" })).statusCode).toBe(400);
    expect((await send(consentPath, { ...consent, note: "x".repeat(2000) })).statusCode).toBe(413);
  });

  it("stats prints page views, referrers, campaigns, the form funnel and p75 Web Vitals, and writes JSON", async () => {
    await app.storage.db.deleteFrom("analytics_events").execute();
    const events: AnalyticsEvent[] = [
      view("/", {
        referrer: "www.google.com",
        utmSource: "newsletter",
        utmMedium: "email",
        utmCampaign: "autumn-2026",
      }),
      view("/"),
      view("/contact", { referrer: "www.google.com" }),
      view("/services/ai", { referrer: "news.ycombinator.com" }),
      step("contact", "shown"),
      step("contact", "shown"),
      step("contact", "started"),
      step("contact", "submit"),
      step("contact", "failure", "invalid:email,phone"),
      step("contact", "submit"),
      step("contact", "success"),
      // LCP on / : 1000, 2000, 3000, 4000 -> p75 (nearest rank) 3000, good 2 of 4.
      ...[1000, 2000, 3000, 4000].map((v) => vital("/", "LCP", v)),
      vital("/", "CLS", 0.05),
      vital("/", "CLS", 0.2),
      vital("/", "INP", 120),
    ];
    expect((await send(analyticsPath, { events })).statusCode).toBe(204);
    const jsonFile = `${config.dataDir}/stats.json`;
    const { code, stdout } = await cli("stats", "--days", "30", "--json", jsonFile);
    expect(code).toBe(0);
    expect(stdout).toMatch(/Page views per route\n\s+2\s+\/\n/);
    expect(stdout).toMatch(/2\s+www\.google\.com/);
    expect(stdout).toContain("newsletter / email / autumn-2026");
    expect(stdout).toContain("contact: 2 → 1 → 1, 50% (2 submit attempts)");
    expect(stdout).toContain("failed 1x: invalid:email,phone");
    expect(stdout).toMatch(/\/\s+LCP\s+p75\s+3000 ms\s+good\s+50%/);
    expect(stdout).toMatch(/\/\s+CLS\s+p75\s+0\.200\s+good\s+50%/);
    const report = JSON.parse(fs.readFileSync(jsonFile, "utf8"));
    expect(report.days).toBe(30);
    expect(report.pageViews[0]).toEqual({ path: "/", views: 2 });
    expect(report.forms[0]).toMatchObject({ form: "contact", shown: 2, started: 1, submitted: 2, sent: 1, rate: 0.5 });
    expect(report.vitals.find((v: { metric: string }) => v.metric === "LCP")).toEqual({
      path: "/",
      metric: "LCP",
      samples: 4,
      p75: 3000,
      good: 0.5,
    });
    const onlyJson = await cli("stats", "--json", "-");
    expect(JSON.parse(onlyJson.stdout).pageViews).toEqual(report.pageViews);
    // 31 days later the default 30-day window is empty; --days 60 still covers the events.
    clock = new Date(clock.getTime() + 31 * 24 * 60 * 60_000);
    expect(JSON.parse((await cli("stats", "--json", "-")).stdout).pageViews).toEqual([]);
    expect((await cli("stats", "--days", "60", "--json", "-")).stdout).toContain('"views": 2');
    clock = new Date("2026-11-20T12:00:00Z");
  });

  it("purges events after ANALYTICS_RETENTION_MONTHS and consent records after the policy's period", async () => {
    await app.storage.db.deleteFrom("analytics_events").execute();
    await app.storage.db.deleteFrom("consent_records").execute();
    const at = (iso: string) => {
      clock = new Date(iso);
    };
    at("2025-10-01T00:00:00Z"); // 14 months before the purge below
    await send(analyticsPath, { events: [view("/old")] });
    at("2023-10-01T00:00:00Z"); // 38 months before
    await send(consentPath, consent);
    at("2025-12-01T00:00:00Z"); // 12 months before: kept
    await send(analyticsPath, { events: [view("/recent")] });
    await send(consentPath, consent);
    at("2026-11-20T12:00:00Z");
    const result = await purgeMeasurements(app.storage.db, clock, config.retention);
    expect(result).toMatchObject({ events: 1, consentRecords: 1 });
    const paths = (await app.storage.db.selectFrom("analytics_events").select("path").execute()).map((r) => r.path);
    expect(paths).toEqual(["/recent"]);
    expect(await count("consent_records")).toBe(1);
  });
});

describe("the measurement endpoints' limits", () => {
  const env = useBackend("sqlite", { ANALYTICS_RATE_LIMIT_MAX: "3" });
  it("answers 429 past ANALYTICS_RATE_LIMIT_MAX beacons a minute from one address", async () => {
    const app = await buildApp(env.config, { serveSite: false });
    try {
      const codes: number[] = [];
      for (let i = 0; i < 5; i++) {
        const res = await app.inject({
          method: "POST",
          url: analyticsPath,
          headers: beacon,
          payload: JSON.stringify({ events: [view("/")] }),
        });
        codes.push(res.statusCode);
      }
      expect(codes).toEqual([204, 204, 204, 429, 429]);
    } finally {
      await app.close();
    }
  });
});

describe("what the Cookie Policy says and what the code does", () => {
  const policy = matter(fs.readFileSync("app/content/legal/cookies.md", "utf8"));
  const words = legalPageText("cookies");
  it("has the version the browser and the consent records use", () => {
    expect(new Date(policy.data.updated as string).toISOString().slice(0, 10)).toBe(cookiePolicyVersion);
  });
  it("states the retention periods the purge applies", () => {
    expect(words).toContain(`We keep these records for ${retentionPolicy.consentRecords.default / 12} years`);
    expect(words).toContain(`deleted after ${loadConfig({}).retention.analytics} months`);
  });
  it("p75 is the nearest-rank 75th percentile", () => {
    expect(percentile75([1, 2, 3, 4])).toBe(3);
    expect(percentile75([5])).toBe(5);
    expect(percentile75([1, 2, 3, 4, 5, 6, 7, 8])).toBe(6);
    expect(percentile75([])).toBe(0);
  });
});
