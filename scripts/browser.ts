/**
 * Finds a Chromium to drive, never downloading one: CHROME_PATH, else Playwright's own
 * installed browser, else Debian's /usr/bin/chromium (installed with apt-get when running
 * as root on a Debian-like machine). Tests, Lighthouse and benchmarks all call this.
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import { createRequire } from "node:module";

const require = createRequire(import.meta.url);

/** Flags that keep Chromium quiet and working on a locked-down CI machine. */
export const chromiumArgs = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];

function playwrightBrowser(): string | undefined {
  try {
    // Resolved lazily: playwright-core reports the path of its managed browser even when absent.
    const { chromium } = require("playwright-core") as typeof import("playwright-core");
    const p = chromium.executablePath();
    return p && fs.existsSync(p) ? p : undefined;
  } catch {
    return undefined;
  }
}

export function findChromium(): string {
  const fromEnv = process.env.CHROME_PATH;
  if (fromEnv) {
    if (!fs.existsSync(fromEnv)) throw new Error(`CHROME_PATH is set to ${fromEnv}, which does not exist.`);
    return fromEnv;
  }
  const managed = playwrightBrowser();
  if (managed) return managed;
  const debian = "/usr/bin/chromium";
  if (fs.existsSync(debian)) return debian;
  if (process.getuid?.() === 0 && fs.existsSync("/usr/bin/apt-get")) {
    console.log("No Chromium found: installing Debian's chromium package...");
    execFileSync("apt-get", ["install", "-y", "chromium"], { stdio: "inherit" });
    if (fs.existsSync(debian)) return debian;
  }
  throw new Error(
    "No Chromium found. Install one (Debian/Ubuntu: `sudo apt-get install chromium`) or set CHROME_PATH to a Chrome or Chromium binary.",
  );
}
