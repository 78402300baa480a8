/** `backup --out FILE`: a hot backup of the database and DATA_DIR's mail files (storage/backup.ts). */
import path from "node:path";
import { BackupError, takeBackup } from "../../db/backup";
import { CliError, command } from "../command";

export default command({
  name: "backup",
  usage: `  backup --out FILE              a consistent copy of the database and DATA_DIR's mail files,
                                 taken while the server runs, to a new file only you may read,
                                 with a manifest (schema version, SHA-256 of each part)
`,
  options: { out: { type: "string" } },
  audited: { backup: "backup" },
  notAudited: {},
  async run({ config, values, io, print, audit }) {
    const out = values.out as string | undefined;
    if (!out) throw new CliError("backup needs --out FILE (a new file).");
    const target = { databaseUrl: config.databaseUrl, dataDir: config.dataDir, pgBin: config.pgBin };
    let manifest;
    try {
      manifest = await takeBackup(target, out, io.now());
    } catch (error) {
      if (error instanceof BackupError) throw new CliError(error.message);
      throw error;
    }
    const mail = manifest.files.filter((f) => f.path.startsWith("data/mail/")).length;
    const what = `${manifest.dialect} (${manifest.method}), schema ${manifest.schemaVersion}, ${mail} mail files`;
    // Recorded after the copy, so the entry can name the checksum that identifies the file.
    await audit("backup", { subject: path.basename(out), detail: `${what}; sha256 ${manifest.checksum}` });
    print(`wrote ${out}: ${what}`);
    print(`checksum ${manifest.checksum}`);
    return 0;
  },
});
