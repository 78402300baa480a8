/**
 * `npm run bench:nav`: issue 29's side-by-side figures, in one run, on three builds served at once:
 * "today" (main's build, BENCH_NAV_TODAY, default /work/wt/before), "ours" (this worktree's build,
 * or BENCH_NAV_OURS: the folder of any checkout with a build) and AstroWind (its static dist,
 * BENCH_NAV_ASTROWIND, default /work/astrowind/dist, served here with brotli like ours).
 *
 * (a) TTI: Lighthouse 12's `interactive` audit with applied (DevTools) throttling, CPU 6x and
 *     Slow 4G, mobile; our page kinds against AstroWind's of the same kind. Median of BENCH_NAV_TTI_RUNS (3).
 * (b) Input delay: a scripted tap (touch) on the menu button, an FAQ question and a form field at
 *     375 px under CPU 4x, at 0, 250, 500, 750 and 1,000 ms after the load event (the window in
 *     which a page's scripts start); the first-input entry's processingStart - startTime.
 * (c) Click to paint: CPU 4x and Fast 4G, 1280 px, a fresh browser context per click (a first
 *     visit); the pointer rests on the link 400 ms, then clicks. From the click event to the new
 *     page's paint: for a new document its first contentful paint (after its activation when it
 *     was prerendered), for a client-side navigation the frame after the new h1 is in the
 *     document. BENCH_NAV_CLICKS (10) clicks per build, median. "ours, whole document" follows
 *     the same hovered link with a document navigation, as a page without client routing does,
 *     so the figure after issue 29's islands is there before they land.
 *
 * Driven through Puppeteer, which attaches to the tab: Chromium refuses to prerender under a
 * client that attaches to the page (Playwright), see tests/e2e/navigation-speculation.spec.ts.
 * BENCH_SKIP_BUILD=1 reuses this worktree's build; BENCH_NAV_PARTS=a,b,c picks figure sets.
 */
import * as chromeLauncher from "chrome-launcher";
import lighthouse, { type Config } from "lighthouse";
import { execSync, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import puppeteer, { type Browser, type Page } from "puppeteer-core";
import { headerCta } from "../app/components/layout/header-cta";
import { footerColumn, pages } from "../app/site/pages";
import { freePort } from "../server/test-support/ports";
import { chromiumArgs, findChromium } from "./browser";
import { serveStatic } from "./static-server";

const oursDir = path.resolve(process.env.BENCH_NAV_OURS ?? ".");
const todayDir = path.resolve(process.env.BENCH_NAV_TODAY ?? "/work/wt/before");
const astroDist = path.resolve(process.env.BENCH_NAV_ASTROWIND ?? "/work/astrowind/dist");
const ttiRuns = Number(process.env.BENCH_NAV_TTI_RUNS ?? 3);
const clicks = Number(process.env.BENCH_NAV_CLICKS ?? 10);
const parts = new Set((process.env.BENCH_NAV_PARTS ?? "a,b,c").split(","));
const tapOffsets = [0, 250, 500, 750, 1000];

// DevTools' presets: Slow 4G (Lighthouse's mobileSlow4G) and Fast 4G, as bytes per second for CDP.
const slow4g = { requestLatencyMs: 562.5, downloadThroughputKbps: 1474.56, uploadThroughputKbps: 675 };
const fast4g = { latency: 165, download: (9_000_000 / 8) * 0.9, upload: (1_500_000 / 8) * 0.9 };

const servicePage = pages.find((p) => p.path.startsWith("/services/"))!.path;
const policyPage = footerColumn("policies")[0]!.path;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** The site's own server on one build (each checkout runs its own server code). */
async function startSite(dir: string): Promise<{ base: string; stop: () => void }> {
  if (!fs.existsSync(path.join(dir, "build", "client", "index.html")))
    throw new Error(`${dir} has no build: run "npm run build" there first`);
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "altiva-nav-"));
  const child = spawn(process.execPath, ["build/server/index.js"], {
    cwd: dir,
    env: { ...process.env, PORT: String(port), HOST: "127.0.0.1", DATA_DIR: dataDir, LOG_LEVEL: "warn" },
    stdio: ["ignore", "inherit", "inherit"],
  });
  const base = `http://127.0.0.1:${port}`;
  const stop = () => {
    child.kill("SIGTERM");
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  for (const until = Date.now() + 90_000; Date.now() < until && child.exitCode === null;) {
    if (
      await fetch(`${base}/healthz`).then(
        (r) => r.ok,
        () => false,
      )
    )
      return { base, stop };
    await new Promise((r) => setTimeout(r, 200));
  }
  stop();
  throw new Error(`the server of ${dir} did not start`);
}

