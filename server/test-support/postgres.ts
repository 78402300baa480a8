/**
 * A throwaway PostgreSQL 15 cluster for tests: initdb in a temp folder, started on a loopback
 * port, removed afterwards. As root the binaries run as the `postgres` user (they refuse root).
 */
import { execFileSync, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";

const bin = process.env.PG_BIN ?? "/usr/lib/postgresql/15/bin";

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

export async function startPostgres(port: number): Promise<PgCluster> {
  const asPostgres = process.getuid?.() === 0;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "pg-test-"));
  const dataDir = path.join(dir, "data");
  if (asPostgres) execFileSync("chown", ["-R", "postgres:postgres", dir]);
  run(
    path.join(bin, "initdb"),
    ["-D", dataDir, "-U", "postgres", "-A", "trust", "--no-sync", "-E", "UTF8"],
    asPostgres,
  );
  run(
    path.join(bin, "pg_ctl"),
    [
      "-D",
      dataDir,
      "-l",
      path.join(dir, "log"),
      "-w",
      "-o",
      `-p ${port} -c listen_addresses=127.0.0.1 -k ${dir} -c fsync=off -c max_connections=200`,
      "start",
    ],
    asPostgres,
  );
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
    stop() {
      try {
        run(path.join(bin, "pg_ctl"), ["-D", dataDir, "-m", "immediate", "-w", "stop"], asPostgres);
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
