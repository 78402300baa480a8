/**
 * `npm test`: every check, in the order that fails fastest. Stops at the first failure.
 *
 * Steps in one stage run at the same time: format, lint and typecheck are one process each on two
 * cores and write nothing. The other stages run alone: two browsers on two cores would slow each
 * other more than they save. A stage's steps print their output whole, one
 * after another, once each has finished, so that the log reads as if they had run in turn.
 */
import { spawn, spawnSync } from "node:child_process";
// The project's Node (node_modules/.bin/node, put first by npm), never an older system Node.
import "../server/node-version";

console.log(`Node.js ${process.version} (${process.execPath})`);

type Step = [name: string, command: string];

const stages: Step[][] = [
  // Chromium, Redis, PostgreSQL, nginx, Java: installed when missing (root with apt-get), else stop here with the command.
  [["system packages", "tsx scripts/system-packages.ts"]],
  [
    ["format", "npm run format:check"],
    ["lint", "npm run lint"],
    ["typecheck", "npm run typecheck"],
  ],
  // The unit suite runs before the build, not beside it: some of its fixtures create files in
  // server/ and app/ and delete them again, which makes those folders newer than a build made
  // meanwhile, and `npm start` (tests/reliability/node-runtime.test.ts) would then rebuild.
  [["unit", "npm run test:unit"]],
  [["build", "npm run build"]],
  [["html", "tsx scripts/validate-html.ts"]],
  [["e2e", "npm run test:e2e"]],
  [["console e2e", "npm run test:console"]],
  [["reliability", "npm run test:reliability"]],
];

const seconds = (since: number) => `${((Date.now() - since) / 1000).toFixed(1)} s`;

function fail(name: string): never {
  console.error(`\n✗ ${name} failed`);
  process.exit(1);
}

/** One step with the terminal to itself, so its progress shows as it goes. */
function runAlone([name, command]: Step) {
  const started = Date.now();
  console.log(`\n=== ${name}: ${command}`);
  if (spawnSync(command, { shell: true, stdio: "inherit" }).status !== 0) fail(name);
  console.log(`✓ ${name} (${seconds(started)})`);
}

/** One step among others: its output is kept and printed whole when it ends. */
function runBeside([name, command]: Step): Promise<{ name: string; ok: boolean; output: string; took: string }> {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(command, {
      shell: true,
      stdio: ["ignore", "pipe", "pipe"],
      env: { ...process.env, FORCE_COLOR: process.env.FORCE_COLOR ?? "1" },
    });
    const chunks: Buffer[] = [];
    child.stdout.on("data", (chunk: Buffer) => chunks.push(chunk));
    child.stderr.on("data", (chunk: Buffer) => chunks.push(chunk));
    child.on("close", (code) =>
      resolve({ name, ok: code === 0, output: Buffer.concat(chunks).toString(), took: seconds(started) }),
    );
  });
}

const suiteStarted = Date.now();
for (const stage of stages) {
  const [only] = stage;
  if (only && stage.length === 1) {
    runAlone(only);
    continue;
  }
  console.log(`\n=== at once: ${stage.map(([name]) => name).join(", ")}`);
  const results = await Promise.all(stage.map(runBeside));
  for (const [index, result] of results.entries()) {
    console.log(`\n=== ${result.name}: ${stage[index]?.[1]}`);
    process.stdout.write(result.output);
    console.log(result.ok ? `✓ ${result.name} (${result.took})` : `✗ ${result.name} (${result.took})`);
  }
  const failed = results.find((result) => !result.ok);
  if (failed) fail(failed.name);
}
console.log(`\n✓ every check passed (${seconds(suiteStarted)})`);
