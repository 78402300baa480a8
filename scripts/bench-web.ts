/**
 * `npm run bench:web`: builds the site, starts the real server on loopback and runs Lighthouse 12
 * (mobile defaults: simulated slow 4G and 4x CPU slowdown) on every route of the page table plus
 * one case study, one case-study category and one role's page (/career/<slug>), with the Chromium the tests use. Prints the median
 * of BENCH_RUNS runs (3) per route and writes every run to reports/lighthouse.json.
 *
 * BENCH_ROUTES=/,/contact limits the routes; BENCH_ROUTES=served measures only the pages the server
 * renders per request (/career and an open role's page, `npm run bench:served`); BENCH_SKIP_BUILD=1
 * reuses the current build.
 * BENCH_STATIC=/work/astrowind/dist measures a static build instead, served as bench-nav serves it
 * (BENCH_ROUTES required, nothing of ours is built): another site in the very same harness.
 * BENCH_STATIC_HEADERS='{"Cross-Origin-Opener-Policy":"same-origin"}' adds headers to its answers.
 *
 * BENCH_THROTTLING=devtools measures with DevTools' throttling instead of the simulation (the page
 * really loads on a throttled line and CPU), and BENCH_CPU=6 sets the CPU slowdown (4 by default):
 * issue 45's outside run compared TTI under DevTools throttling at CPU 6×.
 *
 * The TBT column is Lighthouse's own total-blocking-time, every task counted, as Lighthouse's CLI
 * reports it, and the target is read from it. Every run also records the long tasks of Lighthouse's simulated timeline, with the time each
 * blocks after first paint (past 50 ms), and a route whose median TBT misses the target lists
 * them: which work (the document's own parse, style and layout, "Unattributable" browser work such
 * as the navigation's commit, or a script) makes its TBT. The "own" column is the median of what
 * the page's documents and scripts block in those tasks, without the unattributable ones: the part
 * of TBT the page's code decides (docs/benchmarks.md, "What TBT is made of").
 */
import * as chromeLauncher from "chrome-launcher";
import lighthouse, { type Flags, type RunnerResult } from "lighthouse";
import { execSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { chromiumArgs, findChromium } from "./browser";
import { servedRoutes, siteRoutes, startLocalServer } from "./local-server";
import { serveStatic } from "./static-server";

const runs = Number(process.env.BENCH_RUNS ?? 3);
const targets = {
  performance: 100,
  accessibility: 100,
  "best-practices": 100,
  seo: 100,
  lcp: 1200,
  tbt: 50,
  cls: 0,
};
const categories = ["performance", "accessibility", "best-practices", "seo"] as const;

interface RunFigures {
  scores: Record<(typeof categories)[number], number>;
  /** First contentful paint: where TBT starts counting. */
  fcp: number;
  /** Time to interactive (Lighthouse's "interactive" audit). */
  tti: number;
  lcp: number;
  tbt: number;
  cls: number;
  bytes: number;
  /** Audits that did not pass in a non-performance category: what stands between the page and 100. */
  failing: string[];
  /** Lighthouse's simulated long tasks, each with the time it blocks after first paint. */
  longTasks: LongTask[];
}

interface LongTask {
  /** The script or document the task is attributed to, its path only ("Unattributable" when none). */
  source: string;
  start: number;
  duration: number;
  /** What it blocks: the time it runs after first paint, past 50 ms. */
  blocking: number;
}

/**
 * Lighthouse's long-tasks audit, in a simulated timeline like the one TBT is computed on, each
 * task's blocking time counted from first paint as TBT counts it. Lighthouse blends two
 * simulations for the metric and reports one for the audit, so their sum is close to TBT, not
 * equal to it: enough to say which work makes a page's TBT.
 */
function longTasks(result: RunnerResult): LongTask[] {
  const { lhr } = result;
  const fcp = lhr.audits["first-contentful-paint"]?.numericValue ?? 0;
  const details = lhr.audits["long-tasks"]?.details as {
    items?: { url: string; startTime: number; duration: number }[];
  };
  return (details?.items ?? [])
    .map((t) => {
      const blocking = Math.max(0, t.startTime + t.duration - Math.max(t.startTime, fcp) - 50);
      const source = URL.canParse(t.url) ? new URL(t.url).pathname : t.url;
      return {
        source,
        start: Math.round(t.startTime),
        duration: Math.round(t.duration),
        blocking: Math.round(blocking),
      };
    })
    .sort((a, b) => a.start - b.start);
}

/** What the page's own documents and scripts block: every long task but the unattributable. */
const ownBlocking = (tasks: LongTask[]) =>
  tasks.filter((t) => t.source !== "Unattributable").reduce((sum, t) => sum + t.blocking, 0);

function figures(result: RunnerResult): RunFigures {
  const { lhr } = result;
  const numeric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  const failing = new Set<string>();
  for (const id of ["accessibility", "best-practices", "seo"]) {
    for (const ref of lhr.categories[id]?.auditRefs ?? []) {
      const audit = lhr.audits[ref.id];
      if (ref.weight > 0 && audit && audit.score !== null && audit.score < 1) failing.add(`${id}: ${ref.id}`);
    }
  }
  return {
    scores: Object.fromEntries(
      categories.map((c) => [c, Math.round((lhr.categories[c]?.score ?? 0) * 100)]),
    ) as RunFigures["scores"],
    fcp: numeric("first-contentful-paint"),
    tti: numeric("interactive"),
    lcp: numeric("largest-contentful-paint"),
    tbt: numeric("total-blocking-time"),
    cls: numeric("cumulative-layout-shift"),
    bytes: numeric("total-byte-weight"),
    failing: [...failing],
    longTasks: longTasks(result),
  };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] as number) : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}

