/**
 * `npm run bench:api`: autocannon against (a) a bare Fastify route as the machine's ceiling,
 * (b) GET / from the real server, compressed, (c) POST /api/contact-us/create with valid bodies
 * (rate limit off, fresh SQLite), and (d) nginx serving the same build with gzip_static when
 * nginx is installed. 50 connections, 10 s each (BENCH_SECONDS to change), after a 2 s warm-up
 * (BENCH_WARMUP). Needs a build.
 *
 * Every server is its own process, as nginx is: autocannon in the servers' process would take
 * their one JavaScript thread and make them look slower than they are.
 */
import autocannon from "autocannon";
import SQLite from "better-sqlite3";
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import { freePort } from "../server/test-support/ports";

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const warmup = Number(process.env.BENCH_WARMUP ?? 2);
const connections = 50;

interface Row {
  name: string;
  rps: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
  /** 2xx answers, warm-up included: what the server claims to have done. */
  ok: number;
}

async function run(name: string, opts: autocannon.Options): Promise<Row> {
  const warm = warmup > 0 ? await autocannon({ connections, duration: warmup, ...opts }) : undefined;
  const result = await autocannon({ connections, duration: seconds, ...opts });
  return {
    name,
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
    ok: result["2xx"] + (warm?.["2xx"] ?? 0),
  };
}

async function waitReady(url: string, child: ChildProcess) {
  const until = Date.now() + 30_000;
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`the server for ${url} exited before it answered`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${url} did not answer within 30 s`);
}

async function stop(child: ChildProcess) {
  if (child.exitCode !== null) return;
  const exited = new Promise((r) => child.once("exit", r));
  child.kill("SIGTERM");
  await exited;
}

/**
 * A copy of the build, so a rebuild during the run cannot change what is measured. (b) and (d)
 * serve the home page's .br and .gz: the copy must hold that page whole in both, not a file
 * caught half-written by a build running at the same time.
 */
function copyBuild(): string {
  const snapshot = fs.mkdtempSync(path.join(os.tmpdir(), "bench-build-"));
  process.on("exit", () => fs.rmSync(snapshot, { recursive: true, force: true }));
  fs.cpSync("build", snapshot, { recursive: true });
  fs.chmodSync(snapshot, 0o755); // nginx's worker may run as another user
  const client = path.join(snapshot, "client");
  try {
    const home = fs.readFileSync(path.join(client, "index.html"));
    const brotli = zlib.brotliDecompressSync(fs.readFileSync(path.join(client, "index.html.br")));
    const gzip = zlib.gunzipSync(fs.readFileSync(path.join(client, "index.html.gz")));
    if (brotli.equals(home) && gzip.equals(home) && fs.existsSync(path.join(snapshot, "csp-hashes.json")))
      return client;
  } catch {
    // missing or truncated: reported below
  }
  console.error('No complete build (is one running?): run "npm run build", then the benchmark again.');
  process.exit(1);
}
const buildDir = copyBuild();

// Other work on the machine skews every figure: say how busy it was before the run.
const loadBefore = os.loadavg()[0] ?? 0;
const rows: Row[] = [];

// (a) The ceiling: the same Node and Fastify, one route returning a constant.
const barePort = await freePort();
const bare = spawn(
  process.execPath,
  [
    "--input-type=module",
    "-e",
    `import Fastify from "fastify";
     const app = Fastify();
     app.get("/", async () => "ok");
     await app.listen({ port: ${barePort}, host: "127.0.0.1" });`,
  ],
  { stdio: ["ignore", "ignore", "inherit"] },
);
try {
  await waitReady(`http://127.0.0.1:${barePort}/`, bare);
  rows.push(await run("(a) bare Fastify route", { url: `http://127.0.0.1:${barePort}/` }));
} finally {
  await stop(bare);
}

