/**
 * `npx tsx scripts/bench-backup.ts`: how long `backup`, `restore` and `move-to-postgres` take on a
 * site of BENCH_ROWS submissions (default 10,000; every tenth an application with a 100 KB resume
 * of random bytes, which gzip cannot shrink), through runCli() in this process (so without the
 * command line's start-up). SQLite first, then the moved PostgreSQL database (a throwaway cluster,
 * server/test-support/postgres.ts). Prints each step's seconds and the sizes.
 */
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { PassThrough } from "node:stream";
import { formDefinitions } from "../contracts/forms/index";
import { runCli } from "../server/cli/index";
import { openStorage } from "../server/db/db";
import { insertSubmission } from "../server/submissions/submissions";
import { pdf, validApplicationFields, validContact } from "../server/test-support/fixtures";
import { pgBin, startPostgres } from "../server/test-support/postgres";

const rows = Number(process.env.BENCH_ROWS ?? 10_000);
const root = fs.mkdtempSync(path.join(os.tmpdir(), "bench-backup-"));
const base = { LOG_LEVEL: "silent", SITE_URL: "https://www.altivacloud.com", PG_BIN: pgBin };

async function timed(label: string, env: NodeJS.ProcessEnv, argv: string[]) {
  const started = performance.now();
  const code = await runCli(
    argv,
    { ...base, ...env },
    { out: new PassThrough(), err: process.stderr, now: () => new Date() },
  );
  if (code !== 0) throw new Error(`${label} exited ${code}`);
  console.log(`${label.padEnd(20)} ${((performance.now() - started) / 1000).toFixed(2)} s`);
}

const mb = (file: string) => `${(fs.statSync(file).size / 1e6).toFixed(1)} MB`;

const data = path.join(root, "sqlite");
const storage = await openStorage({ dataDir: data });
const notify = [{ channel: "email" as const, purpose: "notify" as const, recipient: "sales@altivacloud.com" }];
for (let i = 0; i < rows; i += 200) {
  await Promise.all(
    Array.from({ length: Math.min(200, rows - i) }, (_, j) => {
      const n = i + j;
      const meta = { ip: "192.0.2.1", userAgent: null, spam: false, now: new Date(Date.UTC(2026, 0, 1) + n * 60_000) };
      if (n % 10 !== 0)
        return insertSubmission(
          storage,
          formDefinitions.contact,
          { ...validContact, email: `c${n}@example.com` },
          meta,
          notify,
        );
      const content = pdf(100_000);
      crypto.randomFillSync(content, 100, 99_000);
      const resume = {
        original_name: "cv.pdf",
        detected_type: "pdf" as const,
        size: content.length,
        sha256: "-",
        content,
      };
      const fields = { ...validApplicationFields, email: `a${n}@example.com` };
      return insertSubmission(storage, formDefinitions.application, fields, meta, notify, resume);
    }),
  );
}
await storage.close();
console.log(`${rows} submissions, SQLite ${mb(path.join(data, "site.db"))}`);

const cluster = await startPostgres();
try {
  const out = (name: string) => path.join(root, name);
  await timed("sqlite backup", { DATA_DIR: data }, ["backup", "--out", out("sqlite.backup")]);
  console.log(`  file ${mb(out("sqlite.backup"))}`);
  await timed("sqlite restore", { DATA_DIR: out("restored") }, ["restore", "--from", out("sqlite.backup")]);
  const moved = await cluster.createDatabase("moved");
  await timed("move-to-postgres", { DATA_DIR: data }, ["move-to-postgres", "--to", moved]);
  const pg = { DATA_DIR: out("pg-data"), DATABASE_URL: moved };
  await timed("postgres backup", pg, ["backup", "--out", out("pg.backup")]);
  console.log(`  file ${mb(out("pg.backup"))}`);
  const again = await cluster.createDatabase("restored");
  await timed("postgres restore", { DATA_DIR: out("pg-data-2"), DATABASE_URL: again }, [
    "restore",
    "--from",
    out("pg.backup"),
  ]);
} finally {
  cluster.stop();
  fs.rmSync(root, { recursive: true, force: true });
}