const elsewhere = process.env.BENCH_STATIC;
const throttling = process.env.BENCH_THROTTLING === "devtools" ? "devtools" : "simulate";
const cpuSlowdown = Number(process.env.BENCH_CPU ?? 4);
if (elsewhere && !process.env.BENCH_ROUTES)
  throw new Error("BENCH_STATIC needs BENCH_ROUTES: the routes to measure there");
if (!process.env.BENCH_SKIP_BUILD && !elsewhere) execSync("npm run build", { stdio: "inherit" });

const server = elsewhere
  ? await serveStatic(path.resolve(elsewhere), JSON.parse(process.env.BENCH_STATIC_HEADERS ?? "{}"))
  : await startLocalServer();
const { base } = server;
const chrome = await chromeLauncher.launch({
  chromePath: findChromium(),
  chromeFlags: ["--headless=new", ...chromiumArgs],
});

/**
 * One Lighthouse run, repeated (up to three attempts) when Lighthouse reports that it could not
 * record the page load itself (for example NO_NAVSTART, a trace that lost its navigation start),
 * which says nothing about the page.
 */
async function measure(url: string, flags: Flags): Promise<RunnerResult> {
  for (let attempt = 1; ; attempt++) {
    const result = await lighthouse(url, flags);
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    if (!result.lhr.runtimeError) return result;
    if (attempt === 3) throw new Error(`${url}: ${result.lhr.runtimeError.message}`);
    console.warn(`\n${url}: ${result.lhr.runtimeError.code}, measuring again`);
  }
}

const report: Record<string, RunFigures[]> = {};
const fullDir = path.join("reports", "lighthouse");
fs.mkdirSync(fullDir, { recursive: true });
try {
  const routes =
    process.env.BENCH_ROUTES === "served"
      ? await servedRoutes(base)
      : process.env.BENCH_ROUTES
        ? process.env.BENCH_ROUTES.split(",").map((r) => r.trim())
        : await siteRoutes(base);
  // Each run is a first visit: Lighthouse's default reset keeps localStorage and cookies, where the
  // brand face's head script remembers a file the reset HTTP cache no longer holds (decision 044).
  const flags: Flags = {
    port: chrome.port,
    throttlingMethod: throttling,
    throttling: { cpuSlowdownMultiplier: cpuSlowdown },
    output: "json",
    logLevel: "error",
    clearStorageTypes: ["file_systems", "shader_cache", "service_workers", "cache_storage", "local_storage", "cookies"],
  };
  for (const route of routes) {
    report[route] = [];
    for (let i = 0; i < runs; i++) {
      const result = await measure(`${base}${route}`, flags);
      report[route].push(figures(result));
      // The full report of the last run, for the diagnostics (LCP element, render-blocking files).
      if (i === runs - 1)
        fs.writeFileSync(
          path.join(fullDir, `${route.slice(1).replaceAll("/", "_") || "home"}.json`),
          result.report as string,
        );
    }
    process.stdout.write(".");
  }
} finally {
  await chrome.kill();
  server.stop();
}

