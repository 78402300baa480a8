/**
 * `npm run bench:api`: autocannon against (a) a bare Fastify route as the machine's ceiling,
 * (b) GET / from the real server, compressed, (c) POST /api/contact-us/create with valid bodies
 * (rate limit off, fresh SQLite), and (d) nginx serving the same build with gzip_static when
 * nginx is installed. 50 connections, 10 s each (BENCH_SECONDS to change). Needs a build.
 */
import autocannon from "autocannon";
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import Fastify from "fastify";
import { buildApp } from "../server/app";
import { loadConfig } from "../server/config";

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = 50;

interface Row {
  name: string;
  rps: number;
  p50: number;
  p99: number;
  non2xx: number;
}

async function run(name: string, opts: autocannon.Options): Promise<Row> {
  const result = await autocannon({ connections, duration: seconds, ...opts });
  return {
    name,
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
  };
}

const rows: Row[] = [];
const bare = Fastify();
bare.get("/", async () => "ok");
const bareUrl = await bare.listen({ port: 0, host: "127.0.0.1" });
rows.push(await run("(a) bare Fastify route", { url: bareUrl }));
await bare.close();

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-"));
const app = await buildApp(loadConfig({ ...process.env, DATA_DIR: dataDir, RATE_LIMIT_MAX: "0", LOG_LEVEL: "silent" }));
const siteUrl = await app.listen({ port: 0, host: "127.0.0.1" });
rows.push(await run("(b) GET / (prerendered, br)", { url: siteUrl, headers: { "accept-encoding": "br, gzip" } }));
rows.push(
  await run("(c) POST /api/contact-us/create", {
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
  }),
);
await app.close();
fs.rmSync(dataDir, { recursive: true, force: true });

const nginx = spawnSync("sh", ["-c", "command -v nginx"], { encoding: "utf8" }).stdout.trim();
if (nginx) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "nginx-"));
  const port = 4400 + Math.floor(Math.random() * 40);
  fs.writeFileSync(
    path.join(dir, "nginx.conf"),
    `daemon off; worker_processes 1; error_log ${dir}/error.log; pid ${dir}/nginx.pid;
events { worker_connections 1024; }
http { access_log off; gzip_static on; default_type text/html;
  client_body_temp_path ${dir}; proxy_temp_path ${dir}; fastcgi_temp_path ${dir}; uwsgi_temp_path ${dir}; scgi_temp_path ${dir};
  server { listen 127.0.0.1:${port}; root ${path.resolve("build/client")}; location / { try_files $uri $uri/index.html =404; } } }`,
  );
  const child = spawn(nginx, ["-c", path.join(dir, "nginx.conf"), "-p", dir], { stdio: "ignore" });
  await new Promise((r) => setTimeout(r, 500));
  rows.push(
    await run("(d) nginx gzip_static, same build", {
      url: `http://127.0.0.1:${port}/`,
      headers: { "accept-encoding": "gzip" },
    }),
  );
  child.kill("SIGTERM");
}

console.log(
  `\n${os.cpus().length} cores, ${os.cpus()[0]?.model ?? "unknown CPU"}, ${connections} connections, ${seconds} s each\n`,
);
console.log("name".padEnd(40), "req/s".padStart(9), "p50 ms".padStart(8), "p99 ms".padStart(8), "non-2xx".padStart(8));
for (const r of rows) {
  console.log(
    r.name.padEnd(40),
    r.rps.toFixed(0).padStart(9),
    String(r.p50).padStart(8),
    String(r.p99).padStart(8),
    String(r.non2xx).padStart(8),
  );
}
const get = (prefix: string) => rows.find((r) => r.name.startsWith(prefix));
const [a, b, c, d] = ["(a)", "(b)", "(c)", "(d)"].map(get);
if (b && d) console.log(`\nstatic serving vs nginx (b)/(d): ${(b.rps / d.rps).toFixed(2)} (target >= 0.5)`);
if (a && c)
  console.log(
    `submissions vs bare route (c)/(a): ${(c.rps / a.rps).toFixed(2)} (target >= 0.2), p99 ${c.p99} ms (target < 50)`,
  );
