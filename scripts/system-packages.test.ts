import { describe, expect, it } from "vitest";
import { installCommand, plan, systemNeeds, type SystemNeed } from "./system-packages";

const need = (debian: string): SystemNeed => ({ debian, usedBy: `tests using ${debian}`, present: () => false });

describe("system packages", () => {
  it("does nothing when everything is there", () => {
    expect(plan([], true)).toEqual({ action: "none" });
    expect(plan([], false)).toEqual({ action: "none" });
  });

  it("installs what is missing where it may (root with apt-get)", () => {
    expect(plan([need("chromium"), need("redis-server")], true)).toEqual({
      action: "install",
      packages: ["chromium", "redis-server"],
    });
  });

  it("elsewhere stops with what is missing, what uses it and the one command to run", () => {
    const next = plan([need("chromium"), need("default-jre-headless")], false);
    expect(next.action).toBe("stop");
    const message = next.action === "stop" ? next.message : "";
    expect(message).toContain("chromium: tests using chromium");
    expect(message).toContain("default-jre-headless: tests using default-jre-headless");
    expect(message.trim().split("\n").at(-1)?.trim()).toBe(
      "sudo apt-get update && sudo apt-get install -y chromium default-jre-headless",
    );
  });

  it("lists each Debian package once, and finds everything on this machine", () => {
    const names = systemNeeds.map((n) => n.debian);
    expect(new Set(names).size).toBe(names.length);
    expect(names).toEqual(expect.arrayContaining(["chromium", "redis-server", "postgresql", "default-jre-headless"]));
    expect(systemNeeds.filter((n) => !n.present()).map((n) => n.debian)).toEqual([]);
    expect(installCommand(names)).toBe(`sudo apt-get update && sudo apt-get install -y ${names.join(" ")}`);
  });
});