type SiteName = "today" | "ours" | "AstroWind";

if (!process.env.BENCH_SKIP_BUILD && oursDir === path.resolve(".")) execSync("npm run build", { stdio: "inherit" });

const started = Date.now();
const sites: Record<SiteName, { base: string; stop: () => void }> = {
  today: await startSite(todayDir),
  ours: await startSite(oursDir),
  AstroWind: await serveStatic(astroDist),
};
const results: Record<string, unknown> = {};
const cpu = os.cpus();

try {
  // (a) TTI, CPU 6x and Slow 4G applied, Lighthouse's mobile page.
  if (parts.has("a")) {
    const kinds: { kind: string; ours: string; astro: string }[] = [
      { kind: "home", ours: "/", astro: "/" },
      { kind: "service page", ours: servicePage, astro: "/services" },
      { kind: "contact (form)", ours: "/contact", astro: "/contact" },
      { kind: "policy", ours: policyPage, astro: "/privacy" },
    ];
    const config: Config = {
      extends: "lighthouse:default",
      settings: {
        onlyAudits: ["interactive", "total-blocking-time", "bootup-time"],
        throttlingMethod: "devtools",
        throttling: { ...slow4g, rttMs: 150, throughputKbps: 1638.4, cpuSlowdownMultiplier: 6 },
      },
    };
    const chrome = await chromeLauncher.launch({
      chromePath: findChromium(),
      chromeFlags: ["--headless=new", ...chromiumArgs],
    });
    const rows: { kind: string; site: SiteName; path: string; tti: number[]; tbt: number[]; scriptMs: number[] }[] = [];
    try {
      for (const { kind, ours, astro } of kinds)
        for (const site of ["today", "ours", "AstroWind"] as const) {
          const route = site === "AstroWind" ? astro : ours;
          const row = { kind, site, path: route, tti: [] as number[], tbt: [] as number[], scriptMs: [] as number[] };
          for (let i = 0; i < ttiRuns; i++) {
            const result = await lighthouse(
              `${sites[site].base}${route}`,
              { port: chrome.port, output: "json", logLevel: "error" },
              config,
            );
            const audits = result!.lhr.audits;
            if (result!.lhr.runtimeError) throw new Error(`${site} ${route}: ${result!.lhr.runtimeError.message}`);
            row.tti.push(audits.interactive!.numericValue!);
            row.tbt.push(audits["total-blocking-time"]!.numericValue!);
            row.scriptMs.push(audits["bootup-time"]!.numericValue!);
          }
          rows.push(row);
          process.stdout.write(".");
        }
    } finally {
      await chrome.kill();
    }
    console.log(`\n\n(a) TTI, Lighthouse 12 with DevTools throttling: CPU 6x, Slow 4G; median of ${ttiRuns}`);
    console.log(
      `${"page kind".padEnd(16)} ${"site".padEnd(10)} ${"path".padEnd(24)} ${"TTI ms".padStart(7)} ${"TBT ms".padStart(7)} ${"JS ms".padStart(6)}  vs AstroWind`,
    );
    for (const r of rows) {
      const astro = rows.find((x) => x.kind === r.kind && x.site === "AstroWind")!;
      console.log(
        `${r.kind.padEnd(16)} ${r.site.padEnd(10)} ${r.path.padEnd(24)} ${median(r.tti).toFixed(0).padStart(7)} ${median(r.tbt).toFixed(0).padStart(7)} ${median(r.scriptMs).toFixed(0).padStart(6)}  ${(median(r.tti) / median(astro.tti)).toFixed(2)}x`,
      );
    }
    results.tti = rows;
  }

  const browser = await puppeteer.launch({ executablePath: findChromium(), args: chromiumArgs, headless: true });
  try {
    // (b) Input delay of a tap, CPU 4x, at 375 px.
    if (parts.has("b")) {
      const targets: { what: string; site: SiteName; path: string; selector: string }[] = [
        { what: "menu button", site: "today", path: "/", selector: ".mobile-menu-toggle" },
        { what: "menu button", site: "ours", path: "/", selector: ".mobile-menu-toggle" },
        { what: "menu button", site: "AstroWind", path: "/", selector: "[data-aw-toggle-menu]" },
        { what: "FAQ question", site: "today", path: servicePage, selector: ".faq-item__question" },
        { what: "FAQ question", site: "ours", path: servicePage, selector: ".faq-item__question" },
        { what: "form field", site: "today", path: "/contact", selector: "main form input:not([type=hidden])" },
        { what: "form field", site: "ours", path: "/contact", selector: "main form input:not([type=hidden])" },
        { what: "form field", site: "AstroWind", path: "/contact", selector: "main form input#name" },
      ];
      const rows: { what: string; site: SiteName; path: string; delays: number[] }[] = [];
      for (const t of targets) {
        const delays: number[] = [];
        for (const offset of tapOffsets)
          delays.push(await tapDelay(browser, `${sites[t.site].base}${t.path}`, t.selector, offset));
        rows.push({ ...t, delays });
        process.stdout.write(".");
      }
      console.log(
        `\n\n(b) Input delay of a scripted tap, CPU 4x, 375 px; taps at ${tapOffsets.join(", ")} ms after the load event`,
      );
      console.log(
        `${"target".padEnd(14)} ${"site".padEnd(10)} ${"path".padEnd(24)} ${"median ms".padStart(9)} ${"max ms".padStart(7)}  each`,
      );
      for (const r of rows)
        console.log(
          `${r.what.padEnd(14)} ${r.site.padEnd(10)} ${r.path.padEnd(24)} ${median(r.delays).toFixed(1).padStart(9)} ${Math.max(
            ...r.delays,
          )
            .toFixed(1)
            .padStart(7)}  ${r.delays.map((d) => d.toFixed(1)).join(" ")}`,
        );
      results.inputDelay = rows;
    }

    // (c) Click to paint of the next page, CPU 4x and Fast 4G, 1280 px.
    if (parts.has("c")) {
      const routesOf = (site: SiteName) =>
        site === "AstroWind"
          ? [
              {
                from: "/",
                link: 'main a[href="/get-started-website-with-astro-tailwind-css"]',
                to: "/get-started-website-with-astro-tailwind-css",
              },
              { from: "/services", link: 'header a[href="/"]', to: "/" },
            ]
          : [
              { from: "/", link: `main a[href="${servicePage}"]`, to: servicePage },
              { from: servicePage, link: ".site-header__cta", to: headerCta.to },
            ];
      const variants: { label: string; site: SiteName; whole: boolean }[] = [
        { label: "today", site: "today", whole: false },
        { label: "ours", site: "ours", whole: false },
        { label: "ours, whole document", site: "ours", whole: true },
        { label: "AstroWind", site: "AstroWind", whole: false },
      ];
      const rows: { label: string; ms: number[]; kinds: string[] }[] = [];
      for (const v of variants) {
        const row = { label: v.label, ms: [] as number[], kinds: [] as string[] };
        for (let i = 0; i < clicks; i++) {
          const r = routesOf(v.site)[i % 2]!;
          try {
            const { ms, kind } = await clickToPaint(browser, sites[v.site].base, r.from, r.link, r.to, v.whole);
            row.ms.push(ms);
            row.kinds.push(kind);
          } catch (e) {
            // Counted and shown, not hidden: a click whose page never painted in 30 s.
            row.kinds.push("failed");
            console.warn(`\n${v.label}: ${(e as Error).message}`);
          }
        }
        rows.push(row);
        process.stdout.write(".");
      }
      console.log(`\n\n(c) Click to the next page's paint, CPU 4x and Fast 4G, 1280 px, median of ${clicks} clicks`);
      console.log(
        `${"build".padEnd(22)} ${"median ms".padStart(9)} ${"min".padStart(6)} ${"max".padStart(6)}  how the page changed`,
      );
      for (const r of rows) {
        const kinds = [...new Set(r.kinds)].map((k) => `${k} ${r.kinds.filter((x) => x === k).length}`).join(", ");
        console.log(
          `${r.label.padEnd(22)} ${median(r.ms).toFixed(0).padStart(9)} ${Math.min(...r.ms)
            .toFixed(0)
            .padStart(6)} ${Math.max(...r.ms)
            .toFixed(0)
            .padStart(6)}  ${kinds}`,
        );
      }
      results.clickToPaint = rows;
    }
  } finally {
    await browser.close();
  }
} finally {
  for (const s of Object.values(sites)) s.stop();
}

