import { availableParallelism } from "node:os";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: {
    alias: {
      "~": fileURLToPath(new URL("./app", import.meta.url)),
      "@contracts": fileURLToPath(new URL("./contracts", import.meta.url)),
    },
  },
  test: {
    include: [
      "app/**/*.test.{ts,tsx}",
      "contracts/**/*.test.ts",
      "server/**/*.test.ts",
      "scripts/**/*.test.ts",
      // The console's component tests: each file asks for happy-dom in its first line, the rest stay on node.
      "console/**/*.test.tsx",
      // pdf.js with the console's options, in node (decision 076).
      "console/**/*.test.ts",
    ],
    environment: "node",
    // One PostgreSQL cluster and one site build for the whole run, not one per file (shared-run.ts).
    globalSetup: ["server/test-support/shared-run.ts"],
    testTimeout: 30_000,
    // Vitest's default is one file at a time per core but one, so one on a 2-core machine. The
    // server suites wait on PostgreSQL, SMTP and Redis more than they compute: two files at a
    // time there took the suite from 313 s to 166 s (`time npx vitest run`, 2 cores).
    maxWorkers: Math.max(2, availableParallelism() - 1),
  },
});
