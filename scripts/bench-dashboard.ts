/**
 * `npm run bench:dashboard`: the marketing dashboard (decision 057) at a year of data, on SQLite
 * and on PostgreSQL (a throwaway cluster). Fills each fresh database with BENCH_EVENTS (default
 * 2,000,000) measurements spread over the 12 months before a fixed day (page views on 40 pages,
 * most without referrer or campaign, as visits move inside the site; form steps; LCP, INP and CLS
 * samples) and 5,000
 * enquiries with outcomes, writes the daily totals from them (`rebuildRollups`, as after a bulk
 * load), then asks the real server (Fastify inject, a marketing session) once cold and `runs` times
 * per case and prints the median, p95 and slowest answer in ms. BENCH_BACKENDS=sqlite (or
 * postgres) runs one. Target: p95 ≤ 500 ms for 12 months and for 30 days with a filter; the run
 * fails when one is missed.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "kysely";
import { permissionsOf, staffRoleNames } from "../contracts/staff/permissions";
import type { DashboardQuery } from "../contracts/dashboard";
import { dashboardRange } from "../server/analytics/dashboard-range";
import { rebuildRollups } from "../server/analytics/rollups";
import { buildApp } from "../server/app";
import { loadConfig } from "../server/config";
import { startPostgres } from "../server/test-support/postgres";
import { signedInStaff } from "../server/test-support/staff";
import { profileAnswer } from "./dashboard-profile";

const events = Number(process.env.BENCH_EVENTS ?? 2_000_000);
const backends = (process.env.BENCH_BACKENDS ?? "sqlite,postgres").split(",");
const runs = 20;
const origin = "https://www.altivacloud.com";
const today = new Date("2026-11-28T12:00:00Z");
/** A role of the house that reads the dashboard and no submission (marketing, from the table). */
const dashboardReader = staffRoleNames().find(
  (r) => permissionsOf(r).includes("dashboard:read") && !permissionsOf(r).some((p) => p.startsWith("submissions:")),
)!;
const yearMs = 365 * 24 * 3600_000;
const load = () =>
  os
    .loadavg()
    .map((n) => n.toFixed(1))
    .join(" ");

const pages = Array.from({ length: 40 }, (_, i) => (i === 0 ? "/" : `/services/page-${i}`));
const hosts = ["www.google.com", "www.bing.com", "www.linkedin.com", "news.example.org", "duckduckgo.com"];
const campaigns = ["spring", "autumn", "webinar", "newsletter-12", "launch"];
const viewports = ["lg", "lg", "lg", "md", "sm", "sm", "xl", "xs"];
const browsers = ["chrome", "chrome", "chrome", "safari", "safari", "firefox", "edge", "samsung", "other"];
const steps = ["shown", "shown", "started", "submit", "success"];
const vitalNames = ["LCP", "INP", "CLS"];
const selectors = ["img.hero", "h1", "main>p", "pointer button.menu", "div.banner"];

function event(n: number) {
  const created_at = new Date(today.getTime() - yearMs + Math.floor((n / events) * yearMs)).toISOString();
  const path = pages[((n * 7919) % 97) % pages.length]!;
  const base = {
    path,
    created_at,
    referrer_host: null as string | null,
    utm_source: null as string | null,
    utm_medium: null as string | null,
    utm_campaign: null as string | null,
    viewport: null as string | null,
    browser: null as string | null,
    form: null as string | null,
    step: null as string | null,
    reason: null,
    metric: null as string | null,
    value: null as number | null,
    rating: null,
    navigation_type: null,
    attribution: null as string | null,
    entry: null as number | null,
  };
  if (n % 10 === 9) return { ...base, type: "form" as const, form: "contact", step: steps[n % steps.length]! };
  if (n % 10 === 8) {
    // Web Vitals: LCP in 0.5–6.5 s, INP in 20–620 ms, CLS in 0–0.4, each naming one of a few elements.
    const metric = vitalNames[(n >> 3) % 3]!;
    const spread = ((n * 2654435761) % 1000) / 1000;
    const value = metric === "LCP" ? 500 + spread * 6000 : metric === "INP" ? 20 + spread * 600 : spread * 0.4;
    return { ...base, type: "vital" as const, metric, value, attribution: selectors[n % selectors.length]! };
  }
  // A visit's first view carries its referrer and campaign; the views after it, inside the site, none.
  const landing = n % 4 === 0;
  return {
    ...base,
    type: "pageview" as const,
    viewport: viewports[n % viewports.length]!,
    browser: browsers[(n >> 3) % browsers.length]!,
    entry: landing ? 1 : null,
    referrer_host: landing && n % 3 !== 0 ? hosts[(n >> 2) % hosts.length]! : null,
    ...(landing && n % 5 === 0
      ? { utm_source: "newsletter", utm_medium: "email", utm_campaign: campaigns[(n >> 4) % campaigns.length]! }
      : {}),
  };
}

const cases: [string, string][] = [
  ["12 months against the 12 before", "period=12m&compare=previous"],
  ["12 months, year over year", "period=12m&compare=year"],
  ["30 days, campaign filter", "period=30d&compare=previous&campaign=spring"],
  ["30 days, page and source filter", "period=30d&compare=previous&page=%2F&source=www.google.com"],
];

