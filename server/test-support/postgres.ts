/**
 * A throwaway PostgreSQL 15 cluster for tests: initdb in a temp folder, started on a loopback
 * port, removed afterwards. As root the binaries run as the `postgres` user (they refuse root).
 */
import { execFileSync, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { freePort } from "./ports";

/** Where the PostgreSQL binaries are (Debian's postgresql package on bookworm puts them here). */
export const pgBin = process.env.PG_BIN ?? "/usr/lib/postgresql/15/bin";
const bin = pgBin;

export interface PgCluster {
  port: number;
  /** Creates an empty database and returns its URL. */
  createDatabase(name: string): Promise<string>;
  stop(): void;
}

function run(cmd: string, args: string[], asPostgres: boolean) {
  const full = asPostgres ? ["runuser", ["-u", "postgres", "--", cmd, ...args]] : [cmd, args];
  const result = spawnSync(full[0] as string, full[1] as string[], { encoding: "utf8" });
  if (result.status !== 0) throw new Error(`${cmd} failed: ${result.stderr || result.stdout}`);
}

export function postgresAvailable(): boolean {
  return fs.existsSync(path.join(bin, "initdb"));
}

/**
 * Starts a cluster on a loopback port the OS reports free. Ports can still be taken between that
 * check and the bind (an outgoing connection of a busy test may land on it), so a failed start is
 * retried on a fresh port; the last failure carries the server's own log.
 */
export async function startPostgres({ attempts = 4, maxConnections = 200 } = {}): Promise<PgCluster> {
  const asPostgres = process.getuid?.() === 0;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "pg-test-"));
  const dataDir = path.join(dir, "data");
  const log = path.join(dir, "log");
  if (asPostgres) execFileSync("chown", ["-R", "postgres:postgres", dir]);
  run(
    path.join(bin, "initdb"),
    ["-D", dataDir, "-U", "postgres", "-A", "trust", "--no-sync", "-E", "UTF8"],
    asPostgres,
  );
  let port = 0;
  for (let attempt = 1; ; attempt++) {
    port = await freePort();
    try {
      run(
        path.join(bin, "pg_ctl"),
        [
          "-D",
          dataDir,
          "-l",
          log,
          "-w",
          "-o",
          `-p ${port} -c listen_addresses=127.0.0.1 -k ${dir} -c fsync=off -c max_connections=${maxConnections}`,
          "start",
        ],
        asPostgres,
      );
      break;
    } catch (error) {
      if (attempt >= attempts) {
        const tail = fs.existsSync(log) ? fs.readFileSync(log, "utf8").split("\n").slice(-15).join("\n") : "";
        fs.rmSync(dir, { recursive: true, force: true });
        throw new Error(`${(error as Error).message}\n--- postgres log ---\n${tail}`);
      }
    }
  }
  return {
    ...clusterOn(port),
    stop() {
      try {
        run(path.join(bin, "pg_ctl"), ["-D", dataDir, "-m", "immediate", "-w", "stop"], asPostgres);
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}

/**
 * A cluster already running on this loopback port (the unit suite's shared one,
 * server/test-support/shared-run.ts): databases are created in it; stopping it is its owner's.
 */
export function clusterOn(port: number): PgCluster {
  const admin = `postgres://postgres@127.0.0.1:${port}/postgres`;
  return {
    port,
    async createDatabase(name) {
      const client = new pg.Client({ connectionString: admin });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS "${name}"`);
      await client.query(`CREATE DATABASE "${name}"`);
      await client.end();
      return `postgres://postgres@127.0.0.1:${port}/${name}`;
    },
    stop() {},
  };
}
