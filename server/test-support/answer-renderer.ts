/**
 * The no-JavaScript answer renderer as the build makes it (vite.form-answers.config.ts), built
 * into a folder of its own beside small pages holding one form each (the page around the form is
 * not under test), for server tests of a browser's own form posts.
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll } from "vitest";
import type { FormAnswerRenderer } from "../../contracts/form-answers";
import { rendererFile } from "../forms/answer-pages";

function buildRenderer(root: string): string {
  const client = path.join(root, "client");
  const vite = path.resolve("node_modules/vite/bin/vite.js");
  const build = spawnSync(
    process.execPath,
    [vite, "build", "-c", "vite.form-answers.config.ts", "--outDir", path.dirname(rendererFile(client))],
    // As `npm run build` runs it: vitest's NODE_ENV=test would make a development JSX build.
    { encoding: "utf8", timeout: 120_000, env: { ...process.env, NODE_ENV: "production" } },
  );
  if (build.status !== 0) throw new Error(`renderer build failed: ${build.stderr}`);
  return client;
}

async function writePages(client: string) {
  const { renderer } = (await import(rendererFile(client))) as { renderer: FormAnswerRenderer };
  for (const page of Object.values(renderer.pages)) {
    const dir = path.join(client, page.slice(1));
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(
      path.join(dir, "index.html"),
      `<!doctype html><html><head><title>Form</title></head><body><main><form method="post"></form></main></body></html>`,
    );
  }
}

/**
 * The folder to give loadAnswerPages(): built on first call, once for the whole test file (both
 * backends), and removed after it.
 */
export function useAnswerPagesFolder(): () => Promise<string> {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "answers-"));
  let built: Promise<string> | undefined;
  afterAll(() => fs.rmSync(root, { recursive: true, force: true }));
  return () =>
    (built ??= (async () => {
      const client = buildRenderer(root);
      await writePages(client);
      return client;
    })());
}
