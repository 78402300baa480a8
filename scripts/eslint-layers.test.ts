/**
 * The layer rules of eslint.config.js (docs/decisions/054-server-rooms.md) fail lint: an import
 * cycle, one held by type imports alone too; a route file importing another; mail or the outbox
 * importing the console; the database room importing mail or a domain; a domain importing the
 * console; and contracts importing server code. Fixture files are written inside the repository, where the
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

  it("fails on a cycle held by type imports alone", async () => {
    const e = fixture(`server/${tag}/e.ts`, 'import type { F } from "./f";\nexport type E = { f?: F };\n');
    fixture(`server/${tag}/f.ts`, 'import type { E } from "./e";\nexport type F = { e?: E };\n');
    expect(await ruleIds(e)).toContain("project/no-cycle-with-types");
  }, 60_000);

  it("fails on a route file importing another, and allows its views", async () => {
    const file = fixture(
      `server/console/${tag}-routes.ts`,
      'import { submissionRoutes } from "./submission-routes";\nexport const routes = submissionRoutes;\n',
    );
    expect(await ruleIds(file)).toContain("import-x/no-restricted-paths");
    const views = fixture(
      `server/console/${tag}-views-routes.ts`,
      'import { subjectOf } from "./views/submission-view";\nexport const subject = subjectOf;\n',
    );
    expect(await ruleIds(views)).toEqual([]);
  }, 60_000);

  it("fails on mail or the outbox importing the console", async () => {
    for (const room of ["mail", "outbox"]) {
      const file = fixture(
        `server/${room}/${tag}.ts`,
        'import { appendAudit } from "../console/audit";\nexport const append = appendAudit;\n',
      );
      expect(await ruleIds(file)).toContain("import-x/no-restricted-paths");
    }
  }, 60_000);

  it("fails on the database room importing mail or a domain, and allows its own modules", async () => {
    const mail = fixture(
      `server/db/${tag}-mail.ts`,
      'import { createOutboxWorker } from "../mail/outbox-worker";\nexport const worker = createOutboxWorker;\n',
    );
    expect(await ruleIds(mail)).toContain("import-x/no-restricted-paths");
    const domain = fixture(
      `server/db/${tag}-domain.ts`,
      'import { eraseByEmail } from "../retention/erasure";\nexport const erase = eraseByEmail;\n',
    );
    expect(await ruleIds(domain)).toContain("import-x/no-restricted-paths");
    const own = fixture(
      `server/db/${tag}-own.ts`,
      'import { forUpdate } from "./dialect";\nexport const lock = forUpdate;\n',
    );
    expect(await ruleIds(own)).toEqual([]);
  }, 60_000);

  it("fails on a domain importing the console, and allows the outbox's rows", async () => {
    const file = fixture(
      `server/replies/${tag}.ts`,
      'import { appendAudit } from "../console/audit";\nexport const append = appendAudit;\n',
    );
    expect(await ruleIds(file)).toContain("import-x/no-restricted-paths");
    const rows = fixture(
      `server/replies/${tag}-rows.ts`,
      'import { newMessageId } from "../outbox/outbox-rows";\nexport const id = newMessageId;\n',
    );
    expect(await ruleIds(rows)).toEqual([]);
  }, 60_000);

  it("fails on uploads importing anything else in server/, and allows its own modules", async () => {
    const db = fixture(
      `server/uploads/${tag}-db.ts`,
      'import type { Storage } from "../db/db";\nexport type S = Storage;\n',
    );
    expect(await ruleIds(db)).toContain("import-x/no-restricted-paths");
    const own = fixture(
      `server/uploads/${tag}-own.ts`,
      'import { sniffResume } from "./resume-type";\nexport const sniff = sniffResume;\n',
    );
    expect(await ruleIds(own)).toEqual([]);
  }, 60_000);

  it("fails on the spam defence importing a domain or the console, and allows the outbox's rows", async () => {
    for (const from of ["../submissions/submissions", "../console/audit"]) {
      const file = fixture(
        `server/spam/${tag}-${from.split("/")[1]}.ts`,
        `import * as other from "${from}";\nexport const o = other;\n`,
      );
      expect(await ruleIds(file)).toContain("import-x/no-restricted-paths");
    }
    const rows = fixture(
      `server/spam/${tag}-rows.ts`,
      'import { newMessageId } from "../outbox/outbox-rows";\nexport const id = newMessageId;\n',
    );
    expect(await ruleIds(rows)).toEqual([]);
  }, 60_000);

  it("fails on the forms importing a route or the console, and on mail importing the forms", async () => {
    for (const from of ["../routes/submissions", "../console/audit"]) {
      const file = fixture(
        `server/forms/${tag}-${from.split("/")[1]}.ts`,
        `import * as other from "${from}";\nexport const o = other;\n`,
      );
      expect(await ruleIds(file)).toContain("import-x/no-restricted-paths");
    }
    const mail = fixture(
      `server/mail/${tag}-forms.ts`,
      'import { isBrowserFormPost } from "../forms/navigation";\nexport const browser = isBrowserFormPost;\n',
    );
    expect(await ruleIds(mail)).toContain("import-x/no-restricted-paths");
  }, 60_000);

  it("fails on the exports or the postings importing the console or the careers pages", async () => {
    const exports = fixture(
      `server/exports/${tag}.ts`,
      'import { appendAudit } from "../console/audit";\nexport const append = appendAudit;\n',
    );
    expect(await ruleIds(exports)).toContain("import-x/no-restricted-paths");
    const postings = fixture(
      `server/postings/${tag}.ts`,
      'import { cachedPage } from "../careers/page-cache";\nexport const page = cachedPage;\n',
    );
    expect(await ruleIds(postings)).toContain("import-x/no-restricted-paths");
  }, 60_000);

  it("fails on contracts importing anything outside contracts/", async () => {
    const file = fixture(
      `contracts/${tag}.ts`,
      'import type { Config } from "../server/config";\nexport type C = Config;\n',
    );
    expect(await ruleIds(file)).toContain("import-x/no-restricted-paths");
  }, 60_000);
});
