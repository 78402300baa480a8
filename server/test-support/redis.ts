/** A throwaway Redis (Debian's redis-server) on a free loopback port, without persistence. */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { freePort } from "./ports";

/** Fails loudly when redis-server is missing, never passes by skipping. */
export function assertRedisInstalled(): void {
  if (spawnSync("redis-server", ["--version"]).status !== 0)
    throw new Error(
      "redis-server is not installed: `npx tsx scripts/system-packages.ts` installs it or prints the command",
    );
}

/** A start that loses its port to another socket is retried on a fresh one. */
export async function startRedis(): Promise<{ child: ChildProcess; port: number; stop: () => Promise<void> }> {
  assertRedisInstalled();
  for (let attempt = 1; attempt <= 3; attempt++) {
    const port = await freePort();
    const child = spawn(
      "redis-server",
      ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"],
      { stdio: "ignore" },
    );
    const until = Date.now() + 10_000;
    while (Date.now() < until && child.exitCode === null) {
      const ping = spawnSync("redis-cli", ["-p", String(port), "ping"], { encoding: "utf8" });
      if (ping.stdout?.trim() === "PONG") {
        const stop = () =>
          new Promise<void>((resolve) => {
            if (child.exitCode !== null || child.signalCode !== null) return resolve();
            child.once("exit", () => resolve());
            child.kill("SIGTERM");
          });
        return { child, port, stop };
      }
      await new Promise((r) => setTimeout(r, 100));
    }
    child.kill("SIGKILL");
  }
  throw new Error("redis-server did not start");
}
