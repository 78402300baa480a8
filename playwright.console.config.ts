/**
 * The staff console's browser tests (tests/console/). WebAuthn refuses IP addresses, so unlike
 * the site's suite these open http://localhost:<port>; the server's SITE_URL is that origin, which
 * makes "localhost" the passkeys' relying party.
 *
 * The tests invite people with the CLI against the server's database and read the mail it sent,
 * so the tests of one database run one after the other. There are two "lanes", one per worker:
 * each its own server, database folder and SMTP sink. A worker takes its lane from Playwright's
 * parallel index (TEST_PARALLEL_INDEX, set before this file is read in the worker; two workers
 * running at once never have the same one), so two spec files run at once but never on the same
 * database; a file's tests stay in order in one worker. A lane's server is on the base port plus
 * twice the lane, leaving the port after it to partners.spec.ts, which starts a second server of
 * its own, with a staff role more. One lane took the suite 2 cores' worth of waiting: see
 * docs/quality.md for the figures.
 */
import { defineConfig, devices, type PlaywrightTestConfig } from "@playwright/test";
import path from "node:path";
import { chromiumArgs, findChromium } from "./scripts/browser";

export const consoleLanes = 2;
// Set once by the runner; its workers inherit them, then each worker points E2E_PORT,
// CONSOLE_E2E_DATA_DIR and SMTP_SINK_DIR (what tests/console/ reads) at its own lane below.
const basePort = Number((process.env.CONSOLE_E2E_BASE_PORT ??= process.env.E2E_PORT ?? "4173"));
const runDir = (process.env.CONSOLE_E2E_RUN_DIR ??= path.resolve(`data/console-e2e-${basePort}-${Date.now()}`));

/** Lane i's server port, data folder and mail sink (its SMTP port derived from the server's). */
export function consoleLane(lane: number) {
  const port = basePort + 2 * lane;
  const dataDir = `${runDir}-${lane}`;
  return { port, dataDir, smtpSinkPort: port + 20_000, smtpSinkDir: `${dataDir}-smtp` };
}

const workerLane = process.env.TEST_PARALLEL_INDEX;
if (workerLane !== undefined) {
  const lane = consoleLane(Number(workerLane) % consoleLanes);
  process.env.E2E_PORT = String(lane.port);
  process.env.CONSOLE_E2E_DATA_DIR = lane.dataDir;
  process.env.SMTP_SINK_DIR = lane.smtpSinkDir;
}
const port = Number(process.env.E2E_PORT ?? basePort);
const consoleOrigin = `http://localhost:${port}`;

type WebServer = Exclude<NonNullable<PlaywrightTestConfig["webServer"]>, unknown[]>;

function laneServers(lane: number): WebServer[] {
  const { port, dataDir, smtpSinkPort, smtpSinkDir } = consoleLane(lane);
  return [
    // The server sends its mail to a real SMTP server (tests/console/smtp-sink.ts), which writes
    // what it receives beside the lane's data folder.
    {
      command: "tsx tests/console/smtp-sink.ts",
      port: smtpSinkPort,
      reuseExistingServer: false,
      timeout: 30_000,
      env: { SMTP_SINK_PORT: String(smtpSinkPort), SMTP_SINK_DIR: smtpSinkDir },
    },
    {
      command: "node build/server/index.js",
      url: `http://127.0.0.1:${port}/healthz`,
      reuseExistingServer: false,
      timeout: 60_000,
      env: {
        PORT: String(port),
        HOST: "127.0.0.1",
        SITE_URL: `http://localhost:${port}`,
        DATA_DIR: dataDir,
        LOG_LEVEL: "warn",
        RATE_LIMIT_MAX: "0",
        // The tests' submissions carry a solved proof of work, as the site's forms do, but are sent
        // at once: the time trap is tested in the server suite (server/spam/spam.test.ts).
        SPAM_MIN_SECONDS: "0",
        // Every test signs people in from one address; the sign-in limit is tested in the server suite.
        ADMIN_SIGN_IN_RATE_MAX: "10000",
        SMTP_URL: `smtp://127.0.0.1:${smtpSinkPort}`,
        // Mail is looked for in the sink within a test: the worker looks for work often.
        OUTBOX_POLL_MS: "200",
        // Routing rules' webhooks (routing.spec.ts): a test key, and the test's sink on http://127.0.0.1.
        ROUTING_SECRET_KEY: "UkqdmWX8NhJcMvI5cF30Id8m18d+OzzSYNs05fvvqcs=",
        ROUTING_ALLOW_LOOPBACK_HTTP: "true",
        // Conversations (replies.spec.ts): replies carry reply+<token>@…, answers come by Mailgun's webhook.
        INBOUND_EMAIL: "reply@altivacloud.com",
        INBOUND_MAILGUN_SIGNING_KEY: "console-e2e-mailgun-signing-key",
      },
    },
  ];
}

export default defineConfig({
  testDir: "tests/console",
  globalTeardown: "./tests/console/teardown.ts",
  // Files spread over the lanes; a file's tests run in order, in one worker, on one lane.
  fullyParallel: false,
  workers: consoleLanes,
  // In CI a test is traced only when it fails: its retry runs with the trace on, and the run still
  // fails when that retry passes (failOnFlakyTests), so the verdict is the one retries 0 gives.
  // Recording every passing test's trace to throw it away cost 11-15% of the test time
  // (docs/testing.md). Elsewhere a failure keeps its first run's trace, as before.
  retries: process.env.CI ? 1 : 0,
  failOnFlakyTests: !!process.env.CI,
  forbidOnly: !!process.env.CI,
  reporter: [["list"]],
  timeout: 60_000,
  use: {
    baseURL: consoleOrigin,
    trace: process.env.CI ? "on-first-retry" : "retain-on-failure",
    launchOptions: { executablePath: findChromium(), args: chromiumArgs },
  },
  projects: [{ name: "console", use: { ...devices["Desktop Chrome"] } }],
  webServer: Array.from({ length: consoleLanes }, (_, lane) => laneServers(lane)).flat(),
});
