/**
 * Hot backups and their restore (docs/decisions/050-backup-restore-and-move-to-postgres.md).
 * SQLite: `VACUUM INTO` from a read-only connection, one read transaction, so the copy is one
 * consistent moment while the server keeps writing (WAL readers do not block writers), and it
 * carries no free pages (no leftovers of erased rows). PostgreSQL: pg_dump, whose snapshot is
 * just as consistent and which brings the extensions, the search function and the sequences.
 * The mail files of DATA_DIR/mail go with either.
 */
import SQLite from "better-sqlite3";
import { Kysely, PostgresDialect, SqliteDialect, sql } from "kysely";
import fs from "node:fs";
import path from "node:path";
import pg from "pg";
import { BackupError, type Manifest, type Member, readBackupArchive, writeBackupArchive } from "./backup-archive";
import type { Dialect } from "./db";
import { migrations } from "./migrations/index";
import { pgTool, runPgTool } from "./pg-tools";
import { privateDir } from "./private-files";
import type { Database } from "./schema";

export { BackupError } from "./backup-archive";

export interface BackupTarget {
  databaseUrl?: string;
  dataDir: string;
  /** Folder of pg_dump and pg_restore; else PATH. */
  pgBin?: string;
}

const sqliteFile = (dataDir: string) => path.join(dataDir, "site.db");
const mailFolder = (dataDir: string) => path.join(dataDir, "mail");

/** The migrations this code knows, oldest first. */
export function knownSchemaVersions(dialect: Dialect): string[] {
  return Object.keys(migrations(dialect)).sort();
}

/** The last migration applied to a database (Kysely's own table). */
export async function schemaVersionOf(db: Kysely<unknown>): Promise<string | undefined> {
  const rows = await sql<{ name: string }>`select name from kysely_migration order by name desc limit 1`.execute(db);
  return rows.rows[0]?.name;
}

/** Copies the mail files as they are now; one erased meanwhile is simply not in the backup. */
function snapshotMail(dataDir: string, into: string): Member[] {
  const from = mailFolder(dataDir);
  if (!fs.existsSync(from)) return [];
  fs.mkdirSync(path.join(into, "mail"), { mode: 0o700 });
  const members: Member[] = [];
  for (const name of fs.readdirSync(from).sort()) {
    // The names the file transport writes (mail-files.ts); the manifest accepts no other.
    if (!/^[0-9A-Za-z._-]+\.eml$/.test(name)) continue;
    const copy = path.join(into, "mail", name);
    try {
      fs.copyFileSync(path.join(from, name), copy);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") continue;
      throw error;
    }
    members.push({ path: `data/mail/${name}`, source: copy });
  }
  return members;
}

/**
 * Takes a backup of the running site's database and mail files into `out`, a new file. Returns
 * its manifest. The database copy is taken first: a mail file written after it belongs to a
 * message the restored outbox still holds as unsent, and that message is written again.
 */
export async function takeBackup(target: BackupTarget, out: string, now: Date): Promise<Manifest> {
  if (fs.existsSync(out)) throw new BackupError(`${out} already exists: a backup never replaces a file.`);
  // Next to the backup, so the snapshot is on the disk the operator chose for it (not a tmpfs).
  const work = fs.mkdtempSync(path.join(path.dirname(path.resolve(out)), ".backup-"));
  try {
    let database: Member;
    let schemaVersion: string | undefined;
    let dialect: Dialect;
    if (target.databaseUrl) {
      dialect = "postgres";
      schemaVersion = await withPg(target.databaseUrl, (db) => schemaVersionOf(db));
      database = { path: "database/postgres.dump", source: path.join(work, "postgres.dump") };
      // Custom format (pg_restore reads it), uncompressed because the archive is gzipped once;
      // owners and grants are the target's own; comments left out because COMMENT ON EXTENSION
      // needs a superuser to restore.
      await runPgTool(
        pgTool("pg_dump", target.pgBin),
        [
          "--format=custom",
          "--compress=0",
          "--no-owner",
          "--no-privileges",
          "--no-comments",
          `--file=${database.source}`,
        ],
        target.databaseUrl,
      );
    } else {
      dialect = "sqlite";
      database = { path: "database/site.db", source: path.join(work, "site.db") };
      const live = new SQLite(sqliteFile(target.dataDir), { readonly: true, fileMustExist: true });
      try {
        live.pragma("busy_timeout = 5000");
        live.prepare("vacuum into ?").run(database.source);
      } finally {
        live.close();
      }
      fs.chmodSync(database.source, 0o600);
      const copy = new SQLite(database.source, { readonly: true });
      try {
        const row = copy.prepare("select max(name) as name from kysely_migration").get() as { name: string | null };
        schemaVersion = row.name ?? undefined;
      } finally {
        copy.close();
      }
    }
    if (!schemaVersion) throw new BackupError("the database has no schema yet: start the server once first.");
    const members = [database, ...snapshotMail(target.dataDir, work)];
    const method = dialect === "postgres" ? "pg_dump" : "vacuum-into";
    return await writeBackupArchive(out, { createdAt: now.toISOString(), dialect, schemaVersion, method }, members);
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
}

async function withPg<T>(url: string, work: (db: Kysely<unknown>) => Promise<T>): Promise<T> {
  const db = new Kysely<unknown>({
    dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: url, max: 1 }) }),
  });
  try {
    return await work(db);
  } finally {
    await db.destroy();
  }
}

