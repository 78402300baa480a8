/**
 * `backup` and `restore` through runCli() on SQLite and PostgreSQL, against a real listening
 * server: a backup taken while 20 connections post submissions restores into an empty data
 * directory (and an empty database) with every submission acknowledged before it began, its
 * mail files and a resume byte-equal, and an audit chain that verifies. The file is 0600 and
 * never replaces another; restore refuses a target that holds data, a newer schema and a damaged
 * backup.
 */
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { PassThrough } from "node:stream";
import { pipeline } from "node:stream/promises";
import zlib from "node:zlib";
import tar from "tar-stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../app";
import { createOutboxWorker } from "../mail/outbox-worker";
import { createTransport } from "../mail/transport";
import { openStorage } from "../db/db";
import { backends, useBackend } from "../test-support/backends";
import { jsonHeaders, pdf, validApplicationFields, validContact } from "../test-support/fixtures";
import { pgBin } from "../test-support/postgres";
import { runCli } from "./index";

const clock = () => new Date("2026-11-27T09:00:00.000Z");

async function cli(env: NodeJS.ProcessEnv, argv: string[], now = clock) {
  let stdout = "";
  const out = new PassThrough();
  out.on("data", (d: Buffer) => (stdout += d.toString()));
  const code = await runCli(argv, env, { out, err: new PassThrough(), now });
  return { code, stdout };
}

/** Rewrites a backup, letting `edit` change the manifest or a member's bytes. */
async function repack(from: string, to: string, edit: (name: string, body: Buffer) => Buffer) {
  const extract = tar.extract();
  const pack = tar.pack();
  extract.on("entry", (header, stream, next) => {
    const chunks: Buffer[] = [];
    stream.on("data", (c) => chunks.push(c as Buffer));
    stream.on("end", () => {
      const body = edit(header.name, Buffer.concat(chunks));
      pack.entry({ ...header, size: body.length }, body, next);
    });
  });
  extract.on("finish", () => pack.finalize());
  await Promise.all([
    pipeline(fs.createReadStream(from), zlib.createGunzip(), extract),
    pipeline(pack, zlib.createGzip(), fs.createWriteStream(to)),
  ]);
}

/** A PDF whose filler carries random letters, so byte-equality means this very file. */
function distinctPdf(): Buffer {
  const bytes = pdf(6000);
  const letters = crypto.randomBytes(4000).map((b) => 0x61 + (b % 26));
  Buffer.from(letters).copy(bytes, 100);
  return bytes;
}

