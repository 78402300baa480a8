/**
 * `npm test`: every check, in the order that fails fastest. Stops at the first failure.
 */
import { execSync } from "node:child_process";
// The project's Node (node_modules/.bin/node, put first by npm), never an older system Node.
import "../server/node-version";

console.log(`Node.js ${process.version} (${process.execPath})`);

const steps: [string, string][] = [
  // Chromium, Redis, PostgreSQL, nginx, Java: installed when missing (root with apt-get), else stop here with the command.
  ["system packages", "tsx scripts/system-packages.ts"],
  ["format", "npm run format:check"],
  ["lint", "npm run lint"],
  ["typecheck", "npm run typecheck"],
  ["unit", "npm run test:unit"],
  ["build", "npm run build"],
  ["html", "tsx scripts/validate-html.ts"],
  ["e2e", "npm run test:e2e"],
  ["console e2e", "npm run test:console"],
  ["reliability", "npm run test:reliability"],
];

for (const [name, command] of steps) {
  const started = Date.now();
  console.log(`\n=== ${name}: ${command}`);
  try {
    execSync(command, { stdio: "inherit" });
  } catch {
    console.error(`\n✗ ${name} failed`);
    process.exit(1);
  }
  console.log(`✓ ${name} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
}
