/**
 * `npm audit --omit=dev`, failing on any high or critical vulnerability. When the registry
 * offers no audit endpoint (some mirrors do not), it says so plainly instead of passing silently.
 */
import { spawnSync } from "node:child_process";

const run = spawnSync("npm", ["audit", "--omit=dev", "--json"], { encoding: "utf8" });
let report: { error?: { summary?: string }; message?: string; metadata?: { vulnerabilities?: Record<string, number> } };
try {
  report = JSON.parse(run.stdout);
} catch {
  console.error(`npm audit gave no readable report:\n${run.stderr}`);
  process.exit(1);
}
if (report.error || report.message) {
  console.warn(
    `AUDIT NOT RUN: the registry's audit endpoint answered an error (${report.error?.summary || report.message || "no details"}).`,
  );
  process.exit(0);
}
const v = report.metadata?.vulnerabilities ?? {};
console.log(`npm audit (production dependencies): ${JSON.stringify(v)}`);
if ((v.high ?? 0) + (v.critical ?? 0) > 0) {
  console.error("High or critical vulnerabilities found: run `npm audit --omit=dev` for details.");
  process.exit(1);
}
