/**
 * What the test suite needs from the operating system, and the Debian package that brings each:
 * the one list. `npm test` (scripts/test.ts) runs this first, and so does CI through it: as root
 * on a machine with apt-get it installs what is missing; anywhere else it stops at once and prints
 * the one command to run. `npx tsx scripts/system-packages.ts` does the same on its own.
 */
import { execFileSync, spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { pgBin } from "../server/test-support/postgres";
import { chromiumPath } from "./browser";

export interface SystemNeed {
  /** The Debian package. */
  debian: string;
  /** What in the suite uses it. */
  usedBy: string;
  present(): boolean;
}

const runs = (command: string, args: string[]) => spawnSync(command, args, { stdio: "ignore" }).status === 0;

export const systemNeeds: readonly SystemNeed[] = [
  {
    debian: "chromium",
    usedBy: "browser tests, Lighthouse (or set CHROME_PATH)",
    present: () => chromiumPath() !== undefined,
  },
  {
    debian: "redis-server",
    usedBy: "the scale-out test's shared rate limit",
    present: () => runs("redis-server", ["--version"]),
  },
  {
    debian: "postgresql",
    usedBy: "the PostgreSQL storage tests (or set PG_BIN)",
    present: () => fs.existsSync(path.join(pgBin, "initdb")),
  },
  { debian: "default-jre-headless", usedBy: "the HTML checker (vnu.jar)", present: () => runs("java", ["-version"]) },
  {
    debian: "dovecot-imapd",
    usedBy: "the conversation tests' IMAP mailbox (answers read back by e-mail)",
    present: () => fs.existsSync("/usr/sbin/dovecot"),
  },
  {
    debian: "nginx",
    usedBy: "the rolling-restart test's load balancer",
    present: () => fs.existsSync("/usr/sbin/nginx"),
  },
];

export type Plan = { action: "none" } | { action: "install"; packages: string[] } | { action: "stop"; message: string };

/** The shell command that installs the packages, for a person at the prompt. */
export function installCommand(packages: readonly string[]): string {
  return `sudo apt-get update && sudo apt-get install -y ${packages.join(" ")}`;
}

/** What to do about the missing needs: nothing, install (root with apt-get), or stop with the command to run. */
export function plan(missing: readonly SystemNeed[], canInstall: boolean): Plan {
  if (missing.length === 0) return { action: "none" };
  const packages = missing.map((n) => n.debian);
  if (canInstall) return { action: "install", packages };
  const lines = missing.map((n) => `  ${n.debian}: ${n.usedBy}`);
  return {
    action: "stop",
    message: `Missing system packages:\n${lines.join("\n")}\nInstall them, then run the tests again:\n  ${installCommand(packages)}`,
  };
}

/** Installs or reports what is missing; throws (with the command to run) when it cannot install. */
export function ensureSystemPackages(): void {
  const missing = systemNeeds.filter((n) => !n.present());
  const canInstall = process.getuid?.() === 0 && fs.existsSync("/usr/bin/apt-get");
  const next = plan(missing, canInstall);
  if (next.action === "none") return;
  if (next.action === "stop") throw new Error(next.message);
  console.log(`Installing ${next.packages.join(", ")} (apt-get, as root)...`);
  execFileSync("apt-get", ["update", "-qq"], { stdio: "inherit" });
  execFileSync("apt-get", ["install", "-y", "-qq", ...next.packages], {
    stdio: "inherit",
    env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" },
  });
  const still = systemNeeds.filter((n) => !n.present());
  if (still.length > 0) throw new Error(`Still missing after apt-get: ${still.map((n) => n.debian).join(", ")}`);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  try {
    ensureSystemPackages();
  } catch (error) {
    console.error((error as Error).message);
    process.exit(1);
  }
}
