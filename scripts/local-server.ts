/**
 * The real server on the current build, on a free loopback port with a throwaway data folder:
 * what the benchmarks and the screenshot run look at.
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { collections } from "../app/content/collections";
import { pages } from "../app/site/pages";
import { careerPath } from "../contracts/careers/roles";
import { freePort } from "../server/test-support/ports";

export interface LocalServer {
  base: string;
  dataDir: string;
  stop: () => void;
}

export async function startLocalServer(env: Record<string, string> = {}): Promise<LocalServer> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "altiva-local-"));
  const child = spawn(process.execPath, ["build/server/index.js"], {
    env: { ...process.env, PORT: String(port), HOST: "127.0.0.1", DATA_DIR: dataDir, LOG_LEVEL: "warn", ...env },
    stdio: ["ignore", "inherit", "inherit"],
  });
  const stop = () => {
    child.kill("SIGTERM");
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  const until = Date.now() + 30_000;
  while (Date.now() < until) {
    if (child.exitCode !== null) break;
    try {
      if ((await fetch(`${base}/healthz`)).ok) return { base, dataDir, stop };
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  stop();
  throw new Error(`the server at ${base} did not answer within 30 s`);
}

/**
 * Page-table routes, then per collection one item and one group page (a case study, a category, an
 * insight, a tag) and one role's page (their templates are
 * not in the table; a role's page comes from the database, and the sitemap lists the open ones).
 */
export async function siteRoutes(base: string): Promise<string[]> {
  const sitemap = await (await fetch(`${base}/sitemap.xml`)).text();
  const listed = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1] as string).pathname);
  // Per collection, the first item and the first group page the sitemap lists (a case study, a category, an insight, a tag).
  const samples = collections.flatMap((c) => {
    const group = c.groups?.under;
    const item = listed.find((p) => p.startsWith(c.itemsUnder) && !(group && p.startsWith(group)));
    return [item, group ? listed.find((p) => p.startsWith(group)) : undefined];
  });
  const role = listed.find((p) => p.startsWith(`${careerPath}/`));
  return [...pages.map((p) => p.path), ...[...samples, role].filter((p): p is string => Boolean(p))];
}

/** The pages the server renders per request (decision 055): the careers list and its first open role's page. */
export async function servedRoutes(base: string): Promise<string[]> {
  const sitemap = await (await fetch(`${base}/sitemap.xml`)).text();
  const role = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)]
    .map((m) => new URL(m[1] as string).pathname)
    .find((p) => p.startsWith(`${careerPath}/`));
  if (!role) throw new Error("the sitemap lists no open role: the seeded roles should be open");
  return [careerPath, role];
}
