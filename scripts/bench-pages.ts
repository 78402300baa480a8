/**
 * `npm run bench:pages`: pages the server renders per request (the careers pages, through React
 * Router's server build and the post-render step, decision 055) against a prerendered file, on the
 * built server with a throwaway SQLite database (its seeded roles). Time to first byte, measured
 * at the response's headers, with `Accept-Encoding: br` as a browser sends it:
 *
 * - from cache: 20 connections for BENCH_SECONDS (10) each on a prerendered page (/contact) and on
 *   /career, alternated twice so both meet the same load; p50, p95 and the ratio of the p95s;
 * - on a cache miss: one request at a time to every careers address (the list, each office's
 *   list, each open role), each the first since the roles changed (a role's updated_at moved, then
 *   the server's 5 s stamp period waited out), BENCH_ROUNDS (5) rounds after one to warm up.
 *
 * - a case study from the content store (decision 067): one study published into the same database,
 *   its page timed on a miss (the first request after a publish moved the content stamp, the 5 s
 *   stamp period waited out) and from cache, BENCH_ROUNDS rounds after one to warm up.
 *
 * Needs `npm run build`. Prints the machine's load before and after.
 */
import http from "node:http";
import os from "node:os";
import { openStorage } from "../server/db/db";
import { publishedRoles } from "../server/postings/job-roles";
import { careerPath, isOpen, rolePath } from "../contracts/careers/roles";
import { startLocalServer } from "./local-server";
import { createItem, publishItem, unpublishItem } from "../server/content/store";
import { caseStudy } from "../server/test-support/case-study";

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const rounds = Number(process.env.BENCH_ROUNDS ?? 5);
const connections = 20;
const agent = new http.Agent({ keepAlive: true, maxSockets: connections });

/** Milliseconds from sending the request to its response's headers; the body is read and dropped. */
function ttfb(url: string): Promise<{ ms: number; status: number }> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    http
      .get(url, { agent, headers: { "accept-encoding": "br" } }, (res) => {
        const ms = performance.now() - started;
        res.resume();
        res.on("end", () => resolve({ ms, status: res.statusCode ?? 0 }));
      })
      .on("error", reject);
  });
}

async function load(url: string, forMs: number): Promise<number[]> {
  const times: number[] = [];
  const until = performance.now() + forMs;
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (performance.now() < until) {
        const { ms, status } = await ttfb(url);
        if (status !== 200) throw new Error(`${url} answered ${status}`);
        times.push(ms);
      }
    }),
  );
  return times;
}

const percentile = (xs: number[], p: number) => {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
};
const summary = (xs: number[]) =>
  `n=${xs.length}, p50 ${percentile(xs, 50).toFixed(1)} ms, p95 ${percentile(xs, 95).toFixed(1)} ms`;
const loadAvg = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(" ");

console.log(`load average before: ${loadAvg()}`);
const server = await startLocalServer({ RATE_LIMIT_MAX: "0" });
try {
  const storage = await openStorage({ dataDir: server.dataDir });
  const open = (await publishedRoles(storage)).filter((r) => isOpen(r, new Date()));
  const offices = [...new Set(open.flatMap((r) => r.offices))];
  const addresses = [
    careerPath,
    ...offices.map((o) => `${careerPath}?office=${encodeURIComponent(o)}`),
    ...open.map((r) => rolePath(r.slug)),
  ];

  // Warm both paths (the first render loads the server build and parses the stylesheet).
  for (const url of ["/contact", careerPath]) for (let i = 0; i < 20; i++) await ttfb(server.base + url);
  const cached: number[] = [];
  const prerendered: number[] = [];
  for (let pass = 0; pass < 2; pass++) {
    // A quiet machine answers hundreds of thousands of requests: spreading them into push() overflows the stack.
    for (const ms of await load(`${server.base}/contact`, (seconds * 1000) / 2)) prerendered.push(ms);
    for (const ms of await load(`${server.base}${careerPath}`, (seconds * 1000) / 2)) cached.push(ms);
  }

  const misses: number[] = [];
  for (let round = 0; round <= rounds; round++) {
    // A change to the roles moves the stamp; the server reads it again within 5 s.
    await storage.db
      .updateTable("job_roles")
      .set({ updated_at: new Date(Date.now() + round).toISOString() })
      .where("slug", "=", open[0]!.slug)
      .execute();
    await new Promise((r) => setTimeout(r, 5_200));
    for (const url of addresses) {
      const { ms, status } = await ttfb(server.base + url);
      if (status !== 200) throw new Error(`${url} answered ${status}`);
      if (round > 0) misses.push(ms);
    }
  }

  // A case study from the content store: published, then unpublished and published again per round
  // (each a new live revision, so a new stamp), its page the first request after the stamp period.
  const study = caseStudy({ slug: "bench-live-study", technologies: ["nodejs"] });
  const bench = { id: 1, name: "Bench" };
  const noRedirect = async () => undefined;
  const made = await createItem(storage.db, "case-studies", study, bench, new Date());
  if (!made.ok) throw new Error(`the bench study was refused: ${made.reason}`);
  let version = made.item.version;
  const liveMisses: number[] = [];
  const liveHits: number[] = [];
  const livePage = `${server.base}/case-studies/${study.slug}`;
  for (let round = 0; round <= rounds; round++) {
    if (round > 0) {
      const off = await unpublishItem(storage.db, "case-studies", made.item.id, version, bench, new Date());
      if (!off.ok) throw new Error(`unpublish: ${off.reason}`);
      version = off.item.version;
    }
    const on = await publishItem(storage.db, "case-studies", made.item.id, version, bench, new Date(), noRedirect);
    if (!on.ok) throw new Error(`publish: ${on.reason}`);
    version = on.item.version;
    await new Promise((r) => setTimeout(r, 5_200));
    const miss = await ttfb(livePage);
    if (miss.status !== 200) throw new Error(`${livePage} answered ${miss.status}`);
    if (round > 0) liveMisses.push(miss.ms);
    for (let i = 0; i < 50; i++) {
      const hit = await ttfb(livePage);
      if (round > 0) liveHits.push(hit.ms);
    }
  }
  await storage.close();

  console.log(`\nTime to first byte, ${connections} connections, ${seconds} s each:`);
  console.log(`  prerendered /contact:        ${summary(prerendered)}`);
  console.log(`  /career from cache:          ${summary(cached)}`);
  console.log(`  p95 ratio (cache/static):    ${(percentile(cached, 95) / percentile(prerendered, 95)).toFixed(2)}`);
  console.log(`Cache misses, one at a time (${addresses.length} addresses × ${rounds} rounds):`);
  console.log(`  careers pages rendered:      ${summary(misses)}`);
  console.log(`Case study from the content store, one request at a time (${rounds} rounds):`);
  console.log(`  rendered (first after a publish): ${summary(liveMisses)}`);
  console.log(`  from cache (50 per round):        ${summary(liveHits)}`);
} finally {
  server.stop();
  agent.destroy();
  console.log(`load average after: ${loadAvg()}`);
}
