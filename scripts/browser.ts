/**
 * Finds a Chromium to drive, never downloading one: CHROME_PATH, else Playwright's own
 * installed browser, else Debian's /usr/bin/chromium (which scripts/system-packages.ts
 * installs). Tests, Lighthouse and benchmarks all call this.
 */
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

/** The Chromium to drive, or undefined when there is none. */
export function chromiumPath(): string | undefined {
  const fromEnv = process.env.CHROME_PATH;
  if (fromEnv) return fs.existsSync(fromEnv) ? fromEnv : undefined;
  const debian = "/usr/bin/chromium";
  return playwrightBrowser() ?? (fs.existsSync(debian) ? debian : undefined);
}

export function findChromium(): string {
  const found = chromiumPath();
  if (found) return found;
  const fromEnv = process.env.CHROME_PATH;
  if (fromEnv) throw new Error(`CHROME_PATH is set to ${fromEnv}, which does not exist.`);
  throw new Error(
    "No Chromium found. `npx tsx scripts/system-packages.ts` installs one (as root with apt-get) or prints the command; or set CHROME_PATH to a Chrome or Chromium binary.",
  );
}
