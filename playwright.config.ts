import { defineConfig, devices } from "@playwright/test";
import { chromiumArgs, findChromium } from "./scripts/browser";

const port = Number(process.env.E2E_PORT ?? 4173);
export const baseURL = `http://127.0.0.1:${port}`;

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: true,
  workers: process.env.CI ? 2 : undefined,
  // In CI a test is traced only when it fails: its retry runs with the trace on, and the run still
  // fails when that retry passes (failOnFlakyTests), so the verdict is the one retries 0 gives.
  // Recording every passing test's trace to throw it away cost 11-15% of the test time
  // (docs/testing.md). Elsewhere a failure keeps its first run's trace, as before.
  retries: process.env.CI ? 1 : 0,
  failOnFlakyTests: !!process.env.CI,
  forbidOnly: !!process.env.CI,
  reporter: process.env.CI ? [["list"]] : [["list"]],
  timeout: 30_000,
  use: {
    baseURL,
    trace: process.env.CI ? "on-first-retry" : "retain-on-failure",
    launchOptions: { executablePath: findChromium(), args: chromiumArgs },
  },
  projects: [{ name: "chromium", use: { ...devices["Desktop Chrome"] } }],
  webServer: {
    // The server bundle on the built site, as production runs them; `npm test` builds both first.
    command: "node build/server/index.js",
    url: `${baseURL}/healthz`,
    reuseExistingServer: false,
    timeout: 60_000,
    env: {
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: process.env.E2E_DATA_DIR ?? `./data/e2e-${port}`,
      LOG_LEVEL: "warn",
      // Many tests submit from one address; the limit itself is tested in the server suite.
      RATE_LIMIT_MAX: "0",
    },
  },
});
