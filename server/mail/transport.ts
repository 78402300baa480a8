import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import nodemailer from "nodemailer";

export interface OutgoingMail {
  from: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  replyTo?: string;
  messageId: string;
  attachments?: { filename: string; content: Buffer }[];
}

export interface MailTransport {
  send(mail: OutgoingMail): Promise<void>;
  close(): void;
}

/**
 * SMTP when SMTP_URL is set; otherwise each message is written as an .eml file under
 * DATA_DIR/mail/, so a fresh install loses nothing and any mail client can open it.
 */
export function createTransport(opts: { smtpUrl?: string; dataDir: string }): MailTransport {
  if (opts.smtpUrl) {
    const smtp = nodemailer.createTransport(opts.smtpUrl);
    return {
      async send(mail) {
        await smtp.sendMail(mail);
      },
      close: () => smtp.close(),
    };
  }
  const dir = path.join(opts.dataDir, "mail");
  fs.mkdirSync(dir, { recursive: true });
  const stream = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });
  return {
    async send(mail) {
      const info = await stream.sendMail(mail);
      // Named by the stable Message-ID: a resend after a crash overwrites instead of duplicating.
      const name = crypto.createHash("sha256").update(mail.messageId).digest("hex").slice(0, 24);
      const file = path.join(dir, `${new Date().toISOString().slice(0, 10)}-${name}.eml`);
      // Written and synced on libuv's threads: a synchronous fsync would stall every request.
      const handle = await fs.promises.open(file, "w");
      try {
        await handle.writeFile(info.message as Buffer);
        await handle.sync();
      } finally {
        await handle.close();
      }
    },
    close() {},
  };
}
