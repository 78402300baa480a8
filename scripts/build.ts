/**
 * `npm run build`: the one build entry (docs/decisions/055). Each stage names what it reads and
 * what it writes; stages whose inputs are ready run side by side (the machine has two cores, and
 * much of a Vite build waits on the disk or on one thread), and each prints its time.
 *
 *   site ─────────┬─ islands ──┬─ post-render
 *   console       └─ server ───┘
 *
 * The site stage (React Router) empties build/client and build/server first, so the islands
 * (written into build/client/assets) and the server (build/server/index.js) wait for it.
 */
import { spawn } from "node:child_process";
import path from "node:path";

interface Stage {
  name: string;
  reads: string;
  writes: string;
  command: string[];
  after?: string[];
}

const bin = (name: string) => path.resolve("node_modules/.bin", name);

const stages: Stage[] = [
  {
    name: "site",
    reads: "app/, contracts/, public/",
    writes:
      "build/client (prerendered pages, assets), build/server/site.js (the server's renderer of pages and form answers)",
    command: [bin("react-router"), "build"],
  },
  {
    name: "console",
    reads: "console/, contracts/",
    writes: "build/admin",
    command: [bin("vite"), "build", "-c", "console/vite.config.ts"],
  },
  {
    name: "islands",
    reads: "app/islands/",
    writes: "build/client/assets/island*.js and their manifest",
    command: [bin("vite"), "build", "-c", "vite.islands.config.ts"],
    after: ["site"],
  },
  {
    name: "server",
    reads: "server/, contracts/",
    writes: "build/server/index.js, cli.js",
    command: [bin("tsx"), "scripts/build-server.ts"],
    after: ["site"],
  },
  {
    name: "post-render",
    reads: "build/client pages, the islands' manifest",
    writes:
      "finished pages (.html, .br, .gz), build/csp-hashes.json, build/page-boot.json, build/site-manifest.json, sitemap, robots, share pictures",
    command: [bin("tsx"), "scripts/postbuild.ts"],
    after: ["site", "islands"],
  },
];

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/** Runs one stage; its output is printed in one piece when it ends, so stages running together do not interleave. */
function run(stage: Stage): Promise<number> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const child = spawn(stage.command[0]!, stage.command.slice(1), { env: { ...process.env, FORCE_COLOR: "0" } });
    const output: Buffer[] = [];
    child.stdout.on("data", (chunk: Buffer) => output.push(chunk));
    child.stderr.on("data", (chunk: Buffer) => output.push(chunk));
    child.on("error", reject);
    child.on("close", (code) => {
      const ms = performance.now() - started;
      const text = Buffer.concat(output).toString("utf8").trimEnd();
      console.log(`\n── ${stage.name} (${seconds(ms)}) reads ${stage.reads}; writes ${stage.writes}`);
      if (text) console.log(text.replace(/^/gm, "   "));
      if (code === 0) resolve(ms);
      else reject(new Error(`build: the ${stage.name} stage failed (exit ${code})`));
    });
  });
}

const started = performance.now();
const done = new Map<string, Promise<number>>();
const start = (stage: Stage): Promise<number> => {
  let running = done.get(stage.name);
  if (!running) {
    const before = (stage.after ?? []).map((name) => start(stages.find((s) => s.name === name)!));
    running = Promise.all(before).then(() => run(stage));
    done.set(stage.name, running);
  }
  return running;
};

try {
  const times = await Promise.all(stages.map(start));
  console.log(`\nbuild: ${seconds(performance.now() - started)} in all`);
  for (const [i, stage] of stages.entries()) console.log(`  ${stage.name.padEnd(13)} ${seconds(times[i]!)}`);
} catch (error) {
  console.error(`\n${(error as Error).message}`);
  process.exitCode = 1;
}