describe.each(backends)("backup and restore on %s", (backend) => {
  const source = useBackend(backend, { RATE_LIMIT_MAX: "0" });
  const restored = useBackend(backend);
  const outDir = fs.mkdtempSync(path.join(os.tmpdir(), "backup-test-"));
  const file = path.join(outDir, "site.backup");
  const cliEnv = (state: typeof source): NodeJS.ProcessEnv => ({
    DATA_DIR: state.config.dataDir,
    LOG_LEVEL: "silent",
    SITE_URL: "https://www.altivacloud.com",
    PG_BIN: pgBin,
    ...(state.config.databaseUrl ? { DATABASE_URL: state.config.databaseUrl } : {}),
  });
  const resume = distinctPdf();
  let reference = "";
  /** Addresses of the submissions acknowledged (201) before the backup began. */
  let ackedBefore: string[] = [];
  let ackedTotal = 0;
  let mailFiles: Map<string, Buffer>;

  beforeAll(async () => {
    const app = await buildApp(source.config, { serveSite: false });
    const base = await app.listen({ port: 0, host: "127.0.0.1" });
    try {
      const form = new FormData();
      for (const [k, v] of Object.entries(validApplicationFields)) form.append(k, v);
      form.append("resume", new Blob([new Uint8Array(resume)], { type: "application/pdf" }), "cv.pdf");
      const application = await fetch(`${base}/api/job-application/apply`, {
        method: "POST",
        headers: { "x-requested-with": "XMLHttpRequest" },
        body: form,
      });
      expect(application.status).toBe(201);
      reference = ((await application.json()) as { data: string }).data;
      // The file transport writes the notification and confirmation as .eml files in DATA_DIR.
      const worker = createOutboxWorker({
        config: source.config,
        storage: app.storage,
        transport: createTransport({ dataDir: source.config.dataDir }),
      });
      for (let i = 0; i < 10 && (await worker.runOnce()) > 0; i++);
      const mailDir = path.join(source.config.dataDir, "mail");
      mailFiles = new Map(fs.readdirSync(mailDir).map((n) => [n, fs.readFileSync(path.join(mailDir, n))]));

      // 20 connections, each posting enquiries one after another until told to stop.
      const acked: string[] = [];
      let stop = false;
      let sent = 0;
      const connection = async () => {
        while (!stop) {
          const email = `load-${sent++}@example.com`;
          const res = await fetch(`${base}/api/contact-us/create`, {
            method: "POST",
            headers: jsonHeaders,
            body: JSON.stringify({ ...validContact, email }),
          });
          expect(res.status).toBe(201);
          acked.push(email);
        }
      };
      const load = Array.from({ length: 20 }, connection);
      const until = async (n: number) => {
        while (acked.length < n) await new Promise((r) => setTimeout(r, 5));
      };
      await until(40);
      ackedBefore = [...acked];
      const backup = await cli(cliEnv(source), ["backup", "--out", file]);
      expect(backup.code).toBe(0);
      // The load goes on past the backup: what it acknowledges now may or may not be in it.
      await until(acked.length + 20);
      stop = true;
      await Promise.all(load);
      ackedTotal = acked.length;
    } finally {
      await app.close();
    }
  }, 60_000);
  afterAll(() => fs.rmSync(outDir, { recursive: true, force: true }));

  it("writes the backup 0600, with a manifest naming the schema and a checksum of each part", async () => {
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    const names: string[] = [];
    let manifest: { schemaVersion: string; files: { path: string; sha256: string }[] } | undefined;
    const extract = tar.extract();
    extract.on("entry", (header, stream, next) => {
      names.push(header.name);
      const chunks: Buffer[] = [];
      stream.on("data", (c) => chunks.push(c as Buffer));
      stream.on("end", () => {
        if (header.name === "manifest.json") manifest = JSON.parse(Buffer.concat(chunks).toString());
        next();
      });
    });
    await pipeline(fs.createReadStream(file), zlib.createGunzip(), extract);
    expect(names[0]).toBe("manifest.json");
    expect(manifest!.schemaVersion).toMatch(/^\d{3}-/);
    expect(manifest!.files.map((f) => f.path)).toEqual(names.slice(1));
    expect(names).toContain(backend === "sqlite" ? "database/site.db" : "database/postgres.dump");
    expect(names.filter((n) => n.startsWith("data/mail/"))).toHaveLength(mailFiles.size);
  });

  it("never writes over an existing file", async () => {
    const before = fs.readFileSync(file);
    await expect(cli(cliEnv(source), ["backup", "--out", file])).rejects.toThrow(/already exists/);
    expect(fs.readFileSync(file).equals(before)).toBe(true);
    expect(fs.readdirSync(outDir)).toEqual(["site.backup"]);
  });

  it("restores every submission acknowledged before the backup, a resume byte-equal and the mail files", async () => {
    const result = await cli(cliEnv(restored), ["restore", "--from", file]);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain("audit chain ok");
    const storage = await openStorage({ databaseUrl: restored.config.databaseUrl, dataDir: restored.config.dataDir });
    try {
      const emails = (await storage.db.selectFrom("submissions").select("email").execute()).map((r) => r.email);
      expect(ackedBefore.length).toBeGreaterThanOrEqual(40);
      expect(ackedBefore.filter((e) => !emails.includes(e))).toEqual([]);
      // Never more than was acknowledged in all (plus the application).
      expect(emails.length).toBeLessThanOrEqual(ackedTotal + 1);
      const row = await storage.db
        .selectFrom("resumes")
        .innerJoin("submissions", "submissions.id", "resumes.submission_id")
        .select("content")
        .where("reference", "=", reference)
        .executeTakeFirstOrThrow();
      expect(Buffer.from(row.content).equals(resume)).toBe(true);
      const restoredEntry = await storage.db
        .selectFrom("audit_log")
        .selectAll()
        .orderBy("id", "desc")
        .executeTakeFirstOrThrow();
      expect(restoredEntry).toMatchObject({ action: "restore", subject: "site.backup" });
    } finally {
      await storage.close();
    }
    const mailDir = path.join(restored.config.dataDir, "mail");
    for (const [name, bytes] of mailFiles) expect(fs.readFileSync(path.join(mailDir, name)).equals(bytes)).toBe(true);
    expect((await cli(cliEnv(restored), ["audit", "verify"])).code).toBe(0);
  });

  it("refuses to restore into a target that holds data, unless --force", async () => {
    await expect(cli(cliEnv(restored), ["restore", "--from", file])).rejects.toThrow(
      /restore only into an empty target/,
    );
    expect((await cli(cliEnv(restored), ["restore", "--from", file, "--force"])).code).toBe(0);
  });

  it("refuses a backup with a newer schema, and a damaged one, before touching the target", async () => {
    const newer = path.join(outDir, "newer.backup");
    await repack(file, newer, (name, body) => {
      if (name !== "manifest.json") return body;
      return Buffer.from(JSON.stringify({ ...JSON.parse(body.toString()), schemaVersion: "999-from-the-future" }));
    });
    const damaged = path.join(outDir, "damaged.backup");
    await repack(file, damaged, (name, body) => {
      if (!name.startsWith("database/")) return body;
      const copy = Buffer.from(body);
      copy[copy.length - 1] = copy.at(-1)! ^ 0xff;
      return copy;
    });
    const countSubmissions = async () => {
      const storage = await openStorage({ databaseUrl: restored.config.databaseUrl, dataDir: restored.config.dataDir });
      try {
        return (await storage.db.selectFrom("submissions").select("id").execute()).length;
      } finally {
        await storage.close();
      }
    };
    const before = await countSubmissions();
    await expect(cli(cliEnv(restored), ["restore", "--from", newer, "--force"])).rejects.toThrow(
      /schema is 999-from-the-future, newer than this version knows/,
    );
    await expect(cli(cliEnv(restored), ["restore", "--from", damaged, "--force"])).rejects.toThrow(
      /does not match its checksum/,
    );
    expect(await countSubmissions()).toBe(before);
  });

  it("restore --force over the database it replaces erases again what that one erased since the backup", async () => {
    const later = () => new Date("2026-11-27T10:00:00.000Z");
    const [gone, kept] = ackedBefore as [string, string];
    expect((await cli(cliEnv(source), ["erase", "--email", gone], later)).code).toBe(0);
    const result = await cli(cliEnv(source), ["restore", "--from", file, "--force"], later);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain(
      "erased again what the replaced database had erased since the backup: 1 submission(s)",
    );
    const storage = await openStorage({ databaseUrl: source.config.databaseUrl, dataDir: source.config.dataDir });
    try {
      const emails = (await storage.db.selectFrom("submissions").select("email").execute()).map((r) => r.email);
      expect(emails).toContain(kept);
      expect(emails).not.toContain(gone);
      const last = await storage.db.selectFrom("audit_log").selectAll().orderBy("id", "desc").executeTakeFirstOrThrow();
      expect(last).toMatchObject({ action: "erasure", detail: expect.stringMatching(/^again after the restore/) });
    } finally {
      await storage.close();
    }
    expect((await cli(cliEnv(source), ["audit", "verify"])).code).toBe(0);
  });
});