const cpu = os.cpus();
console.log(
  `\n\nLighthouse 12, mobile, ${throttling === "devtools" ? "DevTools" : "simulated"} throttling, CPU ${cpuSlowdown}×, median of ${runs} runs; ${cpu.length} cores, ${cpu[0]?.model ?? "unknown CPU"}, load average ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(" ")}`,
);
console.log(
  "TBT is Lighthouse's own (every task); own: the part of it Lighthouse's long-tasks audit attributes to the page's documents and scripts\n",
);
const head = ["route", "perf", "a11y", "bp", "seo", "FCP ms", "LCP ms", "TTI ms", "TBT ms", "own", "CLS", "KB"];
const widths = [36, 5, 5, 5, 5, 7, 7, 7, 7, 5, 6, 6];
const line = (cells: string[]) =>
  console.log(cells.map((c, i) => (i ? c.padStart(widths[i]!) : c.padEnd(widths[i]!))).join(" "));
line(head);
const breaches: string[] = [];
const medians: Record<string, Omit<RunFigures, "longTasks">> = {};
const tbtAnatomy: string[] = [];
for (const [route, list] of Object.entries(report)) {
  const m = {
    scores: Object.fromEntries(
      categories.map((c) => [c, median(list.map((r) => r.scores[c]))]),
    ) as RunFigures["scores"],
    fcp: median(list.map((r) => r.fcp)),
    tti: median(list.map((r) => r.tti)),
    lcp: median(list.map((r) => r.lcp)),
    tbt: median(list.map((r) => r.tbt)),
    cls: median(list.map((r) => r.cls)),
    bytes: median(list.map((r) => r.bytes)),
    failing: [...new Set(list.flatMap((r) => r.failing))],
  };
  medians[route] = m;
  line([
    route,
    ...categories.map((c) => String(m.scores[c])),
    m.fcp.toFixed(0),
    m.lcp.toFixed(0),
    m.tti.toFixed(0),
    m.tbt.toFixed(0),
    median(list.map((r) => ownBlocking(r.longTasks))).toFixed(0),
    m.cls.toFixed(3),
    (m.bytes / 1024).toFixed(0),
  ]);
  for (const c of categories)
    if (m.scores[c] < targets[c]) breaches.push(`${route} ${c} ${m.scores[c]} < ${targets[c]}`);
  if (m.lcp > targets.lcp) breaches.push(`${route} LCP ${m.lcp.toFixed(0)} ms > ${targets.lcp}`);
  if (m.tbt > targets.tbt) {
    breaches.push(`${route} TBT ${m.tbt.toFixed(0)} ms > ${targets.tbt}`);
    tbtAnatomy.push(
      `${route}:`,
      ...list.map(
        (r) =>
          `  TBT ${r.tbt.toFixed(0)} ms (own ${ownBlocking(r.longTasks)}): ${
            r.longTasks
              .filter((t) => t.blocking > 0)
              .map((t) => `${t.source} ${t.duration} ms at ${t.start} (+${t.blocking})`)
              .join(", ") || "no task past first paint"
          }`,
      ),
    );
  }
  if (m.cls > targets.cls) breaches.push(`${route} CLS ${m.cls.toFixed(3)} > ${targets.cls}`);
  for (const f of m.failing) breaches.push(`${route} failing audit ${f}`);
}

fs.writeFileSync(
  "reports/lighthouse.json",
  JSON.stringify(
    {
      date: new Date().toISOString(),
      runs,
      throttling,
      cpuSlowdown,
      loadAverage: os.loadavg(),
      cpu: cpu[0]?.model,
      cores: cpu.length,
      medians,
      report,
    },
    null,
    2,
  ),
);
console.log(`\nEvery run: reports/lighthouse.json; full report of each route's last run: ${fullDir}/`);
console.log(breaches.length ? `\nBelow target:\n  ${breaches.join("\n  ")}` : "\nEvery route meets every target.");
if (tbtAnatomy.length)
  console.log(
    `\nLong tasks after first paint, each run (simulated duration, start, time blocked after first paint):\n${tbtAnatomy.join("\n")}`,
  );
