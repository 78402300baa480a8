/**
 * Files the CLI writes with personal data (`export --out`, `resume --out`) are its user's only,
 * also when the path names an existing, readable file; a symbolic link is refused, not followed.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { PassThrough } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openStorage, type Storage } from "../db/db";
import { insertSubmission } from "../submissions/submissions";
import { useBackend } from "../test-support/backends";
import { pdf, validApplicationFields } from "../test-support/fixtures";
import { runCli } from "./index";
import { formDefinitions } from "../../contracts/forms/index";

const clock = new Date("2026-11-24T10:00:00.000Z");

describe("CLI output files", () => {
  const env = useBackend("sqlite");
  let storage: Storage;
  let reference = "";
  let cliEnv: NodeJS.ProcessEnv;
  beforeAll(async () => {
    cliEnv = { DATA_DIR: env.config.dataDir, LOG_LEVEL: "silent", SITE_URL: "https://www.altivacloud.com" };
    storage = await openStorage({ dataDir: env.config.dataDir });
    const r = await insertSubmission(
      storage,
      formDefinitions.application,
      { ...validApplicationFields, email: "mode.check@example.com", lastName: "Modecheck" },
      { ip: "192.0.2.1", userAgent: null, spam: false, spamVerdict: null, spamReasons: [], now: clock },
      [],
      { original_name: "cv.pdf", detected_type: "pdf", size: 2048, sha256: "0".repeat(64), content: pdf() },
    );
    reference = r.reference!;
  });
  afterAll(() => storage.close());

  it("an existing world-readable file is narrowed to 0600 before the export or the resume goes in", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "shared-"));
    const csv = path.join(dir, "submissions.csv");
    const resume = path.join(dir, "r.pdf");
    for (const f of [csv, resume]) {
      fs.writeFileSync(f, ""); // left by another local user, or an old file
      fs.chmodSync(f, 0o644);
    }
    const io = { out: new PassThrough(), err: new PassThrough(), now: () => clock };
    expect(await runCli(["export", "--format", "csv", "--out", csv], cliEnv, io)).toBe(0);
    expect(await runCli(["resume", reference, "--out", resume], cliEnv, io)).toBe(0);
    expect([csv, resume].map((f) => fs.statSync(f).mode & 0o777)).toEqual([0o600, 0o600]);
    expect(fs.readFileSync(csv, "utf8")).toContain("mode.check@example.com");
    expect(fs.readFileSync(resume)).toEqual(pdf());
  });

  it("a symbolic link as the output is refused, and what it points to is left alone", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "shared-"));
    const target = path.join(dir, "public.txt");
    fs.writeFileSync(target, "public notes\n");
    const link = path.join(dir, "export.csv");
    fs.symlinkSync(target, link);
    const io = { out: new PassThrough(), err: new PassThrough(), now: () => clock };
    await expect(runCli(["export", "--format", "csv", "--out", link], cliEnv, io)).rejects.toThrow(
      `${link} is a symbolic link: give the path of a file.`,
    );
    await expect(runCli(["resume", reference, "--out", link], cliEnv, io)).rejects.toThrow("is a symbolic link");
    expect(fs.readFileSync(target, "utf8")).toBe("public notes\n");
  });
});
