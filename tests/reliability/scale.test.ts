import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { postgresAvailable, startPostgres, type PgCluster } from "../../server/test-support/postgres";
import { startSmtp } from "../../server/test-support/smtp";
import { contactBody, freePort, startServer, waitHealthy, xhr } from "./helpers";

const limit = 10;
/** Batches of `limit` submissions: the first proves the shared limit, all feed the outbox race. */
const rounds = 10;

/**
 * Redis on loopback without persistence: the shared rate-limit store of both instances. The port
 * is one the OS reports free; a start that loses it to another socket is retried on a fresh one.
 */
async function startRedis(): Promise<{ child: ChildProcess; port: number }> {
  for (let attempt = 1; attempt <= 3; attempt++) {
    const port = await freePort();
    const child = spawn(
      "redis-server",
      ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"],
      { stdio: "ignore" },
    );
    const until = Date.now() + 10_000;
    while (Date.now() < until && child.exitCode === null) {
      const ping = spawnSync("redis-cli", ["-p", String(port), "ping"], { encoding: "utf8" });
      if (ping.stdout?.trim() === "PONG") return { child, port };
      await new Promise((r) => setTimeout(r, 100));
    }
    child.kill("SIGKILL");
  }
  throw new Error("redis-server did not start");
}

function stopped(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((r) => {
    child.once("exit", () => r());
    child.kill("SIGTERM");
  });
}

describe("scale-out: two instances on one PostgreSQL and one Redis", () => {
  let redis: ChildProcess;
  let redisPort: number;
  let cluster: PgCluster;
  let databaseUrl: string;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  const servers: ChildProcess[] = [];
  const ports: number[] = [];

  beforeAll(async () => {
    // A missing redis-server must fail loudly, never pass by skipping: CI installs it.
    if (spawnSync("redis-server", ["--version"]).status !== 0)
      throw new Error(
        "redis-server is not installed: `npx tsx scripts/system-packages.ts` installs it or prints the command",
      );
    if (!postgresAvailable()) throw new Error("PostgreSQL 15 binaries not found");
    const started = await startRedis();
    redis = started.child;
    redisPort = started.port;
    cluster = await startPostgres();
    databaseUrl = await cluster.createDatabase("scale");
    smtp = await startSmtp();
    // Migrations run at start-up: start one instance first so both do not race on an empty schema.
    for (let i = 0; i < 2; i++) {
      const port = await freePort();
      ports.push(port);
      servers.push(
        startServer({
          PORT: String(port),
          DATABASE_URL: databaseUrl,
          REDIS_URL: `redis://127.0.0.1:${redisPort}`,
          RATE_LIMIT_MAX: String(limit),
          RATE_LIMIT_WINDOW: "600000",
          // Posts as a script would; the proof of work is tested in server/spam/.
          SPAM_PROOF_REQUIRED: "false",
          SMTP_URL: smtp.url,
          CONFIRMATION_EMAILS: "false",
          OUTBOX_POLL_MS: "50",
          OUTBOX_BACKOFF_MS: "100",
          DATA_DIR: `/tmp/scale-${port}`,
        }),
      );
      await waitHealthy(port);
    }
  }, 60_000);

  afterAll(async () => {
    await Promise.all(servers.map(stopped));
    await smtp?.close();
    cluster?.stop();
    if (redis) await stopped(redis);
  });

  it("counts the rate limit once across both instances, stores every submission in one database and sends each message once", async () => {
    const statuses: number[][] = [[], []];
    // 3x the limit, alternating instances: per-instance counting would accept 2 x limit.
    for (let i = 0; i < limit * 3; i++) {
      const which = i % 2;
      const res = await fetch(`http://127.0.0.1:${ports[which]}/api/contact-us/create`, {
        method: "POST",
        headers: { ...xhr, "Content-Type": "application/json" },
        body: contactBody(`scale${i}`),
      });
      await res.arrayBuffer();
      statuses[which]!.push(res.status);
    }
    const accepted = statuses.flat().filter((s) => s === 201).length;
    expect(accepted).toBe(limit);
    expect(statuses[0]!.filter((s) => s === 201).length).toBeGreaterThan(0);
    expect(statuses[1]!.filter((s) => s === 201).length).toBeGreaterThan(0);
    expect(statuses.flat().filter((s) => s !== 201 && s !== 429)).toEqual([]);

    // More outbox rows for the two workers to compete over: reset the shared window between
    // batches (FLUSHALL), each batch sent concurrently to both instances.
    let total = accepted;
    for (let round = 1; round < rounds; round++) {
      spawnSync("redis-cli", ["-p", String(redisPort), "flushall"]);
      const answers = await Promise.all(
        Array.from({ length: limit }, async (_, i) => {
          const res = await fetch(`http://127.0.0.1:${ports[i % 2]}/api/contact-us/create`, {
            method: "POST",
            headers: { ...xhr, "Content-Type": "application/json" },
            body: contactBody(`scale-r${round}-${i}`),
          });
          await res.arrayBuffer();
          return res.status;
        }),
      );
      expect(answers.filter((s) => s !== 201)).toEqual([]);
      total += answers.length;
    }

    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      const { rows } = await client.query<{ n: string }>(
        "select count(*) as n from submissions where last_name = 'Load'",
      );
      expect(Number(rows[0]!.n)).toBe(total);
    } finally {
      await client.end();
    }

    // One notification per accepted enquiry; wait for both workers to drain the outbox.
    const until = Date.now() + 30_000;
    while (smtp.received.length < total && Date.now() < until) await new Promise((r) => setTimeout(r, 100));
    await new Promise((r) => setTimeout(r, 1000));
    const ids = smtp.received.map((m) => m.header("Message-ID"));
    console.log(
      `scale-out: ${accepted} accepted of ${limit * 3} under one shared limit; ${total} stored, ${ids.length} messages, ${new Set(ids).size} distinct Message-IDs`,
    );
    expect(ids.length).toBe(total);
    expect(new Set(ids).size).toBe(total);
  });
});
