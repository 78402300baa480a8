/** The console suite's database holds the test people and submissions of one run only: removed after it. */
import fs from "node:fs";

export default function teardown() {
  const dir = process.env.CONSOLE_E2E_DATA_DIR;
  if (dir && !process.env.KEEP_CONSOLE_E2E_DATA) fs.rmSync(dir, { recursive: true, force: true });
  const sink = process.env.SMTP_SINK_DIR;
  if (sink && !process.env.KEEP_CONSOLE_E2E_DATA) fs.rmSync(sink, { recursive: true, force: true });
}
