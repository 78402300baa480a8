/**
 * Where the file transport keeps a message: DATA_DIR/mail/<day>-<hash of the Message-ID>.eml.
 * Named by the stable Message-ID, so a resend overwrites instead of duplicating, and erasure finds
 * a submission's files from its outbox rows.
 */
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";

export function mailDir(dataDir: string): string {
  return path.join(dataDir, "mail");
}

export function mailFileKey(messageId: string): string {
  return crypto.createHash("sha256").update(messageId).digest("hex").slice(0, 24);
}

export function mailFileName(messageId: string, day: Date): string {
  return `${day.toISOString().slice(0, 10)}-${mailFileKey(messageId)}.eml`;
}

/** Deletes the files of these messages, whatever day they were written; returns how many. */
export function removeMailFiles(dataDir: string, messageIds: readonly string[]): number {
  const dir = mailDir(dataDir);
  if (messageIds.length === 0 || !fs.existsSync(dir)) return 0;
  const keys = new Set(messageIds.map(mailFileKey));
  let removed = 0;
  for (const name of fs.readdirSync(dir)) {
    const key = /^\d{4}-\d{2}-\d{2}-([0-9a-f]{24})\.eml$/.exec(name)?.[1];
    if (key && keys.has(key)) {
      fs.rmSync(path.join(dir, name), { force: true });
      removed++;
    }
  }
  return removed;
}