fs.mkdirSync("reports", { recursive: true });
fs.writeFileSync(
  "reports/bench-nav.json",
  JSON.stringify(
    { date: new Date().toISOString(), cpu: cpu[0]?.model, cores: cpu.length, oursDir, todayDir, astroDist, ...results },
    null,
    2,
  ),
);
console.log(
  `\n${cpu.length} cores, ${cpu[0]?.model ?? "unknown CPU"}, load ${os.loadavg()[0]!.toFixed(1)}; ${((Date.now() - started) / 1000).toFixed(0)} s; every figure: reports/bench-nav.json`,
);

/** A fresh context (a first visit) with a tab, its CPU slowed. */
async function freshTab(browser: Browser, cpuRate: number): Promise<{ tab: Page; close: () => Promise<void> }> {
  const context = await browser.createBrowserContext();
  const tab = await context.newPage();
  await tab.emulateCPUThrottling(cpuRate);
  return { tab, close: () => context.close() };
}

/** One tap `offset` ms after the load event; the first-input entry's delay (processingStart - startTime). */
async function tapDelay(browser: Browser, url: string, selector: string, offset: number): Promise<number> {
  const { tab, close } = await freshTab(browser, 4);
  try {
    await tab.setViewport({ width: 375, height: 812, isMobile: true, hasTouch: true, deviceScaleFactor: 1 });
    await tab.goto(url, { waitUntil: "load" });
    await new Promise((r) => setTimeout(r, offset));
    const handle = await tab.waitForSelector(selector, { visible: true });
    await handle!.tap();
    return await tab.evaluate(
      () =>
        new Promise<number>((resolve) => {
          new PerformanceObserver((list) => {
            const e = list.getEntries()[0] as PerformanceEventTiming;
            resolve(e.processingStart - e.startTime);
          }).observe({ type: "first-input", buffered: true });
        }),
    );
  } finally {
    await close();
  }
}