// (b) and (c): the real server as `npm run serve` starts it, with its outbox worker, writing
// mail as .eml files into a fresh DATA_DIR.
const sitePort = await freePort();
const siteUrl = `http://127.0.0.1:${sitePort}`;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-api-"));
const server = spawn(process.execPath, ["build/server/index.js"], {
  env: {
    ...process.env,
    PORT: String(sitePort),
    HOST: "127.0.0.1",
    DATA_DIR: dataDir,
    BUILD_DIR: buildDir,
    RATE_LIMIT_MAX: "0",
    // Measures storing and answering, as before the spam defence; autocannon carries no proof.
    SPAM_PROOF_REQUIRED: "false",
    LOG_LEVEL: "warn",
  },
  stdio: ["ignore", "inherit", "inherit"],
});
let accepted = 0;
try {
  await waitReady(`${siteUrl}/healthz`, server);
  rows.push(await run("(b) GET / (prerendered, br)", { url: siteUrl, headers: { "accept-encoding": "br, gzip" } }));
  const contact = await run("(c) POST /api/contact-us/create", {
    url: `${siteUrl}/api/contact-us/create`,
    method: "POST",
    headers: { "content-type": "application/json", "x-requested-with": "XMLHttpRequest" },
    body: JSON.stringify({
      firstName: "Bench",
      lastName: "Mark",
      email: "bench@example.com",
      phone: "4155550142",
      reason: "Benchmark",
      message: "A valid enquiry sent by the API benchmark.",
      agree: true,
    }),
  });
  rows.push(contact);
  accepted = contact.ok;
} finally {
  await stop(server);
}
// Every 201 must be a stored row; a benchmark that loses writes measures nothing.
const file = new SQLite(path.join(dataDir, "site.db"), { readonly: true });
const stored = (file.prepare("select count(*) as n from submissions").get() as { n: number }).n;
file.close();
fs.rmSync(dataDir, { recursive: true, force: true });

// (d) nginx, one worker process, serving the same folder with its precompressed .gz files.
const nginx = spawnSync("sh", ["-c", "command -v nginx"], { encoding: "utf8" }).stdout.trim();
if (nginx) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "nginx-"));
  const port = await freePort();
  fs.writeFileSync(
    path.join(dir, "nginx.conf"),
    `daemon off; worker_processes 1; error_log ${dir}/error.log; pid ${dir}/nginx.pid;
events { worker_connections 1024; }
http { access_log off; gzip_static on; default_type text/html;
  client_body_temp_path ${dir}; proxy_temp_path ${dir}; fastcgi_temp_path ${dir}; uwsgi_temp_path ${dir}; scgi_temp_path ${dir};
  server { listen 127.0.0.1:${port}; root ${buildDir}; location / { try_files $uri $uri/index.html =404; } } }`,
  );
  const child = spawn(nginx, ["-c", path.join(dir, "nginx.conf"), "-p", dir], {
    stdio: ["ignore", "ignore", "inherit"],
  });
  try {
    await waitReady(`http://127.0.0.1:${port}/`, child);
    rows.push(
      await run("(d) nginx gzip_static, same build", {
        url: `http://127.0.0.1:${port}/`,
        headers: { "accept-encoding": "gzip" },
      }),
    );
  } finally {
    await stop(child);
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

console.log(
  `\n${os.cpus().length} cores, ${os.cpus()[0]?.model ?? "unknown CPU"}, Node ${process.versions.node}, ` +
    `${connections} connections, ${seconds} s each after ${warmup} s of warm-up, every server in its own process; ` +
    `load average ${loadBefore.toFixed(2)} before the run\n`,
);
console.log(
  "name".padEnd(40),
  "req/s".padStart(9),
  "p50 ms".padStart(8),
  "p99 ms".padStart(8),
  "non-2xx".padStart(8),
  "errors".padStart(7),
);
for (const r of rows) {
  console.log(
    r.name.padEnd(40),
    r.rps.toFixed(0).padStart(9),
    String(r.p50).padStart(8),
    String(r.p99).padStart(8),
    String(r.non2xx).padStart(8),
    String(r.errors).padStart(7),
  );
}
// autocannon stops with up to `connections` requests in flight per run (warm-up and measure):
// the server may store those without autocannon counting their 201.
const inFlight = 2 * connections;
console.log(`\n(c) answered 201 ${accepted} times; ${stored} submissions stored`);
const get = (prefix: string) => rows.find((r) => r.name.startsWith(prefix));
const [a, b, c, d] = ["(a)", "(b)", "(c)", "(d)"].map(get);
if (b && d) console.log(`static serving vs nginx (b)/(d): ${(b.rps / d.rps).toFixed(2)} (target >= 0.5)`);
if (!d) console.log("nginx is not installed: no (d) and no (b)/(d) ratio");
if (a && c)
  console.log(
    `submissions vs bare route (c)/(a): ${(c.rps / a.rps).toFixed(2)} (target >= 0.2), p99 ${c.p99} ms (target < 50)`,
  );
if (stored < accepted || stored > accepted + inFlight) {
  console.error(`Lost or extra writes: ${accepted} answered 201 but ${stored} stored.`);
  process.exitCode = 1;
}
