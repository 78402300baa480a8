/**
 * A rolling restart under load (issue 43): 2,000 contact submissions at 20 connections through
 * nginx to two built servers on one PostgreSQL; one instance gets SIGTERM mid-load and is started
 * again. Nothing acknowledged may be lost, no answer may be a 5xx, and no message may be sent twice.
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startPostgres, type PgCluster } from "../../server/test-support/postgres";
import { startSmtp } from "../../server/test-support/smtp";
import { contactBody, freePort, pool, startServer, waitHealthy, xhr } from "./helpers";

const total = 2_000;
const connections = 20;
/** The instance is signalled once this many answers have come back. */
const signalAt = 400;
const nginx = "/usr/sbin/nginx";

/**
 * nginx as a load balancer, in the foreground, with its files in `dir`, configured as
 * docs/operations.md advises. An instance that stopped accepting refuses the connection and nginx
 * tries the other. But a connection still waiting in the listener's queue when the listener
 * closes is reset after nginx sent the request on it (a few per restart under load: the
 * 502s this test first found), and nginx retries a POST only with `non_idempotent`. That is safe
 * with the drain: a request the server has read is always answered, so a reset one was never
 * read. max_fails=0 keeps trying the restarted instance at once.
 */
function startNginx(dir: string, port: number, upstreams: number[]): ChildProcess {
  if (!fs.existsSync(nginx)) {
    throw new Error("nginx is not installed: `npx tsx scripts/system-packages.ts` installs it or prints the command");
  }
  const conf = `
${process.getuid?.() === 0 ? "user root;" : ""}
worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 256; }
http {
  access_log off;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  upstream site { ${upstreams.map((p) => `server 127.0.0.1:${p} max_fails=0;`).join(" ")} }
  server {
    listen 127.0.0.1:${port};
    location / {
      proxy_pass http://site;
      proxy_next_upstream error timeout non_idempotent;
      proxy_set_header X-Forwarded-For $remote_addr;
    }
  }
}`;
  fs.writeFileSync(path.join(dir, "nginx.conf"), conf);
  const check = spawnSync(nginx, ["-t", "-p", dir, "-c", path.join(dir, "nginx.conf")], { encoding: "utf8" });
  if (check.status !== 0) throw new Error(`nginx -t: ${check.stderr}`);
  return spawn(nginx, ["-p", dir, "-c", path.join(dir, "nginx.conf"), "-g", "daemon off;"], { stdio: "inherit" });
}

function exited(child: ChildProcess): Promise<number | null> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(child.exitCode);
  return new Promise((resolve) => child.once("exit", (code) => resolve(code)));
}

describe("rolling restart of one of two instances behind nginx", () => {
  let cluster: PgCluster;
  let databaseUrl: string;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let dir: string;
  let proxy: ChildProcess;
  let proxyPort: number;
  const ports: number[] = [];
  const servers: ChildProcess[] = [];
  let env: (port: number) => Record<string, string>;

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "rolling-"));
    cluster = await startPostgres();
    databaseUrl = await cluster.createDatabase("rolling");
    smtp = await startSmtp();
    env = (port) => ({
      PORT: String(port),
      DATABASE_URL: databaseUrl,
      SMTP_URL: smtp.url,
      RATE_LIMIT_MAX: "0",
      // Posts as a script would; the proof of work is tested in server/spam/.
      SPAM_PROOF_REQUIRED: "false",
      CONFIRMATION_EMAILS: "false",
      OUTBOX_POLL_MS: "50",
      DATA_DIR: path.join(dir, `data-${port}`),
    });
    // One at a time: the first runs the migrations on the empty database.
    for (let i = 0; i < 2; i++) {
      const port = await freePort();
      ports.push(port);
      servers.push(startServer(env(port)));
      await waitHealthy(port);
    }
    proxyPort = await freePort();
    proxy = startNginx(dir, proxyPort, ports);
    await waitHealthy(proxyPort);
  }, 90_000);

  afterAll(async () => {
    for (const child of [...servers, proxy]) {
      if (child && child.exitCode === null) child.kill("SIGTERM");
      if (child) await exited(child);
    }
    await smtp?.close();
    cluster?.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it("loses no acknowledged submission, answers no 5xx and sends no message twice", async () => {
    const statuses = new Map<number, number>();
    const acknowledged: string[] = [];
    let answered = 0;
    let restart: Promise<void> | undefined;
    const started = Date.now();

    await pool(
      Array.from({ length: total }, (_, i) => `rolling-${i}`),
      connections,
      async (marker) => {
        const res = await fetch(`http://127.0.0.1:${proxyPort}/api/contact-us/create`, {
          method: "POST",
          headers: { ...xhr, "Content-Type": "application/json" },
          body: contactBody(marker),
        });
        await res.arrayBuffer();
        statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
        if (res.status === 201) acknowledged.push(marker);
        if (++answered === signalAt) {
          // SIGTERM to the first instance while 20 requests are in flight; started again once gone.
          restart = (async () => {
            const old = servers[0]!;
            old.kill("SIGTERM");
            expect(await exited(old)).toBe(0);
            servers[0] = startServer(env(ports[0]!));
            await waitHealthy(ports[0]!);
          })();
        }
      },
    );
    expect(restart).toBeDefined();
    await restart;
    const loadMs = Date.now() - started;

    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      // Every acknowledged submission is stored.
      const { rows } = await client.query<{ message: string }>(
        "select message from submissions where last_name = 'Load'",
      );
      const stored = new Set(rows.map((r) => r.message));
      // A retried request stored twice would show as a row more than the markers.
      expect(rows.length).toBe(stored.size);
      const lost = acknowledged.filter((m) => !stored.has(`marker:${m}`));
      // The team's notification of each goes out once: wait for the outbox to empty.
      const until = Date.now() + 120_000;
      for (;;) {
        const { rows: left } = await client.query<{ n: string }>(
          "select count(*) as n from outbox where status <> 'sent'",
        );
        if (Number(left[0]!.n) === 0 || Date.now() > until) break;
        await new Promise((r) => setTimeout(r, 200));
      }
      const ids = smtp.received.map((m) => m.header("Message-ID"));
      console.log(
        `rolling restart: ${total} posts at ${connections} connections in ${loadMs} ms; answers ${JSON.stringify(Object.fromEntries(statuses))}; ` +
          `stored ${stored.size}, lost ${lost.length}; messages ${ids.length}, distinct ${new Set(ids).size}`,
      );
      expect([...statuses.keys()].filter((s) => s >= 500)).toEqual([]);
      expect(statuses.get(201)).toBe(total);
      expect(lost).toEqual([]);
      expect(stored.size).toBe(total);
      expect(ids.length).toBe(total);
      expect(new Set(ids).size).toBe(total);
    } finally {
      await client.end();
    }
  });
});
