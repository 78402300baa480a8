/**
 * `npm audit --omit=dev`: the dependency audit the security policy promises. Three outcomes, each
 * said plainly on the last lines of the output:
 * - scanned, no high or critical finding: exit 0;
 * - scanned, a high or critical finding: exit 1 (blocks the build, so the release);
 * - no scan (the registry has no audit endpoint, as some mirrors answer 405, or npm failed):
 *   a banner saying no vulnerability scan ran; exit 1 when AUDIT_REQUIRED=1 (release builds),
 *   else 0 so everyday CI still runs the tests.
 */
import { spawnSync } from "node:child_process";
import { pathToFileURL } from "node:url";

interface AuditReport {
  error?: { summary?: string; detail?: string };
  message?: string;
  metadata?: { vulnerabilities?: Record<string, number> };
}

export type AuditOutcome =
  { kind: "scanned"; vulnerabilities: Record<string, number>; blocking: number } | { kind: "not-run"; reason: string };

/** Reads npm audit's JSON output (stdout) and its stderr. */
export function auditOutcome(stdout: string, stderr = ""): AuditOutcome {
  let report: AuditReport;
  try {
    report = JSON.parse(stdout) as AuditReport;
  } catch {
    return {
      kind: "not-run",
      reason: `npm audit gave no readable report${stderr ? `: ${stderr.trim().slice(0, 300)}` : ""}`,
    };
  }
  if (report.error || report.message || !report.metadata?.vulnerabilities) {
    return {
      kind: "not-run",
      reason: report.message || report.error?.summary || report.error?.detail || "the audit endpoint answered an error",
    };
  }
  const v = report.metadata.vulnerabilities;
  return { kind: "scanned", vulnerabilities: v, blocking: (v.high ?? 0) + (v.critical ?? 0) };
}

/** The lines to print and the exit code. */
export function auditVerdict(outcome: AuditOutcome, required: boolean): { lines: string[]; code: number } {
  if (outcome.kind === "scanned") {
    const summary = `npm audit (production dependencies): ${JSON.stringify(outcome.vulnerabilities)}`;
    return outcome.blocking > 0
      ? {
          lines: [summary, "High or critical vulnerabilities found: run `npm audit --omit=dev` for details."],
          code: 1,
        }
      : { lines: [summary, "Vulnerability scan ran: no high or critical finding."], code: 0 };
  }
  const rule = "=".repeat(72);
  return {
    lines: [
      rule,
      "NO VULNERABILITY SCAN RAN: the dependencies were NOT checked for known vulnerabilities.",
      `Reason: ${outcome.reason}`,
      required
        ? "AUDIT_REQUIRED=1: failing, as a build that was not scanned must not be released."
        : "This build must not be released (release builds set AUDIT_REQUIRED=1 and fail here).",
      rule,
    ],
    code: required ? 1 : 0,
  };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const run = spawnSync("npm", ["audit", "--omit=dev", "--json"], { encoding: "utf8" });
  const verdict = auditVerdict(auditOutcome(run.stdout, run.stderr), process.env.AUDIT_REQUIRED === "1");
  for (const line of verdict.lines) (verdict.code ? console.error : console.log)(line);
  process.exit(verdict.code);
}
