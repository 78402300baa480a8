import { defineConfig } from "vitest/config";

/** Load, crash and scale tests: slower, run after the build (they start the real server). */
export default defineConfig({
  test: {
    include: ["tests/reliability/**/*.test.ts"],
    environment: "node",
    testTimeout: 240_000,
    hookTimeout: 60_000,
    fileParallelism: false,
  },
});
