/**
 * `npm run bench:start [-- runs]`: how long the server takes from spawn to its first /healthz 200,
 * and its resident memory then, started through the tsx loader (as before decision 049) and from
 * the bundle as `npm run serve` starts it. Needs `npm run build` first. Medians of `runs` (5).
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { freePort } from "../server/test-support/ports";

const runs = Number(process.argv[2] ?? 5);
const ways: [string, string[]][] = [
  ["node --import tsx server/index.ts", ["--import", "tsx", "server/index.ts"]],
  ["node --enable-source-maps build/server/index.js", ["--enable-source-maps", "build/server/index.js"]],
];

/** Resident set size of a process in MiB, from /proc (Linux). */
function rssMiB(pid: number): number {
  const line = fs
    .readFileSync(`/proc/${pid}/status`, "utf8")
    .split("\n")
    .find((l) => l.startsWith("VmRSS:"));
  return Number(line?.match(/(\d+)/)?.[1] ?? 0) / 1024;
}

async function once(args: string[]): Promise<{ ms: number; rss: number }> {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-start-"));
  const started = performance.now();
  const child = spawn(process.execPath, args, {
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: "warn" },
    stdio: ["ignore", "ignore", "inherit"],
  });
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`${args.join(" ")} exited with ${child.exitCode}`);
      const ok = await fetch(`http://127.0.0.1:${port}/healthz`).then(
        (r) => r.ok,
        () => false,
      );
      if (ok) break;
      await new Promise((r) => setTimeout(r, 10));
    }
    const ms = performance.now() - started;
    // Settled a moment, as a balancer's first checks would find it.
    await new Promise((r) => setTimeout(r, 500));
    return { ms, rss: rssMiB(child.pid!) };
  } finally {
    const exited = new Promise((r) => child.once("exit", r));
    child.kill("SIGTERM");
    await exited;
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
// The machine's load moves the times: printed before and after, beside the figures.
const load = () => os.loadavg()[0]!.toFixed(1);
console.log(`Node ${process.versions.node}, ${os.cpus().length} cores, ${runs} runs each (median), load ${load()}`);
for (const [name, args] of ways) {
  const results = [];
  for (let i = 0; i < runs; i++) results.push(await once(args));
  const ms = median(results.map((r) => r.ms));
  const rss = median(results.map((r) => r.rss));
  console.log(`${name}: first /healthz 200 after ${ms.toFixed(0)} ms, RSS ${rss.toFixed(1)} MiB`);
}
console.log(`load ${load()} at the end`);