/**
 * One click from `from` to `to`, in ms from the click event to the new page's paint; and whether
 * the page changed on the client, as a new document, or as a prerendered one.
 */
async function clickToPaint(
  browser: Browser,
  base: string,
  from: string,
  link: string,
  to: string,
  wholeDocument: boolean,
): Promise<{ ms: number; kind: string }> {
  const { tab, close } = await freshTab(browser, 4);
  try {
    await tab.setViewport({ width: 1280, height: 800 });
    await tab.emulateNetworkConditions(fast4g);
    let clickedAt = 0;
    await tab.exposeFunction("benchClicked", (t: number) => (clickedAt = t));
    await tab.goto(`${base}${from}`, { waitUntil: "load" });
    // Settled: no request for 500 ms (its scripts and stylesheet are in), then an idle main thread.
    await tab.waitForNetworkIdle({ idleTime: 500, timeout: 30_000 });
    await tab.evaluate(() => new Promise((r) => requestIdleCallback(r)));
    await tab.evaluate(
      (selector, target, whole) => {
        // tsx names the functions below with esbuild's __name helper, which the page lacks.
        (globalThis as unknown as { __name: unknown }).__name ??= (f: unknown) => f;
        const a = [...document.querySelectorAll<HTMLAnchorElement>(selector)].find(
          (e) => e.getClientRects().length > 0,
        );
        if (!a) throw new Error(`no visible ${selector} on ${location.pathname}`);
        a.setAttribute("data-bench-link", "");
        a.scrollIntoView({ block: "center" });
        const before = document.querySelector("h1")?.textContent;
        const w = window as unknown as { benchShown?: number; benchClicked: (t: number) => void };
        document.addEventListener(
          "click",
          (e) => {
            // Wall-clock ms, read now: performance.timeOrigin is fixed per renderer process at its
            // start, so two processes' timeOrigins drift apart (seconds, on a VM); Date.now() does not.
            w.benchClicked(Date.now() - (performance.now() - e.timeStamp));
            // The document navigation a page without client routing makes of the same click.
            if (whole) {
              e.preventDefault();
              e.stopImmediatePropagation();
              location.assign(target);
            }
          },
          { capture: true, once: true },
        );
        // Checked on every change of the document and every frame: the router may change the
        // address after it has rendered the new page, with no mutation after that.
        let seen = false;
        const check = () => {
          const h1 = document.querySelector("h1");
          if (seen || location.pathname !== target || !h1 || h1.textContent === before) return;
          seen = true;
          observer.disconnect();
          // The frame that shows it: after the next animation frame's rendering.
          requestAnimationFrame(() => setTimeout(() => (w.benchShown = Date.now())));
        };
        const observer = new MutationObserver(check);
        const everyFrame = () => {
          check();
          if (!seen) requestAnimationFrame(everyFrame);
        };
        requestAnimationFrame(everyFrame);
        observer.observe(document, { subtree: true, childList: true, characterData: true });
      },
      link,
      to,
      wholeDocument,
    );
    await tab.hover("[data-bench-link]");
    await new Promise((r) => setTimeout(r, 400));
    await tab.click("[data-bench-link]");
    for (const until = Date.now() + 30_000; Date.now() < until; await new Promise((r) => setTimeout(r, 100))) {
      const shown = await pageAt(browser, base, to);
      if (shown && clickedAt) return { ms: shown.paintedAt - clickedAt, kind: shown.kind };
    }
    throw new Error(`${base}${from} -> ${to}: the new page did not paint within 30 s`);
  } finally {
    await close();
  }
}

