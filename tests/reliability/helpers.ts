import { spawn, type ChildProcess } from "node:child_process";
import crypto from "node:crypto";
import { pdf } from "../../server/test-support/fixtures";

export { freePort } from "../../server/test-support/ports";

/** Runs `fn` over `items` with at most `concurrency` in flight. */
export async function pool<T>(items: T[], concurrency: number, fn: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < items.length) await fn(items[next++]!);
    }),
  );
}

export function contactBody(marker: string) {
  return JSON.stringify({
    firstName: marker,
    lastName: "Load",
    email: "load@example.com",
    phone: "4155550142",
    reason: "Load test",
    message: `marker:${marker}`,
    agree: true,
  });
}

/** A job application whose resume is `size` bytes of PDF with random content, and its sha256. */
export function applicationForm(marker: string, size: number) {
  const bytes = Buffer.concat([pdf(64), crypto.randomBytes(size - 64)]);
  const form = new FormData();
  for (const [k, v] of Object.entries({
    firstName: marker,
    lastName: "Load",
    email: "load@example.com",
    phone: "4155550199",
    position: "QA Engineer",
    message: `marker:${marker}`,
    agree: "true",
  }))
    form.append(k, v);
  form.append("resume", new Blob([new Uint8Array(bytes)], { type: "application/pdf" }), "cv.pdf");
  return { form, sha256: crypto.createHash("sha256").update(bytes).digest("hex") };
}

export const xhr = { "X-Requested-With": "XMLHttpRequest" };

export function startServer(env: Record<string, string>): ChildProcess {
  return spawn(process.execPath, ["build/server/index.js"], {
    env: { ...process.env, LOG_LEVEL: "error", ...env },
    stdio: ["ignore", "ignore", "inherit"],
  });
}

export async function waitHealthy(port: number, timeoutMs = 20_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/healthz`)).ok) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`server on ${port} did not become healthy`);
}
