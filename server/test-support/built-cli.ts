/**
 * The operator CLI compiled once by esbuild, as scripts/build-server.ts compiles it for
 * production (packages external, loaded from node_modules), for tests that run the real CLI as a
 * program many times: `node <file>` starts without compiling the CLI's TypeScript again on every
 * run, as tsx does (terminal-text.test.ts's 8 runs took 3 to 20 s each under tsx, depending on
 * the machine's load). The unit suite runs before `npm run build`, so build/server/cli.js is not
 * there to use.
 */
import { build } from "esbuild";
import fs from "node:fs";
import path from "node:path";

/** Compiles server/cli/index.ts to a file of its own; `remove` deletes it. */
export async function buildCli(): Promise<{ file: string; remove: () => void }> {
  // Inside the project, so that the bundle's package imports resolve from its node_modules.
  const cache = path.resolve("node_modules/.cache");
  fs.mkdirSync(cache, { recursive: true });
  const dir = fs.mkdtempSync(path.join(cache, "cli-test-"));
  const file = path.join(dir, "cli.mjs");
  await build({
    entryPoints: ["server/cli/index.ts"],
    outfile: file,
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node24",
    packages: "external",
    logLevel: "warning",
  });
  return { file, remove: () => fs.rmSync(dir, { recursive: true, force: true }) };
}
