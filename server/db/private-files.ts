/**
 * DATA_DIR holds personal data (the SQLite database, mail files with resumes): only the server's
 * own user may read it. Folders are 0700 and files 0600, also when an older version left them
 * readable to others.
 */
import fs from "node:fs";

export function privateDir(dir: string): void {
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  fs.chmodSync(dir, 0o700);
}

/** Creates `file` empty if missing, then makes it 0600. */
export function privateFile(file: string): void {
  fs.closeSync(fs.openSync(file, "a", 0o600));
  fs.chmodSync(file, 0o600);
}

/** Makes existing files 0600 and leaves missing ones alone. */
export function restrictIfPresent(file: string): void {
  try {
    fs.chmodSync(file, 0o600);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
  }
}
