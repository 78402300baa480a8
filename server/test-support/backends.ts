/** Runs a suite on SQLite and on a real PostgreSQL: both backends must behave the same. */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, inject } from "vitest";
import { loadConfig, type Config } from "../config";
import { clusterOn, startPostgres, type PgCluster } from "./postgres";
import "./run-context";

export type Backend = "sqlite" | "postgres";
export const backends: Backend[] = ["sqlite", "postgres"];

let cluster: Promise<PgCluster> | undefined;
let users = 0;

/**
 * Gives each suite a fresh database on its backend and a config pointing at it. PostgreSQL is
 * one database per suite, in the run's one cluster (server/test-support/shared-run.ts), or in
 * a cluster of the file's own (on a port the OS reports free) when no run started one.
 */
export function useBackend(backend: Backend, env: Record<string, string> = {}) {
  const state: { config: Config; dataDir: string } = {} as never;
  beforeAll(async () => {
    state.dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "site-test-"));
    const base: Record<string, string> = {
      DATA_DIR: state.dataDir,
      LOG_LEVEL: "silent",
      SITE_URL: "https://www.altivacloud.com",
      // Suites about storage and mail post as scripts do, without the browser's proof of work;
      // server/spam/spam.test.ts turns it back on.
      SPAM_PROOF_REQUIRED: "false",
      ...env,
    };
    if (backend === "postgres") {
      users++;
      const shared = inject("postgresPort");
      cluster ??= shared ? Promise.resolve(clusterOn(shared)) : startPostgres();
      const url = await (await cluster).createDatabase(`t_${Date.now()}_${Math.floor(Math.random() * 1e6)}`);
      base.DATABASE_URL = url;
    }
    state.config = loadConfig(base);
  }, 60_000);
  afterAll(async () => {
    fs.rmSync(state.dataDir, { recursive: true, force: true });
    if (backend === "postgres" && --users === 0 && cluster) {
      (await cluster).stop();
      cluster = undefined;
    }
  });
  return state;
}
