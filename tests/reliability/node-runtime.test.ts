import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { supportedNodeMajor } from "../../server/node-version";
import { systemPath } from "../../server/test-support/system-path";
import { freePort } from "./helpers";

/**
 * The commands an operator types, run from a shell whose PATH has only the system's Node (20 on
 * the project's machines): each must run the server on the Node the install brings. The server
 * logs the version it runs on; the test prints it and asserts its major.
 */
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "node-runtime-"));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

/** Starts `npm <args>` in its own process group, returns the Node version the server logged. */
async function serverNodeVersion(args: string[]): Promise<string> {
  const port = await freePort();
  const child = spawn("npm", args, {
    env: { ...process.env, PATH: systemPath(), PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: "info" },
    stdio: ["ignore", "pipe", "inherit"],
    detached: true,
  });
  try {
    return await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`npm ${args.join(" ")}: no start-up line in 60 s`)), 60_000);
      let buffered = "";
      child.stdout!.on("data", (chunk: Buffer) => {
        buffered += chunk.toString("utf8");
        const line = buffered.split("\n").find((l) => l.includes('"running on Node.js"'));
        if (line) {
          clearTimeout(timer);
          resolve(JSON.parse(line).node);
        }
      });
      child.once("exit", (code) => {
        clearTimeout(timer);
        reject(new Error(`npm ${args.join(" ")} exited with ${code} before the server started`));
      });
    });
  } finally {
    const exited = new Promise((r) => child.once("exit", r));
    if (child.exitCode === null) process.kill(-child.pid!, "SIGTERM");
    await exited;
  }
}

describe(`Node ${supportedNodeMajor} under every way of starting`, () => {
  it.each(["start", "run serve"])("npm %s runs the server on Node 24", async (command) => {
    const args = command.split(" ");
    const version = await serverNodeVersion(args);
    console.log(`npm ${args.join(" ")}: server on Node.js ${version}`);
    expect(Number(version.split(".")[0])).toBe(supportedNodeMajor);
  });

  it("npm exec node, as the CI script uses it, is Node 24", () => {
    const run = spawnSync("npm", ["exec", "--no", "--", "node", "--version"], {
      env: { ...process.env, PATH: systemPath() },
      encoding: "utf8",
    });
    console.log(`npm exec node --version: ${run.stdout.trim()}`);
    expect(run.stdout.trim()).toMatch(new RegExp(`^v${supportedNodeMajor}\\.`));
  });
});
