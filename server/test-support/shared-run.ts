/**
 * What the whole unit run shares (vitest.config.ts's globalSetup), each made once instead of once
 * per test file:
 * - one PostgreSQL cluster: a file's own initdb, start and stop took 3 s at a load of 12 on two
 *   cores and 8-9 s at 25, against 0.4-1.6 s for a database in a running cluster, and 67 files
 *   started one (77 starts: a file starts another after its last PostgreSQL suite has stopped one).
 *   Every suite still gets a database of its own (server/test-support/backends.ts); tests that
 *   stop or break a cluster start their own.
 * - one folder for the site build that two files test against (server/test-support/site-build.ts),
 *   built by the first of them to ask.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { postgresAvailable, startPostgres } from "./postgres";
import "./run-context";

export default async function setup(project: TestProject) {
  const siteBuildFolder = fs.mkdtempSync(path.join(os.tmpdir(), "site-build-run-"));
  project.provide("siteBuildFolder", siteBuildFolder);
  // Two files at a time share it, each with its servers' pools (200 was one file's allowance).
  const cluster = postgresAvailable() ? await startPostgres({ maxConnections: 400 }) : undefined;
  project.provide("postgresPort", cluster?.port ?? 0);
  return () => {
    cluster?.stop();
    fs.rmSync(siteBuildFolder, { recursive: true, force: true });
  };
}