async function benchOn(backend: string) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-dashboard-"));
  const cluster = backend === "postgres" ? await startPostgres() : undefined;
  try {
    const env: Record<string, string> = { DATA_DIR: dataDir, LOG_LEVEL: "silent", SITE_URL: origin };
    if (cluster) env.DATABASE_URL = await cluster.createDatabase("bench_dashboard");
    const app = await buildApp(loadConfig(env), { serveSite: false, now: () => today });
    const { db } = app.storage;
    console.log(`${backend}: filling ${events.toLocaleString("en")} events…`);
    const filled = Date.now();
    // 1,000 rows a statement: PostgreSQL's parameters stay under its 65,535.
    for (let i = 0; i < events; i += 1000) {
      await db
        .insertInto("analytics_events")
        .values(Array.from({ length: Math.min(1000, events - i) }, (_, j) => event(i + j)))
        .execute();
    }
    const enquiries = Array.from({ length: 5000 }, (_, n) => ({
      kind: "contact" as const,
      first_name: "Bench",
      last_name: "Lead",
      email: `lead${n}@example.com`,
      message: "We want to move our billing platform to AWS this quarter.",
      ip: "",
      spam: 0,
      selected: 0,
      created_at: new Date(today.getTime() - yearMs + Math.floor((n / 5000) * yearMs)).toISOString(),
      status: n % 3 ? "answered" : "new",
      source_path: pages[n % pages.length]!,
      source_referrer: n % 2 ? hosts[n % hosts.length]! : null,
      source_campaign: n % 5 === 0 ? campaigns[n % campaigns.length]! : null,
      outcome: n % 7 === 0 ? "won" : n % 7 === 1 ? "qualified" : n % 7 === 2 ? "lost" : null,
      outcome_value: n % 7 === 0 ? 1_000_000 + n : null,
      outcome_currency: n % 7 === 0 ? "EUR" : null,
    }));
    for (let i = 0; i < enquiries.length; i += 500)
      await db
        .insertInto("submissions")
        .values(enquiries.slice(i, i + 500))
        .execute();
    const rolled = Date.now();
    await rebuildRollups(app.storage, "2000-01-01");
    if (cluster) await sql`analyze`.execute(db);
    const totals = await db
      .selectFrom("pageview_rollups")
      .select((eb) => eb.fn.countAll<string | number>().as("n"))
      .executeTakeFirstOrThrow();
    console.log(
      `${backend}: filled in ${((rolled - filled) / 1000).toFixed(1)} s, daily totals (${Number(totals.n).toLocaleString("en")} rows) in ${((Date.now() - rolled) / 1000).toFixed(1)} s`,
    );
    const { cookie } = await signedInStaff(db, { role: dashboardReader, name: "Bench Marketing" }, today);
    const ask = async (query: string) => {
      const res = await app.inject({ method: "GET", url: `/admin/api/dashboard?${query}`, headers: { cookie } });
      if (res.statusCode !== 200) throw new Error(`${query}: ${res.statusCode} ${res.body}`);
    };
    const t0 = performance.now();
    await ask(cases[0]![1]);
    const cold = performance.now() - t0;
    const timings = [];
    for (const [name, query] of cases) {
      const times: number[] = [];
      for (let i = 0; i < runs; i++) {
        const t = performance.now();
        await ask(query);
        times.push(performance.now() - t);
      }
      times.sort((a, b) => a - b);
      timings.push({
        name,
        median: times[runs / 2]!,
        p95: times[Math.ceil(runs * 0.95) - 1]!,
        slowest: times.at(-1)!,
        load: load(),
      });
    }
    // Where the 12-month answer's time goes, query by query, without HTTP.
    const span = dashboardRange({ period: "12m", compare: "previous" } as DashboardQuery, today);
    if ("error" in span) throw new Error(span.error);
    const profile = await profileAnswer({ dataDir, databaseUrl: env.DATABASE_URL }, span.range, span.previous);
    await app.close();
    return { timings, cold, profile };
  } finally {
    cluster?.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

const failures: string[] = [];
console.log(`load average before: ${load()} (${os.cpus().length} cores)`);
for (const backend of backends) {
  const { timings, cold, profile } = await benchOn(backend);
  const ms = (n: number) => n.toFixed(1).padStart(9);
  console.log(
    `\n${`${backend} (ms, ${runs} runs)`.padEnd(40)}${"median".padStart(9)}${"p95".padStart(9)}${"slowest".padStart(9)}  load average after`,
  );
  console.log(`${"first answer (cold)".padEnd(40)}${ms(cold)}`);
  for (const t of timings) {
    console.log(`${t.name.padEnd(40)}${ms(t.median)}${ms(t.p95)}${ms(t.slowest)}  ${t.load}`);
    if (t.p95 > 500) failures.push(`${backend} ${t.name}: p95 ${t.p95.toFixed(0)} ms`);
  }
  console.log(`\n${backend}, 12 months against the 12 before without HTTP: ${profile.total.toFixed(1)} ms median`);
  for (const [table, t] of profile.byTable)
    console.log(`  ${table.padEnd(38)}${ms(t.ms)} ms median over ${t.queries} quer${t.queries === 1 ? "y" : "ies"}`);
}
console.log(`\nload average after: ${load()}`);
if (failures.length > 0) {
  console.error(`\nOver 500 ms: ${failures.join("; ")}`);
  process.exitCode = 1;
}