/** What the target holds now: nothing (restore may go ahead) or what was found. */
export async function targetContents(target: BackupTarget): Promise<string | undefined> {
  if (target.databaseUrl) {
    const tables = await withPg(target.databaseUrl, async (db) => {
      const r = await sql<{ n: string }>`select count(*) as n from pg_tables where schemaname = 'public'`.execute(db);
      return Number(r.rows[0]!.n);
    });
    return tables > 0 ? `the PostgreSQL database has ${tables} tables` : undefined;
  }
  const held = ["site.db", "site.db-wal"].filter((f) => fs.existsSync(path.join(target.dataDir, f)));
  const mail = fs.existsSync(mailFolder(target.dataDir)) ? fs.readdirSync(mailFolder(target.dataDir)).length : 0;
  if (held.length === 0 && mail === 0) return undefined;
  return `${target.dataDir} holds ${[...held, ...(mail ? [`${mail} mail files`] : [])].join(", ")}`;
}

/**
 * Restores `from` into the target. Refuses a target that holds data unless `force`, a backup of
 * the other database kind, and a backup whose schema this code does not know (a newer version
 * made it); every member is checked against the manifest's checksums before anything of the
 * target is touched. The caller then opens the database (migrating an older backup to this
 * version) and verifies the audit chain.
 */
export async function restoreBackup(
  target: BackupTarget,
  from: string,
  force: boolean,
  /** Runs once the backup is verified, before the target is replaced (restore --force reads it). */
  beforeReplace?: (manifest: Manifest) => Promise<void>,
): Promise<Manifest> {
  const dialect: Dialect = target.databaseUrl ? "postgres" : "sqlite";
  const held = await targetContents(target);
  if (held && !force)
    throw new BackupError(`${held}: restore only into an empty target, or add --force to replace it.`);
  if (!fs.existsSync(from)) throw new BackupError(`${from} does not exist.`);
  privateDir(target.dataDir);
  // On the data directory's disk, so the database file can be renamed into place.
  const work = fs.mkdtempSync(path.join(target.dataDir, ".restore-"));
  try {
    let manifest: Manifest;
    try {
      manifest = await readBackupArchive(from, work, (m) => {
        if (m.dialect !== dialect)
          throw new BackupError(
            dialect === "postgres"
              ? "this is a SQLite backup: restore it into a DATA_DIR without DATABASE_URL, then use move-to-postgres."
              : "this is a PostgreSQL backup: set DATABASE_URL to the PostgreSQL database to restore into.",
          );
        const known = knownSchemaVersions(dialect);
        if (!known.includes(m.schemaVersion))
          throw new BackupError(
            `the backup's schema is ${m.schemaVersion}, newer than this version knows (${known.at(-1)}): ` +
              "restore it with the version of the site that made it, or a later one.",
          );
      });
    } catch (error) {
      if (error instanceof BackupError) throw error;
      throw new BackupError(`the backup cannot be read (${(error as Error).message}): it is damaged or not a backup.`);
    }
    await beforeReplace?.(manifest);
    if (dialect === "postgres") await restorePostgres(target, path.join(work, "database/postgres.dump"), force);
    else restoreSqliteFile(target.dataDir, path.join(work, "database/site.db"));
    restoreMail(target.dataDir, path.join(work, "data/mail"));
    return manifest;
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
}

function restoreSqliteFile(dataDir: string, copy: string) {
  for (const extra of ["-wal", "-shm", "-journal"]) fs.rmSync(sqliteFile(dataDir) + extra, { force: true });
  fs.renameSync(copy, sqliteFile(dataDir));
  fs.chmodSync(sqliteFile(dataDir), 0o600);
}

function restoreMail(dataDir: string, from: string) {
  const to = mailFolder(dataDir);
  fs.rmSync(to, { recursive: true, force: true });
  if (!fs.existsSync(from)) return;
  privateDir(to);
  for (const name of fs.readdirSync(from)) fs.renameSync(path.join(from, name), path.join(to, name));
}

async function restorePostgres(target: BackupTarget, dump: string, force: boolean) {
  const url = target.databaseUrl!;
  if (force) {
    // --force replaces everything the site's schema holds; the dump brings the extensions back.
    await withPg(url, async (db) => {
      await sql`drop schema public cascade`.execute(db);
      await sql`create schema public`.execute(db);
    });
  }
  // One transaction: a failure leaves the database as empty as it was.
  await runPgTool(
    pgTool("pg_restore", target.pgBin),
    ["--no-owner", "--no-privileges", "--exit-on-error", "--single-transaction", dump],
    url,
  );
}

/**
 * Reads the target's current database as it is, without migrating it (restore --force, before
 * replacing it); undefined when there is none or it holds no audit log.
 */
export async function withExistingDatabase<T>(
  target: BackupTarget,
  work: (db: Kysely<Database>) => Promise<T>,
): Promise<T | undefined> {
  let db: Kysely<Database>;
  if (target.databaseUrl) {
    db = new Kysely<Database>({
      dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: target.databaseUrl, max: 1 }) }),
    });
  } else {
    if (!fs.existsSync(sqliteFile(target.dataDir))) return undefined;
    const file = new SQLite(sqliteFile(target.dataDir), { readonly: true });
    db = new Kysely<Database>({ dialect: new SqliteDialect({ database: file }) });
  }
  try {
    const tables = await db.introspection.getTables();
    if (!tables.some((t) => t.name === "audit_log")) return undefined;
    return await work(db);
  } finally {
    await db.destroy();
  }
}
