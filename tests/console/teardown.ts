/**
 * The console suite's databases hold the test people and submissions of one run only: every
 * lane's data folder and mail sink (playwright.console.config.ts) is removed after it.
 */
import fs from "node:fs";
import { consoleLane, consoleLanes } from "../../playwright.console.config";

export default function teardown() {
  if (process.env.KEEP_CONSOLE_E2E_DATA) return;
  for (let lane = 0; lane < consoleLanes; lane++) {
    const { dataDir, smtpSinkDir } = consoleLane(lane);
    for (const dir of [dataDir, smtpSinkDir]) fs.rmSync(dir, { recursive: true, force: true });
  }
}
