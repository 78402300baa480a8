import fs from "node:fs";
import path from "node:path";
import nodemailer from "nodemailer";
import { mailDir, mailFileName } from "../outbox/mail-files";
import { privateDir } from "../db/private-files";

export interface OutgoingMail {
  /** An address as MAIL_FROM writes it, or a display name and address (a reply from a person). */
  from: string | { name: string; address: string };
  to: string;
  subject: string;
  text: string;
  html: string;
  replyTo?: string;
  messageId: string;
  /** Threading (issue 27): the Message-ID this one answers, and the thread's Message-IDs. */
  inReplyTo?: string;
  references?: string;
  attachments?: { filename: string; content: Buffer; contentType?: string }[];
}

export interface MailTransport {
  send(mail: OutgoingMail): Promise<void>;
  close(): void;
}

/**
 * SMTP when SMTP_URL is set; otherwise each message is written as an .eml file under
 * DATA_DIR/mail/, so a fresh install loses nothing and any mail client can open it.
 */
export function createTransport(opts: { smtpUrl?: string; dataDir: string; sendTimeoutMs?: number }): MailTransport {
  const limit = opts.sendTimeoutMs ?? 120_000;
  if (opts.smtpUrl) {
    // nodemailer's own defaults (2 min to connect, 10 min of silence) outlive the outbox lease;
    // each phase gets an explicit bound, and the whole conversation is cut off at `limit` by the
    // abort signal, which closes the connection. So one send never outlasts OUTBOX_SEND_TIMEOUT_MS.
    const phase = Math.min(10_000, limit);
    const smtp = nodemailer.createTransport({
      url: opts.smtpUrl,
      connectionTimeout: phase,
      greetingTimeout: phase,
      dnsTimeout: phase,
      socketTimeout: limit,
    });
    return {
      async send(mail) {
        await smtp.sendMail({ ...mail, signal: AbortSignal.timeout(limit) });
      },
      close: () => smtp.close(),
    };
  }
  const dir = mailDir(opts.dataDir);
  privateDir(opts.dataDir);
  privateDir(dir);
  const stream = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });
  return {
    async send(mail) {
      const info = await stream.sendMail(mail);
      // Named by the stable Message-ID: a resend after a crash overwrites instead of duplicating.
      const file = path.join(dir, mailFileName(mail.messageId, new Date()));
      // Written and synced on libuv's threads: a synchronous fsync would stall every request.
      // 0600: the files hold personal data and resumes. The mode applies when the file is
      // created; chmod covers a file left by an older version.
      const handle = await fs.promises.open(file, "w", 0o600);
      try {
        await handle.chmod(0o600);
        await handle.writeFile(info.message as Buffer);
        await handle.sync();
      } finally {
        await handle.close();
      }
    },
    close() {},
  };
}
