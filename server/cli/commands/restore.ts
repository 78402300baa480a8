/**
 * `restore --from FILE [--force]`: puts a backup back into the configured database and DATA_DIR
 * (storage/backup.ts), brings it to this version's schema and verifies the audit chain.
 */
import path from "node:path";
import { appendAudit, verifyAuditChain } from "../../console/audit";
import { BackupError, restoreBackup, withExistingDatabase } from "../../db/backup";
import { describeErasure } from "../../retention/erasure";
import { type ErasedSince, eraseAgain, erasedSince } from "../../retention/erasure-replay";
import { openStorage } from "../../db/db";
import { CliError, cliOperator, command } from "../command";

export default command({
  name: "restore",
  usage: `  restore --from FILE [--force]  restores a backup into DATA_DIR (or DATABASE_URL): refuses a
                                 target that holds data unless --force, a damaged backup and a
                                 schema newer than this version; then verifies the audit chain
                                 (exit code 3 when it is broken)
`,
  options: { from: { type: "string" }, force: { type: "boolean" } },
  audited: {},
  notAudited: {},
  database: "own",
  auditedInTarget: { restore: "restore" },
  async run({ config, env, values, io, print }) {
    const from = values.from as string | undefined;
    if (!from) throw new CliError("restore needs --from FILE (a file written by backup).");
    const target = { databaseUrl: config.databaseUrl, dataDir: config.dataDir, pgBin: config.pgBin };
    let manifest;
    let erased: ErasedSince | undefined;
    try {
      manifest = await restoreBackup(target, from, values.force === true, async (m) => {
        // The database being replaced still knows what was erased since the backup.
        erased = await withExistingDatabase(target, (db) => erasedSince(db, m.createdAt));
      });
    } catch (error) {
      if (error instanceof BackupError) throw new CliError(error.message);
      throw error;
    }
    print(
      `restored ${manifest.files.length - 1} mail files and the ${manifest.dialect} database of ${manifest.createdAt}`,
    );
    // Opening runs the migrations: a backup of an older version is brought to this one's schema.
    const storage = await openStorage({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
    const operator = cliOperator(env);
    try {
      const check = await verifyAuditChain(storage.db);
      await appendAudit(
        storage.db,
        {
          operator,
          action: "restore",
          subject: path.basename(from),
          detail: `backup of ${manifest.createdAt}, schema ${manifest.schemaVersion}; sha256 ${manifest.checksum}`,
        },
        io.now(),
      );
      const options = { dataDir: config.dataDir, webhookUrl: config.webhookUrl, reason: "request" as const };
      const again = erased && (await eraseAgain(storage, erased, { ...options, now: io.now() }));
      if (again) {
        const what = describeErasure(again);
        await appendAudit(
          storage.db,
          {
            operator,
            action: "erasure",
            subject: again.references.join(", "),
            detail: `again after the restore: ${what}`,
          },
          io.now(),
        );
        print(`erased again what the replaced database had erased since the backup: ${what}`);
      }
      if (!check.ok) {
        const b = check.broken;
        print(`audit chain broken at entry ${b.id} (${b.at}, ${b.action}): ${b.reason}`);
        return 3;
      }
      print(`audit chain ok, ${check.entries} entries before this restore`);
      if (!erased)
        print(
          "erasures made since the backup are not in it: apply them again (docs/runbook.md, “Erasure and backups”)",
        );
      return 0;
    } finally {
      await storage.close();
    }
  },
});
