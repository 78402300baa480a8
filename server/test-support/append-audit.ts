/**
 * A separate writer of the audit log, for the chain's concurrency test: opens the database as
 * the server and the CLI do, prints "ready", waits for a line on stdin (so that every writer
 * starts together), appends COUNT entries as fast as it can and prints when it started and ended.
 * Usage: node --import tsx append-audit.ts <writer name> <count>   (DATABASE_URL or DATA_DIR)
 */
import { once } from "node:events";
import { appendAudit } from "../console/audit";
import { openStorage } from "../db/db";

const [writer, count] = process.argv.slice(2);
const storage = await openStorage({ databaseUrl: process.env.DATABASE_URL, dataDir: process.env.DATA_DIR! });
try {
  process.stdout.write("ready\n");
  await once(process.stdin, "data");
  const started = Date.now();
  for (let i = 0; i < Number(count); i++) {
    await appendAudit(storage.db, { operator: writer!, action: "view", subject: `entry ${i}` }, new Date());
  }
  process.stdout.write(`${JSON.stringify({ started, ended: Date.now() })}\n`);
} finally {
  await storage.close();
  process.stdin.destroy();
}
