/**
 * The backup file (docs/decisions/050-backup-restore-and-move-to-postgres.md): a gzip-compressed
 * tar (tar-stream) whose first member is manifest.json, naming the schema version and the
 * SHA-256 of every other member, then the database snapshot and DATA_DIR's mail files. Written to
 * a private temporary name and linked to its final name, which fails when that name exists: a
 * backup never replaces a file, and a half-written one never carries the final name.
 */
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import zlib from "node:zlib";
import tar from "tar-stream";
import { z } from "zod";

export const backupFormat = "altiva-backup-1";

/** Where members may live in the archive: anything else is refused when reading. */
const memberPath = /^(database\/(site\.db|postgres\.dump)|data\/mail\/[0-9A-Za-z._-]+\.eml)$/;

const manifestSchema = z.object({
  format: z.literal(backupFormat),
  createdAt: z.string(),
  dialect: z.enum(["sqlite", "postgres"]),
  /** The last migration applied to the database in the backup (storage/migrations.ts). */
  schemaVersion: z.string().min(1),
  /** How the database was copied: "vacuum-into" (SQLite) or "pg_dump" (PostgreSQL). */
  method: z.enum(["vacuum-into", "pg_dump"]),
  files: z.array(z.object({ path: z.string().regex(memberPath), size: z.number().int(), sha256: z.string() })),
  /** SHA-256 over the files list: the one checksum that names the whole backup. */
  checksum: z.string(),
});
export type Manifest = z.infer<typeof manifestSchema>;

export interface Member {
  path: string;
  /** A file on disk whose bytes go into the archive. */
  source: string;
}

function sha256File(file: string): Promise<{ sha256: string; size: number }> {
  return new Promise((resolve, reject) => {
    const hash = crypto.createHash("sha256");
    let size = 0;
    fs.createReadStream(file)
      .on("data", (chunk) => {
        hash.update(chunk);
        size += chunk.length;
      })
      .on("error", reject)
      .on("end", () => resolve({ sha256: hash.digest("hex"), size }));
  });
}

export function filesChecksum(files: Manifest["files"]): string {
  // Arrays in a fixed order: the same spelling however the list's objects were built or parsed.
  const canonical = JSON.stringify(files.map((f) => [f.path, f.size, f.sha256]));
  return crypto.createHash("sha256").update(canonical).digest("hex");
}

/**
 * Writes the archive to `out` (0600), refusing an existing `out`. The members' files must not
 * change while this runs: they are snapshots the caller made for the purpose.
 */
export async function writeBackupArchive(
  out: string,
  meta: Omit<Manifest, "format" | "files" | "checksum">,
  members: Member[],
): Promise<Manifest> {
  if (fs.existsSync(out)) throw new BackupError(`${out} already exists: a backup never replaces a file.`);
  const files: Manifest["files"] = [];
  for (const m of members) files.push({ path: m.path, ...(await sha256File(m.source)) });
  const manifest: Manifest = { format: backupFormat, ...meta, files, checksum: filesChecksum(files) };

  const partial = path.join(path.dirname(out), `.${path.basename(out)}.${process.pid}.partial`);
  try {
    // wx: a new file only, created 0600 (its contents are every person's data); flush: synced
    // to disk before it is closed.
    const file = fs.createWriteStream(partial, { flags: "wx", mode: 0o600, flush: true });
    await new Promise((resolve, reject) => file.once("open", resolve).once("error", reject));
    fs.chmodSync(partial, 0o600);
    const pack = tar.pack();
    // Level 3: most of the bytes are resumes (PDF and DOCX, compressed already), on which a
    // higher level spends time for next to nothing.
    const written = pipeline(pack, zlib.createGzip({ level: 3 }), file);
    const entry = (name: string, size: number, body: NodeJS.ReadableStream | Buffer) =>
      new Promise<void>((resolve, reject) => {
        const header = { name, size, mode: 0o600, mtime: new Date(manifest.createdAt) };
        if (Buffer.isBuffer(body)) return pack.entry(header, body, (e) => (e ? reject(e) : resolve()));
        body.pipe(pack.entry(header, (e) => (e ? reject(e) : resolve())));
      });
    const manifestBytes = Buffer.from(JSON.stringify(manifest, null, 2));
    await entry("manifest.json", manifestBytes.length, manifestBytes);
    for (const [i, m] of members.entries()) await entry(m.path, files[i]!.size, fs.createReadStream(m.source));
    pack.finalize();
    await written;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") fs.rmSync(partial, { force: true });
    throw error;
  }
  try {
    // link() fails with EEXIST instead of replacing: the last guard against a file that
    // appeared at `out` while the archive was written.
    fs.linkSync(partial, out);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "EEXIST")
      throw new BackupError(`${out} already exists: a backup never replaces a file.`);
    throw error;
  } finally {
    fs.rmSync(partial, { force: true });
  }
  return manifest;
}

/** A refusal to read or restore a backup, worded for the operator. */
export class BackupError extends Error {}

/**
 * Reads the archive: checks the manifest with `accept` before any other member is written, then
 * writes each member under `into` (a private folder the caller made) and checks every size and
 * checksum. Nothing in `into` may be used unless this resolves.
 */
export async function readBackupArchive(
  file: string,
  into: string,
  accept: (manifest: Manifest) => void,
): Promise<Manifest> {
  let manifest: Manifest | undefined;
  const seen = new Map<string, { sha256: string; size: number }>();
  const extract = tar.extract();
  extract.on("entry", (header, stream, next) => {
    const fail = (error: Error) => {
      stream.resume();
      extract.destroy(error);
    };
    const chunks: Buffer[] = [];
    if (!manifest) {
      if (header.name !== "manifest.json") return fail(new BackupError("not a backup of this site: no manifest first"));
      stream.on("data", (c) => chunks.push(c as Buffer));
      stream.on("end", () => {
        const parsed = manifestSchema.safeParse(safeJson(Buffer.concat(chunks).toString("utf8")));
        if (!parsed.success) return fail(new BackupError("not a backup of this site: its manifest does not read"));
        if (filesChecksum(parsed.data.files) !== parsed.data.checksum)
          return fail(new BackupError("the manifest's checksum does not match its files list"));
        try {
          accept(parsed.data);
        } catch (error) {
          return fail(error as Error);
        }
        manifest = parsed.data;
        next();
      });
      return;
    }
    const listed = manifest.files.find((f) => f.path === header.name);
    if (!listed || header.type !== "file" || seen.has(header.name))
      return fail(new BackupError(`the backup holds ${header.name}, which its manifest does not list`));
    const target = path.join(into, header.name);
    fs.mkdirSync(path.dirname(target), { recursive: true, mode: 0o700 });
    const hash = crypto.createHash("sha256");
    let size = 0;
    stream.on("data", (c) => {
      hash.update(c as Buffer);
      size += (c as Buffer).length;
    });
    pipeline(stream, fs.createWriteStream(target, { mode: 0o600, flags: "wx" })).then(() => {
      seen.set(header.name, { sha256: hash.digest("hex"), size });
      next();
    }, fail);
  });
  await pipeline(fs.createReadStream(file), zlib.createGunzip(), extract);
  if (!manifest) throw new BackupError("not a backup of this site: it is empty");
  for (const f of manifest.files) {
    const got = seen.get(f.path);
    if (!got) throw new BackupError(`${f.path} is listed in the manifest but missing from the backup`);
    if (got.sha256 !== f.sha256 || got.size !== f.size)
      throw new BackupError(`${f.path} does not match its checksum: the backup is damaged`);
  }
  return manifest;
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
