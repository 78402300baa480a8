/**
 * The layer rules of eslint.config.js (docs/decisions/028-layers-and-retention-policy.md) fail
 * lint: an import cycle, storage importing the console, storage importing the mail worker, and
 * contracts importing server code. Fixture files are written inside the repository, where the
 * project's config and its TypeScript resolver apply to them, and linted with ESLint's Node API.
 */
import { ESLint } from "eslint";
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";

const root = path.resolve(".");
const tag = `layers-fixture-${crypto.randomBytes(4).toString("hex")}`;
const written: string[] = [];

function fixture(relative: string, code: string): string {
  const file = path.join(root, relative);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, code);
  written.push(file);
  return file;
}

async function ruleIds(file: string): Promise<string[]> {
  const eslint = new ESLint({ cwd: root, overrideConfigFile: path.join(root, "eslint.config.js") });
  const [result] = await eslint.lintFiles([file]);
  return result!.messages.map((m) => m.ruleId ?? m.message);
}

afterAll(() => {
  for (const file of written) fs.rmSync(file, { force: true });
  fs.rmSync(path.join(root, "server", tag), { recursive: true, force: true });
});

describe("lint keeps the layers one way", () => {
  it("fails on an import cycle", async () => {
    const a = fixture(`server/${tag}/a.ts`, 'import { b } from "./b";\nexport const a = () => b;\n');
    fixture(`server/${tag}/b.ts`, 'import { a } from "./a";\nexport const b = () => a;\n');
    expect(await ruleIds(a)).toContain("import-x/no-cycle");
  }, 60_000);

  it("passes the same pair without the cycle", async () => {
    const c = fixture(`server/${tag}/c.ts`, 'import { d } from "./d";\nexport const c = () => d;\n');
    fixture(`server/${tag}/d.ts`, "export const d = 1;\n");
    expect(await ruleIds(c)).toEqual([]);
  }, 60_000);

  it("fails on storage importing the console", async () => {
    const file = fixture(
      `server/storage/${tag}.ts`,
      'import { appendAudit } from "../console/audit";\nexport const append = appendAudit;\n',
    );
    expect(await ruleIds(file)).toContain("import-x/no-restricted-paths");
  }, 60_000);

  it("fails on storage importing the mail worker, and allows the outbox's rows", async () => {
    const file = fixture(
      `server/storage/${tag}-mail.ts`,
      'import { createOutboxWorker } from "../mail/outbox-worker";\nexport const worker = createOutboxWorker;\n',
    );
    expect(await ruleIds(file)).toContain("import-x/no-restricted-paths");
    const rows = fixture(
      `server/storage/${tag}-rows.ts`,
      'import { newMessageId } from "../mail/outbox-rows";\nexport const id = newMessageId;\n',
    );
    expect(await ruleIds(rows)).toEqual([]);
  }, 60_000);

  it("fails on contracts importing anything outside contracts/", async () => {
    const file = fixture(
      `contracts/${tag}.ts`,
      'import type { Config } from "../server/config";\nexport type C = Config;\n',
    );
    expect(await ruleIds(file)).toContain("import-x/no-restricted-paths");
  }, 60_000);
});
