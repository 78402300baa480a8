/**
 * The staff console's browser tests (tests/console/). WebAuthn refuses IP addresses, so unlike
 * the site's suite these open http://localhost:<port>; the server's SITE_URL is that origin, which
 * makes "localhost" the passkeys' relying party. The tests share one server and one database
 * (they invite people with the CLI against it), so they run one after the other. One test
 * (partners.spec.ts) starts a second server of its own, with a staff role more, on the next port.
 */
import { defineConfig, devices } from "@playwright/test";
import path from "node:path";
import { chromiumArgs, findChromium } from "./scripts/browser";

const port = Number(process.env.E2E_PORT ?? 4173);
export const consoleOrigin = `http://localhost:${port}`;
// Set once by the runner; its workers inherit it, so the tests' CLI calls reach the server's database.
process.env.CONSOLE_E2E_DATA_DIR ??= path.resolve(`data/console-e2e-${port}-${Date.now()}`);
// The server sends its mail to a real SMTP server (tests/console/smtp-sink.ts) on a port derived
// from the suite's own, which writes what it receives here, beside the data folder.
const smtpSinkPort = port + 20_000;
process.env.SMTP_SINK_DIR ??= `${process.env.CONSOLE_E2E_DATA_DIR}-smtp`;

export default defineConfig({
  testDir: "tests/console",
  globalTeardown: "./tests/console/teardown.ts",
  fullyParallel: false,
  workers: 1,
  retries: 0,
  forbidOnly: !!process.env.CI,
  reporter: [["list"]],
  timeout: 60_000,
  use: {
    baseURL: consoleOrigin,
    trace: "retain-on-failure",
    launchOptions: { executablePath: findChromium(), args: chromiumArgs },
  },
  projects: [{ name: "console", use: { ...devices["Desktop Chrome"] } }],
  webServer: [
    {
      command: "tsx tests/console/smtp-sink.ts",
      port: smtpSinkPort,
      reuseExistingServer: false,
      timeout: 30_000,
      env: { SMTP_SINK_PORT: String(smtpSinkPort), SMTP_SINK_DIR: process.env.SMTP_SINK_DIR },
    },
    {
      command: "node build/server/index.js",
      url: `http://127.0.0.1:${port}/healthz`,
      reuseExistingServer: false,
      timeout: 60_000,
      env: {
        PORT: String(port),
        HOST: "127.0.0.1",
        SITE_URL: consoleOrigin,
        DATA_DIR: process.env.CONSOLE_E2E_DATA_DIR,
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
  ],
});