/**
 * What the tab at `to` reports of its paint, read over a second connection: Puppeteer's own page
 * object loses its frame when a prerendered page takes its place.
 */
async function pageAt(
  browser: Browser,
  base: string,
  to: string,
): Promise<{ paintedAt: number; kind: string } | undefined> {
  const look = await puppeteer.connect({ browserWSEndpoint: browser.wsEndpoint() });
  try {
    for (const p of await look.pages()) {
      if (!p.url().startsWith(base) || new URL(p.url()).pathname !== to) continue;
      return await p.evaluate(() => {
        const w = window as unknown as { benchShown?: number };
        if (w.benchShown !== undefined) return { paintedAt: w.benchShown, kind: "client-side" };
        if (document.querySelector("[data-bench-link]")) return undefined;
        const nav = performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming;
        const fcp = performance.getEntriesByName("first-contentful-paint")[0];
        if (!fcp || document.prerendering) return undefined;
        const activated = (nav.activationStart ?? 0) > 0;
        return {
          // In wall-clock ms like the click (see benchClicked): the paint's age, read now.
          paintedAt: Date.now() - (performance.now() - Math.max(fcp.startTime, nav.activationStart ?? 0)),
          kind: activated ? "prerendered" : "new document",
        };
      });
    }
    return undefined;
  } catch {
    return undefined;
  } finally {
    await look.disconnect();
  }
}
